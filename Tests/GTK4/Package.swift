// swift-tools-version:6.1
import PackageDescription

// The GTK 4 widget's tests, as their own package: SwiftPM links all of a package's test targets into
// one binary, and GTK 3 and GTK 4 cannot share a process (GTK 4 aborts when it finds GTK 3's
// symbols). `make test` runs `swift test --package-path Tests/GTK4` after the main suite.
let package = Package(
    name: "GtkPlaceholder4Tests",
    dependencies: [.package(name: "GtkPlaceholder", path: "../..")],
    targets: [
        // The shared pixel helpers and behaviour list (a link to the main package's Sources/PlaceholderTestSupport).
        .target(name: "PlaceholderTestSupport", dependencies: ["PlaceholderHeapProbe"]),
        // The heap probe for the lifetime tests (a link to the main package's Sources/PlaceholderHeapProbe).
        .target(name: "PlaceholderHeapProbe", cSettings: [.unsafeFlags(["-gdwarf-4"])]),  // valgrind 3.19
        // The GObject and GTK 4 glue compiled again for these tests (links to the main package's
        // sources): the library keeps it `package`, invisible to any other package, this one included.
        .target(name: "Gtk4TestGlue", dependencies: [.product(name: "GtkPlaceholder4", package: "GtkPlaceholder")]),
        .systemLibrary(name: "CGtk4X11", pkgConfig: "gtk4-x11", providers: [.apt(["libgtk-4-dev"])]),
        // DWARF 4: valgrind 3.19 (Debian 12, `make check-memory`) gives up on clang's DWARF 5.
        .target(
            name: "Gtk4TestHelpers", dependencies: [.product(name: "GtkPlaceholder4", package: "GtkPlaceholder")],
            cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .testTarget(
            name: "GtkPlaceholder4Tests",
            dependencies: [
                .product(name: "GtkPlaceholder4", package: "GtkPlaceholder"), "PlaceholderTestSupport", "CGtk4X11",
                "Gtk4TestHelpers", "Gtk4TestGlue",
            ],
            // The shared behaviour suite (Tests/PlaceholderBehaviours, linked in) imports GtkPlaceholder4.
            swiftSettings: [.define("GTK4")]),
    ],
    swiftLanguageModes: [.v6]
)
