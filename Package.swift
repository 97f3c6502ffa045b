// swift-tools-version:6.0
import PackageDescription

let package = Package(
    name: "GtkPlaceholder",
    products: [
        .library(name: "GtkPlaceholder", targets: ["GtkPlaceholder"]),
        .executable(name: "placeholder-demo", targets: ["PlaceholderDemo"]),
    ],
    targets: [
        .systemLibrary(
            name: "CGtk",
            pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]
        ),
        .target(name: "GLibSwift", dependencies: ["CGtk"]),
        .target(name: "GtkPlaceholder", dependencies: ["CGtk", "GLibSwift"]),
        .executableTarget(name: "PlaceholderDemo", dependencies: ["GtkPlaceholder", "GLibSwift"]),
        .testTarget(name: "GLibSwiftTests", dependencies: ["GLibSwift"]),
        .testTarget(name: "GtkPlaceholderTests", dependencies: ["GtkPlaceholder", "GLibSwift"]),
    ],
    swiftLanguageModes: [.v6]
)
