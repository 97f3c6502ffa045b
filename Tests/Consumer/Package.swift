// swift-tools-version:6.1
import PackageDescription

// A dependent's package, as a new user writes one: our GtkPlaceholder beside a Swift GTK framework
// whose target names are the usual ones (Peers/). `make test` builds it and runs
// `placeholder-consumer` (DependentPackageTests); `ConsumerGluePeek` must NOT build: it reaches for
// the glue our modules keep to themselves.
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
    ],
    swiftLanguageModes: [.v6]
)
