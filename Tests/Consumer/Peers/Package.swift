// swift-tools-version:6.1
import PackageDescription

// The target names of the Swift GTK packages people use, declared as they declare them:
// swift-cross-ui (CGtk, CGtk3, Gtk, Gtk3, GtkBackend, Gtk3Backend, SwiftCrossUI), rhx/SwiftGtk and its
// family (CGtk, Gtk, Gdk, Atk, GLib, GLibObject, GIO, CPango, Pango, Cairo) and adwaita-swift (CAdw,
// Adwaita). SwiftPM requires target names to be unique across a build's whole package graph.
let names = [
    "CGtk3", "Gtk3", "GtkBackend", "Gtk3Backend", "SwiftCrossUI", "Gdk", "Atk", "GLib", "GLibObject", "GIO", "Pango",
    "Cairo", "CAdw", "Adwaita",
]

let package = Package(
    name: "GtkFrameworkPeers",
    products: [
        .library(name: "GtkFrameworkPeers", targets: ["Gtk", "Pango"] + names.filter { $0 != "Pango" })
    ],
    targets: [
        .systemLibrary(name: "CGtk", pkgConfig: "gtk+-3.0"),
        .systemLibrary(name: "CPango", pkgConfig: "pango"),
        .target(name: "Gtk", dependencies: ["CGtk"]),
        .target(name: "Pango", dependencies: ["CPango"]),
    ] + names.filter { $0 != "Pango" }.map { .target(name: $0) },
    swiftLanguageModes: [.v6]
)
