// swift-tools-version:6.1
import PackageDescription

// Sections in the order the layers run (docs/architecture.md): C modules, GObject glue, the widget
// (core, GTK 3, GTK 4), the C libraries; then the app, the demos, the benchmarks, the tests' support
// and the build tool. The examples are a dependent package of their own (Examples/Package.swift).
// Target names are the project's own and stay; folders say what each one is for.
// The headers of the libraries compose-window loads on first use (CComposeWindowOnDemand), where
// Debian and Ubuntu keep them on every architecture: their pkg-config files would also link them.
let onDemandHeaderPaths = [
    "/usr/include/libsoup-3.0", "/usr/include/json-glib-1.0", "/usr/include/libsecret-1", "/usr/include/gspell-1",
    "/usr/include/enchant-2", "/usr/include/gstreamer-1.0",
]
let onDemandHeaders = SwiftSetting.unsafeFlags(onDemandHeaderPaths.flatMap { ["-Xcc", "-I\($0)"] })

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
        // MARK: - C modules (Sources/System)
        .systemLibrary(
            name: "CPlaceholderGObject", path: "Sources/System/CPlaceholderGObject", pkgConfig: "gobject-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        .systemLibrary(
            name: "CPlaceholderPango", path: "Sources/System/CPlaceholderPango", pkgConfig: "pango",
            providers: [.apt(["libpango1.0-dev"])]),
        .systemLibrary(
            name: "CPlaceholderGtk3", path: "Sources/System/CPlaceholderGtk3", pkgConfig: "gtk+-3.0",
            providers: [.apt(["libgtk-3-dev"])]),
        .systemLibrary(
            name: "CPlaceholderGtk4", path: "Sources/System/CPlaceholderGtk4", pkgConfig: "gtk4",
            providers: [.apt(["libgtk-4-dev"])]),

        // MARK: - GObject glue (Sources/Glue; package, not public)
        // What both toolkits share (GObject only), then each toolkit's own on top of it. Where unsafe code
        // may live: docs/architecture.md, "Unsafe code" (UnsafeCodeLocationTests keeps it there).
        .target(name: "PlaceholderGObjectGlue", dependencies: ["CPlaceholderGObject"], path: "Sources/Glue/GObject"),
        .target(
            name: "PlaceholderGtk3Glue", dependencies: ["CPlaceholderGtk3", "PlaceholderGObjectGlue"],
            path: "Sources/Glue/Gtk3"),
        .target(
            name: "PlaceholderGtk4Glue", dependencies: ["CPlaceholderGtk4", "PlaceholderGObjectGlue"],
            path: "Sources/Glue/Gtk4"),

        // MARK: - The widget (Sources/Widget)
        // The toolkit-neutral logic (visibility rule, direction, CSS values, the GObject type and its
        // properties); then GTK 3's and GTK 4's widget, each compiling Widget/Shared as its Shared/.
        // libm for round/floor: nothing else brings it in now that no module links Foundation.
        .target(
            name: "PlaceholderCore",
            dependencies: ["CPlaceholderGObject", "CPlaceholderPango", "PlaceholderGObjectGlue"],
            path: "Sources/Widget/Core", linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "GtkPlaceholder", dependencies: ["CPlaceholderGtk3", "PlaceholderGtk3Glue", "PlaceholderCore"],
            path: "Sources/Widget/Gtk3", linkerSettings: [.linkedLibrary("m")]),
        .target(
            name: "GtkPlaceholder4", dependencies: ["CPlaceholderGtk4", "PlaceholderGtk4Glue", "PlaceholderCore"],
            path: "Sources/Widget/Gtk4", linkerSettings: [.linkedLibrary("m")]),

        // MARK: - The C libraries (Sources/CLibrary)
        // The C API (include/gtkplaceholder.h, one source for both toolkits: CLibrary/Gtk4 links to
        // CLibrary/Gtk3's files) over the Swift widget's GObject type, which the TypeExport targets hand to
        // C as placeholder_text_view_get_type().
        .target(
            name: "GtkPlaceholderTypeExport", dependencies: ["GtkPlaceholder"], path: "Sources/CLibrary/TypeExport3"),
        .target(
            name: "GtkPlaceholderC", dependencies: ["CPlaceholderGtk3", "GtkPlaceholderTypeExport"],
            path: "Sources/CLibrary/Gtk3"),
        .target(
            name: "GtkPlaceholder4TypeExport", dependencies: ["GtkPlaceholder4"], path: "Sources/CLibrary/TypeExport4",
            swiftSettings: [.define("GTK4")]),
        .target(
            name: "GtkPlaceholder4C", dependencies: ["CPlaceholderGtk4", "GtkPlaceholder4TypeExport"],
            path: "Sources/CLibrary/Gtk4"),

        // MARK: - compose-window (Sources/ComposeWindow)
        // Its own C modules: real undo/redo, inline spell checking, gettext.
        .systemLibrary(
            name: "CComposeWindowGtkSource", path: "Sources/ComposeWindow/System/CComposeWindowGtkSource",
            pkgConfig: "gtksourceview-4", providers: [.apt(["libgtksourceview-4-dev"])]),
        .systemLibrary(
            name: "CComposeWindowGspell", path: "Sources/ComposeWindow/System/CComposeWindowGspell",
            providers: [.apt(["libgspell-1-dev"])]),
        .systemLibrary(name: "CComposeWindowIntl", path: "Sources/ComposeWindow/System/CComposeWindowIntl"),
        // GLib's Unix signal sources (glib-unix.h), which only the app uses.
        .systemLibrary(
            name: "CComposeWindowUnix", path: "Sources/ComposeWindow/System/CComposeWindowUnix", pkgConfig: "glib-2.0",
            providers: [.apt(["libglib2.0-dev"])]),
        // Posting to the networks (#28): JSON through json-glib.
        .systemLibrary(
            name: "CComposeWindowJson", path: "Sources/ComposeWindow/System/CComposeWindowJson",
            providers: [.apt(["libjson-glib-dev"])]),
        // … and the desktop's keyring through libsecret.
        .systemLibrary(
            name: "CComposeWindowSecret", path: "Sources/ComposeWindow/System/CComposeWindowSecret",
            providers: [.apt(["libsecret-1-dev"])]),
        // … and HTTPS through libsoup 3 (TLS from glib-networking at run time).
        .systemLibrary(
            name: "CComposeWindowSoup", path: "Sources/ComposeWindow/System/CComposeWindowSoup",
            providers: [.apt(["libsoup-3.0-dev"])]),
        // … and libxml2's HTML parser for a link card's page (#53).
        .systemLibrary(
            name: "CComposeWindowXML", path: "Sources/ComposeWindow/System/CComposeWindowXML",
            pkgConfig: "libxml-2.0", providers: [.apt(["libxml2-dev"])]),
        // Its logic (counting, options, drafts): no GTK, tested without a display.
        // GLib's file utilities for the state files (drafts, the outbox): GLib only, no GTK.
        .systemLibrary(
            name: "CComposeWindowFiles", path: "Sources/ComposeWindow/System/CComposeWindowFiles",
            pkgConfig: "glib-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // Images for posts: gdk-pixbuf to decode and encode, gexiv2 to erase metadata (no GTK).
        .systemLibrary(
            name: "CComposeWindowPixbuf", path: "Sources/ComposeWindow/System/CComposeWindowPixbuf",
            pkgConfig: "gdk-pixbuf-2.0", providers: [.apt(["libgdk-pixbuf-2.0-dev"])]),
        .systemLibrary(
            name: "CComposeWindowExiv2", path: "Sources/ComposeWindow/System/CComposeWindowExiv2",
            providers: [.apt(["libgexiv2-dev"])]),
        // Videos and animated GIFs for posts: GStreamer and its pbutils (no GTK).
        .systemLibrary(
            name: "CComposeWindowGStreamer", path: "Sources/ComposeWindow/System/CComposeWindowGStreamer",
            providers: [.apt(["libgstreamer1.0-dev", "libgstreamer-plugins-base1.0-dev"])]),
        // … which five of these modules' functions come from: they load the library on first use, so
        // a start that never posts, reads the keyring, prepares an image or checks spelling never
        // loads it (#51). Their modules above are headers only: pkg-config would link the libraries.
        .target(
            name: "CComposeWindowOnDemand", dependencies: ["CPlaceholderGtk3"],
            path: "Sources/ComposeWindow/System/CComposeWindowOnDemand",
            cSettings: [.unsafeFlags(onDemandHeaderPaths.map { "-I\($0)" } + ["-gdwarf-4"])],  // valgrind 3.19
            linkerSettings: [.linkedLibrary("gmodule-2.0")]),
        .target(
            name: "ComposeWindowCore", dependencies: ["CComposeWindowIntl", "CComposeWindowFiles"],
            path: "Sources/ComposeWindow/Core"),
        // The glue only the app uses (main-loop sources, the clipboard, accelerators, GtkBuilder
        // interfaces, its property setters, GtkSourceView's completion providers): never compiled into a library users link.
        .target(
            name: "ComposeWindowGlue",
            dependencies: [
                "CPlaceholderGtk3", "CComposeWindowUnix", "CComposeWindowGtkSource", "PlaceholderGObjectGlue",
                "PlaceholderGtk3Glue",
            ],
            path: "Sources/ComposeWindow/Glue"),
        // Posting's glue (JSON text for ComposeWindowCore's values, the keyring); only the app will link it.
        .target(
            name: "ComposeWindowPostingGlue",
            dependencies: [
                "CComposeWindowJson", "CComposeWindowSecret", "CComposeWindowSoup", "CComposeWindowPixbuf",
                "CComposeWindowExiv2", "CComposeWindowGStreamer", "CComposeWindowOnDemand", "CComposeWindowXML",
                "ComposeWindowCore",
            ],
            path: "Sources/ComposeWindow/PostingGlue", swiftSettings: [onDemandHeaders]),
        .executableTarget(
            name: "compose-window",
            dependencies: [
                "GtkPlaceholder", "PlaceholderGtk3Glue", "ComposeWindowGlue", "ComposeWindowCore",
                "CComposeWindowGtkSource", "CComposeWindowGspell", "ComposeWindowPostingGlue", "CComposeWindowIntl",
                "CComposeWindowFiles", "CComposeWindowOnDemand",
            ],
            path: "Sources/ComposeWindow/App", exclude: ["embedded-files.txt"], swiftSettings: [onDemandHeaders],
            plugins: ["PlaceholderEmbedFiles"]),

        // MARK: - Demos (Demos; the examples for library users are their own package, Examples/)
        // The five seed designs and what none of them handled, each from a .ui file compiled in by this
        // package's build plugin; the same for GTK 4 (the .ui files converted by gtk4-builder-tool at
        // build time). `swift run placeholder-gallery`; `make screenshots` and GalleryTests use them.
        .executableTarget(
            name: "placeholder-gallery", dependencies: ["GtkPlaceholder", "ComposeWindowGlue"],
            path: "Demos/Gallery",
            exclude: ["embedded-files.txt"], plugins: ["PlaceholderEmbedFiles"]),
        .executableTarget(
            name: "placeholder-gallery-gtk4", dependencies: ["GtkPlaceholder4"], path: "Demos/Gallery4",
            exclude: ["embedded-files.txt"], plugins: ["PlaceholderEmbedFiles"]),

        // MARK: - Benchmarks (Benchmarks; `make bench`, results in Benchmarks/Results)
        // PlaceholderTextView against a bare GtkTextView, and compose-window against bare-window-c (GTK
        // alone) and bare-window-swift (the Swift floor), driven through PlaceholderXProbe.
        .executableTarget(
            name: "placeholder-bench",
            dependencies: [
                "GtkPlaceholder", "CPlaceholderGtk3", "ComposeWindowCore", "PlaceholderXProbe",
                "PlaceholderGtk3TestSupport", "PlaceholderHandRolled3",
            ],
            path: "Benchmarks/Bench", linkerSettings: [.linkedLibrary("X11")]),
        // The GTK 4 part: its own binary (GTK 3 and GTK 4 cannot share a process).
        .executableTarget(
            name: "placeholder-bench-gtk4", dependencies: ["GtkPlaceholder4", "PlaceholderHandRolled4"],
            path: "Benchmarks/Bench4"),
        // The control both benches compare the widget with: the placeholder a C app hand-rolls (a
        // GtkOverlay, a label with the same settings, one "changed" handler), for GTK 3 and GTK 4.
        .target(
            name: "PlaceholderHandRolled3", dependencies: ["CPlaceholderGtk3"], path: "Benchmarks/HandRolled3",
            cSettings: [.unsafeFlags(["-gdwarf-4"])]),  // valgrind 3.19
        .target(
            name: "PlaceholderHandRolled4", dependencies: ["CPlaceholderGtk4"], path: "Benchmarks/HandRolled4",
            cSettings: [.unsafeFlags(["-gdwarf-4"])]),
        .target(
            name: "PlaceholderXProbe", path: "Benchmarks/XProbe",
            // DWARF 4: valgrind 3.19 (Debian 12) gives up on clang's DWARF 5 in a binary that also
            // holds Swift's, and the bench runs placeholder-bench under callgrind.
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [
                .linkedLibrary("X11"), .linkedLibrary("Xtst"), .linkedLibrary("Xdamage"), .linkedLibrary("m"),
            ]),
        .executableTarget(
            name: "bare-window-c", dependencies: ["CPlaceholderGtk3"], path: "Benchmarks/BareWindowC",
            cSettings: [.unsafeFlags(["-gdwarf-4"])],  // valgrind 3.19
            linkerSettings: [.linkedLibrary("gmodule-2.0")]),
        .executableTarget(
            name: "bare-window-swift", dependencies: ["CPlaceholderGtk3"], path: "Benchmarks/BareWindowSwift"),

        // MARK: - Tests (Tests; their shared support in Tests/Support)
        // GTK 3's X11 backend (gdkx.h: X window ids for xdotool), for the tests alone.
        .systemLibrary(
            name: "CPlaceholderGtk3X11", path: "Tests/Support/CGtk3X11", pkgConfig: "gtk+-x11-3.0",
            providers: [.apt(["libgtk-3-dev"])]),
        // Test- and bench-only GTK helpers (draining the main loop, waiting for and rendering frames).
        .target(
            name: "PlaceholderGtk3TestSupport", dependencies: ["CPlaceholderGtk3", "PlaceholderGtk3Glue"],
            path: "Tests/Support/Gtk3"),
        // Pixels, ink boxes, the behaviour list both widgets' suites share, and a seeded generator (the GTK 4 suite is its own
        // package, Tests/GTK4: one test binary cannot load GTK 3 and GTK 4).
        .target(name: "PlaceholderTestSupport", dependencies: ["PlaceholderHeapProbe"], path: "Tests/Support/Shared"),
        // GObject properties read back as C reads them (the widgets only ever set theirs).
        .target(
            name: "PlaceholderGObjectTestSupport", dependencies: ["PlaceholderGObjectGlue"],
            path: "Tests/Support/GObject"),
        // C: the malloc heap in use (mallinfo2), for the lifetime tests' growth checks.
        .target(
            name: "PlaceholderHeapProbe", path: "Tests/Support/HeapProbe",
            cSettings: [.unsafeFlags(["-gdwarf-4"])]),  // valgrind 3.19
        // One process, two copies of the widget: the Swift package and the C library loaded at run
        // time (TypeSharingTests runs it).
        .executableTarget(
            name: "placeholder-type-sharing-probe",
            dependencies: ["GtkPlaceholder", "CPlaceholderGtk3", "PlaceholderGObjectTestSupport"],
            path: "Tests/Support/TypeSharingProbe"),
        .executableTarget(
            name: "placeholder-type-sharing-probe-gtk4",
            dependencies: ["GtkPlaceholder4", "PlaceholderGObjectTestSupport"],
            path: "Tests/Support/TypeSharingProbe4", swiftSettings: [.define("GTK4")]),
        .executableTarget(
            name: "compose-window-keyring-probe", dependencies: ["ComposeWindowPostingGlue"],
            path: "Tests/Support/KeyringProbe", swiftSettings: [onDemandHeaders]),
        .testTarget(
            name: "PlaceholderGtk3GlueTests",
            dependencies: ["PlaceholderGtk3Glue", "ComposeWindowGlue", "PlaceholderGObjectTestSupport"]),
        .testTarget(
            name: "GtkPlaceholderTests",
            dependencies: [
                "GtkPlaceholder", "PlaceholderGtk3Glue", "ComposeWindowGlue", "PlaceholderGtk3TestSupport",
                "PlaceholderCore", "PlaceholderTestSupport", "PlaceholderGObjectTestSupport", "CPlaceholderGtk3X11",
            ]),
        .testTarget(name: "PlaceholderCoreTests", dependencies: ["PlaceholderCore", "CPlaceholderPango"]),
        .testTarget(
            name: "ComposeWindowCoreTests", dependencies: ["ComposeWindowCore", "PlaceholderTestSupport"],
            exclude: ["Conformance"]),
        .testTarget(
            name: "ComposeWindowPostingGlueTests", dependencies: ["ComposeWindowPostingGlue", "ComposeWindowCore"],
            swiftSettings: [onDemandHeaders]),
        .testTarget(
            name: "ComposeWindowTests",
            dependencies: [
                "ComposeWindowCore", "CPlaceholderGtk3", "CPlaceholderGtk3X11", "PlaceholderTestSupport",
                "PlaceholderXProbe",  // keystrokes in, frames out: how long typing waits
            ],
            linkerSettings: [.linkedLibrary("X11")]),  // WM_DELETE_WINDOW, as a window manager sends it

        // MARK: - Build tool (Tools, Plugins)
        // Resources/*.ui compiled into the binaries that load them (Plugins/PlaceholderEmbedFiles).
        .executableTarget(name: "PlaceholderEmbedFilesTool", path: "Tools/EmbedFiles"),
        .plugin(name: "PlaceholderEmbedFiles", capability: .buildTool(), dependencies: ["PlaceholderEmbedFilesTool"]),
    ],
    swiftLanguageModes: [.v6]
)
