// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "GtkPlaceholder",
    products: [
        .library(name: "GtkPlaceholder", targets: ["GtkPlaceholder"]),
        .library(name: "GtkPlaceholder4", targets: ["GtkPlaceholder4"]),
        // The C libraries (`make install` links them self-contained, with SONAME and C symbols only).
        // The app, benches, baselines, galleries and examples are executable targets, not products:
        // `swift run compose-window` here, invisible to a package that depends on this one.
        .library(name: "gtkplaceholder-3.0", type: .dynamic, targets: ["GtkPlaceholderC"]),
        .library(name: "gtkplaceholder-4.0", type: .dynamic, targets: ["GtkPlaceholder4C"]),
    ],
    targets: [
        .systemLibrary(name: "CPlaceholderGtk3", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        // The app's own dependencies: real undo/redo and inline spell checking.
        .systemLibrary(
            name: "CComposeWindowGtkSource", pkgConfig: "gtksourceview-4", providers: [.apt(["libgtksourceview-4-dev"])]
        ),
        .systemLibrary(name: "CComposeWindowGspell", pkgConfig: "gspell-1", providers: [.apt(["libgspell-1-dev"])]),
        .systemLibrary(name: "CPlaceholderGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // The glue both toolkits share (GObject only), then GTK 3's own on top of it.
        .target(name: "PlaceholderGObjectGlue", dependencies: ["CPlaceholderGObject"]),
        .target(name: "PlaceholderGtk3Glue", dependencies: ["CPlaceholderGtk3", "PlaceholderGObjectGlue"]),
        // GTK 4's glue and widget, on the same GObject glue and placeholder core.
        .systemLibrary(name: "CPlaceholderGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "PlaceholderGtk4Glue", dependencies: ["CPlaceholderGtk4", "PlaceholderGObjectGlue"]),
        .target(
            name: "GtkPlaceholder4", dependencies: ["CPlaceholderGtk4", "PlaceholderGtk4Glue", "PlaceholderCore"],
            linkerSettings: [.linkedLibrary("m")]),
        // The placeholder's toolkit-neutral logic (visibility rule, direction, CSS values, the GObject
        // type and its properties), which the GTK 3 and GTK 4 widgets share.
        .systemLibrary(name: "CPlaceholderPango", pkgConfig: "pango", providers: [.apt(["libpango1.0-dev"])]),
        .target(
            name: "PlaceholderCore",
            dependencies: ["CPlaceholderGObject", "CPlaceholderPango", "PlaceholderGObjectGlue"],
            linkerSettings: [.linkedLibrary("m")]),
        // libm for round/floor: nothing else brings it in now that no module links Foundation.
        .target(
            name: "GtkPlaceholder", dependencies: ["CPlaceholderGtk3", "PlaceholderGtk3Glue", "PlaceholderCore"],
            linkerSettings: [.linkedLibrary("m")]),
        // The C API (include/gtkplaceholder.h, one source for both toolkits) over the Swift widget's
        // GObject type, which the TypeExport targets hand to C as placeholder_text_view_get_type().
        .target(name: "GtkPlaceholderTypeExport", dependencies: ["GtkPlaceholder"]),
        .target(name: "GtkPlaceholderC", dependencies: ["CPlaceholderGtk3", "GtkPlaceholderTypeExport"]),
        .target(
            name: "GtkPlaceholder4TypeExport", dependencies: ["GtkPlaceholder4"], swiftSettings: [.define("GTK4")]),
        .target(name: "GtkPlaceholder4C", dependencies: ["CPlaceholderGtk4", "GtkPlaceholder4TypeExport"]),
        // Pure logic of the app (counting, options, drafts): no GTK, tested without a display.
        .systemLibrary(name: "CComposeWindowIntl"),
        .target(name: "ComposeWindowCore", dependencies: ["CComposeWindowIntl"]),
        // Resources/*.ui compiled into the binaries that load them (see Plugins/PlaceholderEmbedFiles).
        .executableTarget(name: "PlaceholderEmbedFilesTool"),
        .plugin(name: "PlaceholderEmbedFiles", capability: .buildTool(), dependencies: ["PlaceholderEmbedFilesTool"]),
        .executableTarget(
            name: "compose-window",
            dependencies: [
                "GtkPlaceholder", "PlaceholderGtk3Glue", "ComposeWindowCore", "CComposeWindowGtkSource",
                "CComposeWindowGspell",
            ],
            path: "Sources/ComposeWindow", exclude: ["embedded-files.txt"], plugins: ["PlaceholderEmbedFiles"]),
        // The five seed designs and what none of them handled, each from a .ui file.
        .executableTarget(
            name: "placeholder-gallery", dependencies: ["GtkPlaceholder"], path: "Sources/PlaceholderGallery",
            exclude: ["embedded-files.txt"],
            plugins: ["PlaceholderEmbedFiles"]),
        // The same designs for GTK 4 (the .ui files converted by gtk4-builder-tool at build time).
        .executableTarget(
            name: "placeholder-gallery-gtk4", dependencies: ["GtkPlaceholder4"], path: "Sources/PlaceholderGallery4",
            exclude: ["embedded-files.txt"],
            plugins: ["PlaceholderEmbedFiles"]),
        // `make bench`: PlaceholderTextView against a bare GtkTextView, and compose-window against
        // bare-window-c (GTK alone) and bare-window-swift (the Swift floor), driven through PlaceholderXProbe.
        // Test- and bench-only GTK helpers (draining the main loop, waiting for and rendering frames):
        // never in a library users link.
        .target(name: "PlaceholderGtk3TestSupport", dependencies: ["CPlaceholderGtk3", "PlaceholderGtk3Glue"]),
        .executableTarget(
            name: "placeholder-bench",
            dependencies: [
                "GtkPlaceholder", "CPlaceholderGtk3", "ComposeWindowCore", "PlaceholderXProbe",
                "PlaceholderGtk3TestSupport",
            ],
            path: "Sources/PlaceholderBench",
            linkerSettings: [.linkedLibrary("X11")]),
        // `make bench`'s GTK 4 part: its own binary (GTK 3 and GTK 4 cannot share a process).
        .executableTarget(
            name: "placeholder-bench-gtk4", dependencies: ["GtkPlaceholder4"], path: "Sources/PlaceholderBench4"),
        .target(
            name: "PlaceholderXProbe",
            // DWARF 4: valgrind 3.19 (Debian 12) gives up on clang's DWARF 5 in a binary that also
            // holds Swift's, and the bench runs placeholder-bench under callgrind.
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [
                .linkedLibrary("X11"), .linkedLibrary("Xtst"), .linkedLibrary("Xdamage"), .linkedLibrary("m"),
            ]),
        .executableTarget(
            name: "bare-window-c", dependencies: ["CPlaceholderGtk3"], path: "Sources/BareWindowC",
            cSettings: [.unsafeFlags(["-gdwarf-4"])],  // valgrind 3.19
            linkerSettings: [.linkedLibrary("gmodule-2.0")]),
        .executableTarget(
            name: "bare-window-swift", dependencies: ["CPlaceholderGtk3"], path: "Sources/BareWindowSwift"),
        // Examples for library users: `swift build --product minimal-window` / `chat-input`.
        .executableTarget(name: "minimal-window", dependencies: ["GtkPlaceholder"], path: "Examples/MinimalWindow"),
        .executableTarget(name: "chat-input", dependencies: ["GtkPlaceholder"], path: "Examples/ChatInput"),
        .executableTarget(
            name: "minimal-window-gtk4", dependencies: ["GtkPlaceholder4"], path: "Examples/MinimalWindow4"),
        .testTarget(name: "PlaceholderGtk3GlueTests", dependencies: ["PlaceholderGtk3Glue"]),
        .testTarget(
            name: "GtkPlaceholderTests",
            dependencies: [
                "GtkPlaceholder", "PlaceholderGtk3Glue", "PlaceholderGtk3TestSupport", "PlaceholderCore",
                "PlaceholderTestSupport",
            ]),
        // Test-only: pixels, ink boxes and the behaviour list both widgets' suites share (the GTK 4
        // suite is its own package, Tests/GTK4: one test binary cannot load GTK 3 and GTK 4).
        .target(name: "PlaceholderTestSupport", dependencies: ["PlaceholderHeapProbe"]),
        // Test-only C: the malloc heap in use (mallinfo2), for the lifetime tests' growth checks.
        .target(name: "PlaceholderHeapProbe", cSettings: [.unsafeFlags(["-gdwarf-4"])]),  // valgrind 3.19
        .testTarget(name: "PlaceholderCoreTests", dependencies: ["PlaceholderCore", "CPlaceholderPango"]),
        .testTarget(name: "ComposeWindowCoreTests", dependencies: ["ComposeWindowCore"], exclude: ["Conformance"]),
        .testTarget(
            name: "ComposeWindowTests", dependencies: ["ComposeWindowCore", "CPlaceholderGtk3"],
            linkerSettings: [.linkedLibrary("X11")]),  // WM_DELETE_WINDOW, as a window manager sends it
    ],
    swiftLanguageModes: [.v6]
)
