// swift-tools-version:6.1
import PackageDescription

// A dependent's package, as a new user writes one: our GtkPlaceholder beside a Swift GTK framework
// whose target names are the usual ones (Peers/). `make test` builds it and runs
// `placeholder-consumer` (DependentPackageTests); `ConsumerGluePeek` must NOT build: it reaches for
// the glue our modules keep to themselves; `ConsumerOwnNames` and `ConsumerOwnNames4` must build with
// types of their own named like Xlib's.
let package = Package(
    name: "PlaceholderConsumer",
    dependencies: [
        .package(name: "GtkPlaceholder", path: "../.."),
        .package(name: "GtkFrameworkPeers", path: "Peers"),
    ],
    targets: [
        .executableTarget(
            name: "placeholder-consumer",
            dependencies: [
                .product(name: "GtkPlaceholder", package: "GtkPlaceholder"),
                .product(name: "GtkFrameworkPeers", package: "GtkFrameworkPeers"),
            ]),
        .target(
            name: "ConsumerGluePeek", dependencies: [.product(name: "GtkPlaceholder", package: "GtkPlaceholder")]),
        // Types of its own named like Xlib's, beside each widget's import: must build.
        .target(name: "ConsumerXlibNamedTypes"),
        .target(
            name: "ConsumerOwnNames",
            dependencies: ["ConsumerXlibNamedTypes", .product(name: "GtkPlaceholder", package: "GtkPlaceholder")]),
        .target(
            name: "ConsumerOwnNames4",
            dependencies: ["ConsumerXlibNamedTypes", .product(name: "GtkPlaceholder4", package: "GtkPlaceholder")],
            swiftSettings: [.define("GTK4")]),
    ],
    swiftLanguageModes: [.v6]
)
