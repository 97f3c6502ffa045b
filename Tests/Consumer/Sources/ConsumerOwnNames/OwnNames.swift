import ConsumerXlibNamedTypes

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// A dependent's own types named like Xlib's (ConsumerXlibNamedTypes), used unqualified beside
// `import GtkPlaceholder`: were Xlib's names in that import, each would be "ambiguous for type lookup".
// DependentPackageTests builds this and ConsumerOwnNames4 (the same file, importing GtkPlaceholder4).

/// Each name in a type position (where Swift reports "ambiguous for type lookup") and as an initializer.
struct OwnScene {
    var window: Window
    var font: Font
    var display: Display
    var cursor: Cursor
    var atom: Atom
    var time: Time
    var screen: Screen
    var visual: Visual
    var colormap: Colormap
    var pixmap: Pixmap
    var drawable: Drawable
    var keySym: KeySym
    var region: Region
    var gc: GC
}

@MainActor
func describeOwnNames(_ view: PlaceholderTextView) -> String {
    let scene = OwnScene(
        window: Window(title: view.placeholder), font: Font(family: view.font ?? "Sans"), display: Display(name: ":0"),
        cursor: Cursor(shape: "text"), atom: Atom(name: "CLIPBOARD"), time: Time(milliseconds: 0),
        screen: Screen(number: 0), visual: Visual(depth: 24), colormap: Colormap(entries: 0), pixmap: Pixmap(width: 0),
        drawable: Drawable(id: 0), keySym: KeySym(value: 0), region: Region(area: 0), gc: GC(generation: 0))
    return "\(scene.window.title) in \(scene.font.family) at \(scene.time.milliseconds) ms"
}
