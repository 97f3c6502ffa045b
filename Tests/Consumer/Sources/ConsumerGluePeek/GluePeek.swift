import GtkPlaceholder

// Each line uses glue our modules share among themselves (`package`): none may compile here.
// DependentPackageTests builds this target and expects one "inaccessible" or "cannot find" error per line.
@MainActor
func peekAtTheGlue(_ view: PlaceholderTextView) {
    _ = view.widget.asObject
    _ = view.textView.asWidget
    _ = view.widget.cast(to: GtkTextView.self)
    _ = Signal.self
    _ = Property.self
    _ = ObjectOwnership<GObject>.self
}
