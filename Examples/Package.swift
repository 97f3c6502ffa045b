// swift-tools-version:6.1
import PackageDescription

// The examples, as a dependent builds them: this package depends on GtkPlaceholder as any app does, so
// they use only its public API and GTK's C API (DependentPackageTests builds them; ReadmeExampleTests
// checks the README's quick starts are MinimalWindow's and MinimalWindow4's code).
// `swift run --package-path Examples minimal-window` (or chat-input, minimal-window-gtk4).
let package = Package(
    name: "GtkPlaceholderExamples",
    dependencies: [.package(name: "GtkPlaceholder", path: "..")],
    targets: [
        .executableTarget(
            name: "minimal-window", dependencies: [.product(name: "GtkPlaceholder", package: "GtkPlaceholder")],
            path: "MinimalWindow"),
        .executableTarget(
            name: "chat-input", dependencies: [.product(name: "GtkPlaceholder", package: "GtkPlaceholder")],
            path: "ChatInput"),
        .executableTarget(
            name: "minimal-window-gtk4", dependencies: [.product(name: "GtkPlaceholder4", package: "GtkPlaceholder")],
            path: "MinimalWindow4"),
    ],
    swiftLanguageModes: [.v6]
)
