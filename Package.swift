// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "GtkPlaceholder",
    products: [
        .library(name: "GtkPlaceholder", targets: ["GtkPlaceholder"]),
        .library(name: "GtkPlaceholder4", targets: ["GtkPlaceholder4"]),
        // The C libraries (`make install` links them self-contained, with SONAME and C symbols only).
        .library(name: "gtkplaceholder-3.0", type: .dynamic, targets: ["GtkPlaceholderC"]),
        .library(name: "gtkplaceholder-4.0", type: .dynamic, targets: ["GtkPlaceholder4C"]),
        .executable(name: "compose-window", targets: ["ComposeWindow"]),
        .executable(name: "minimal-window", targets: ["MinimalWindow"]),
        .executable(name: "chat-input", targets: ["ChatInput"]),
        .executable(name: "minimal-window-gtk4", targets: ["MinimalWindow4"]),
        .executable(name: "placeholder-bench", targets: ["PlaceholderBench"]),
        .executable(name: "placeholder-bench-gtk4", targets: ["PlaceholderBench4"]),
        .executable(name: "bare-window-c", targets: ["BareWindowC"]),
        .executable(name: "bare-window-swift", targets: ["BareWindowSwift"]),
        .executable(name: "placeholder-gallery", targets: ["PlaceholderGallery"]),
        .executable(name: "placeholder-gallery-gtk4", targets: ["PlaceholderGallery4"]),
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0", providers: [.apt(["libgtk-3-dev"])]),
        // The app's own dependencies: real undo/redo and inline spell checking.
        .systemLibrary(name: "CGtkSource", pkgConfig: "gtksourceview-4", providers: [.apt(["libgtksourceview-4-dev"])]),
        .systemLibrary(name: "CGspell", pkgConfig: "gspell-1", providers: [.apt(["libgspell-1-dev"])]),
        .systemLibrary(name: "CGObject", pkgConfig: "gobject-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // The glue both toolkits share (GObject only), then GTK 3's own on top of it.
        .target(name: "GObjectSwift", dependencies: ["CGObject"]),
        .target(name: "GLibSwift", dependencies: ["CGtk", "GObjectSwift"]),
        // GTK 4's glue and widget, on the same GObject glue and placeholder core.
        .systemLibrary(name: "CGtk4", pkgConfig: "gtk4", providers: [.apt(["libgtk-4-dev"])]),
        .target(name: "Gtk4Swift", dependencies: ["CGtk4", "GObjectSwift"]),
        .target(
            name: "GtkPlaceholder4", dependencies: ["CGtk4", "Gtk4Swift", "PlaceholderCore"],
            linkerSettings: [.linkedLibrary("m")]),
        // The placeholder's toolkit-neutral logic (visibility rule, direction, CSS values, the GObject
        // type and its properties), which the GTK 3 and GTK 4 widgets share.
        .systemLibrary(name: "CPango", pkgConfig: "pango", providers: [.apt(["libpango1.0-dev"])]),
        .target(
            name: "PlaceholderCore", dependencies: ["CGObject", "CPango", "GObjectSwift"],
            linkerSettings: [.linkedLibrary("m")]),
        // libm for round/floor: nothing else brings it in now that no module links Foundation.
        .target(
            name: "GtkPlaceholder", dependencies: ["CGtk", "GLibSwift", "PlaceholderCore"],
            linkerSettings: [.linkedLibrary("m")]),
        // The C API (include/gtkplaceholder.h, one source for both toolkits) over the Swift widget's
        // GObject type, which the TypeExport targets hand to C as placeholder_text_view_get_type().
        .target(name: "GtkPlaceholderTypeExport", dependencies: ["GtkPlaceholder"]),
        .target(name: "GtkPlaceholderC", dependencies: ["CGtk", "GtkPlaceholderTypeExport"]),
        .target(
            name: "GtkPlaceholder4TypeExport", dependencies: ["GtkPlaceholder4"], swiftSettings: [.define("GTK4")]),
        .target(name: "GtkPlaceholder4C", dependencies: ["CGtk4", "GtkPlaceholder4TypeExport"]),
        // Pure logic of the app (counting, options, drafts): no GTK, tested without a display.
        .systemLibrary(name: "CIntl"),
        .target(name: "ComposeCore", dependencies: ["CIntl"]),
        // Resources/*.ui compiled into the binaries that load them (see Plugins/EmbedFiles).
        .executableTarget(name: "EmbedFilesTool"),
        .plugin(name: "EmbedFiles", capability: .buildTool(), dependencies: ["EmbedFilesTool"]),
        .executableTarget(
            name: "ComposeWindow",
            dependencies: ["GtkPlaceholder", "GLibSwift", "ComposeCore", "CGtkSource", "CGspell"],
            exclude: ["embedded-files.txt"], plugins: ["EmbedFiles"]),
        // The five seed designs and what none of them handled, each from a .ui file.
        .executableTarget(
            name: "PlaceholderGallery", dependencies: ["GtkPlaceholder"], exclude: ["embedded-files.txt"],
            plugins: ["EmbedFiles"]),
        // The same designs for GTK 4 (the .ui files converted by gtk4-builder-tool at build time).
        .executableTarget(
            name: "PlaceholderGallery4", dependencies: ["GtkPlaceholder4"], exclude: ["embedded-files.txt"],
            plugins: ["EmbedFiles"]),
        // `make bench`: PlaceholderTextView against a bare GtkTextView, and compose-window against
        // bare-window-c (GTK alone) and bare-window-swift (the Swift floor), driven through XProbe.
        // Test- and bench-only GTK helpers (draining the main loop, waiting for and rendering frames):
        // never in a library users link.
        .target(name: "GtkTestSupport", dependencies: ["CGtk", "GLibSwift"]),
        .executableTarget(
            name: "PlaceholderBench",
            dependencies: ["GtkPlaceholder", "CGtk", "ComposeCore", "XProbe", "GtkTestSupport"],
            linkerSettings: [.linkedLibrary("X11")]),
        // `make bench`'s GTK 4 part: its own binary (GTK 3 and GTK 4 cannot share a process).
        .executableTarget(name: "PlaceholderBench4", dependencies: ["GtkPlaceholder4"]),
        .target(
            name: "XProbe",
            // DWARF 4: valgrind 3.19 (Debian 12) gives up on clang's DWARF 5 in a binary that also
            // holds Swift's, and the bench runs placeholder-bench under callgrind.
            cSettings: [.unsafeFlags(["-gdwarf-4"])],
            linkerSettings: [
                .linkedLibrary("X11"), .linkedLibrary("Xtst"), .linkedLibrary("Xdamage"), .linkedLibrary("m"),
            ]),
        .executableTarget(
            name: "BareWindowC", dependencies: ["CGtk"], cSettings: [.unsafeFlags(["-gdwarf-4"])],  // valgrind 3.19
            linkerSettings: [.linkedLibrary("gmodule-2.0")]),
        .executableTarget(name: "BareWindowSwift", dependencies: ["CGtk"]),
        // Examples for library users: `swift build --product minimal-window` / `chat-input`.
        .executableTarget(name: "MinimalWindow", dependencies: ["GtkPlaceholder"], path: "Examples/MinimalWindow"),
        .executableTarget(name: "ChatInput", dependencies: ["GtkPlaceholder"], path: "Examples/ChatInput"),
        .executableTarget(name: "MinimalWindow4", dependencies: ["GtkPlaceholder4"], path: "Examples/MinimalWindow4"),
        .testTarget(name: "GLibSwiftTests", dependencies: ["GLibSwift"]),
        .testTarget(
            name: "GtkPlaceholderTests",
            dependencies: [
                "GtkPlaceholder", "GLibSwift", "GtkTestSupport", "PlaceholderCore", "PlaceholderTestSupport",
            ]),
        // Test-only: pixels, ink boxes and the behaviour list both widgets' suites share (the GTK 4
        // suite is its own package, Tests/GTK4: one test binary cannot load GTK 3 and GTK 4).
        .target(name: "PlaceholderTestSupport", dependencies: ["PlaceholderHeapProbe"]),
        // Test-only C: the malloc heap in use (mallinfo2), for the lifetime tests' growth checks.
        .target(name: "PlaceholderHeapProbe", cSettings: [.unsafeFlags(["-gdwarf-4"])]),  // valgrind 3.19
        .testTarget(name: "PlaceholderCoreTests", dependencies: ["PlaceholderCore", "CPango"]),
        .testTarget(name: "ComposeCoreTests", dependencies: ["ComposeCore"], exclude: ["Conformance"]),
        .testTarget(
            name: "ComposeWindowTests", dependencies: ["ComposeCore", "CGtk"],
            linkerSettings: [.linkedLibrary("X11")]),  // WM_DELETE_WINDOW, as a window manager sends it
    ],
    swiftLanguageModes: [.v6]
)
