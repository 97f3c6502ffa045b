// swift-tools-version:5.8
import Foundation
import PackageDescription

/// The name SwiftPM passes the main package's modules as `-package-name`: its directory's name,
/// lower-cased, as a C identifier ("My-Pkg.x" → my_pkg_x; this file is Tests/GTK4/Package.swift).
let mainPackageIdentity: String = {
    let directory = URL(fileURLWithPath: Context.packageDirectory).deletingLastPathComponent()
        .deletingLastPathComponent().lastPathComponent.lowercased()
    let identifier = String(directory.map { $0.isLetter && $0.isASCII || $0.isNumber || $0 == "_" ? $0 : "_" })
    return identifier.first?.isNumber == true ? "_" + identifier : identifier
}()

// The GTK 4 widget's tests, as their own package: SwiftPM links all of a package's test targets into
// one binary, and GTK 3 and GTK 4 cannot share a process (GTK 4 aborts when it finds GTK 3's
// symbols). `make test` runs `swift test --package-path Tests/GTK4` after the main suite.
let package = Package(
    name: "GtkPlaceholder4Tests",
    dependencies: [.package(name: "GtkPlaceholder", path: "../..")],
    targets: [
        // The shared pixel helpers and behaviour list (a link to the main package's Tests/Support/Shared).
        .target(name: "PlaceholderTestSupport", dependencies: ["PlaceholderHeapProbe"]),
        // The heap probe for the lifetime tests (a link to the main package's Tests/Support/HeapProbe).
        .target(name: "PlaceholderHeapProbe", cSettings: [.unsafeFlags(["-gdwarf-4"])]),  // valgrind 3.19
        // GObject properties read back (a link to the main package's Tests/Support/GObject), compiled as
        // part of the main package as the suite is.
        .target(
            name: "PlaceholderGObjectTestSupport",
            dependencies: [.product(name: "GtkPlaceholder4", package: "GtkPlaceholder")],
            swiftSettings: [.unsafeFlags(["-package-name", mainPackageIdentity])]),
        .systemLibrary(name: "CGtk4X11", pkgConfig: "gtk4-x11", providers: [.apt(["libgtk-4-dev"])]),
        // DWARF 4: valgrind 3.19 (Debian 12, `make check-memory`) gives up on clang's DWARF 5.
        .target(
            name: "Gtk4TestHelpers", dependencies: [.product(name: "GtkPlaceholder4", package: "GtkPlaceholder")],
            cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .testTarget(
            name: "GtkPlaceholder4Tests",
            dependencies: [
                .product(name: "GtkPlaceholder4", package: "GtkPlaceholder"), "PlaceholderTestSupport", "CGtk4X11",
                "Gtk4TestHelpers", "PlaceholderGObjectTestSupport",
            ],
            // The shared behaviour suite (Tests/PlaceholderBehaviours, linked in) imports GtkPlaceholder4.
            // and, as the main package's own tests do, uses the glue its modules share (`package`): this
            // suite is compiled as part of that package. Tools version 5.8: from 5.9 on SwiftPM passes
            // its own -package-name (this package's), and the last one given wins.
            swiftSettings: [.define("GTK4"), .unsafeFlags(["-package-name", mainPackageIdentity])]),
    ],
    swiftLanguageVersions: [.version("6")]
)
