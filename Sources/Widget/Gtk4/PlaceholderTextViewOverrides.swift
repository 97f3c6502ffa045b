import PlaceholderCore
import PlaceholderGtk4Glue

/// The virtual functions the GTK 4 `PlaceholderTextView` implements: measuring, allocating and
/// drawing its two children (the label only while shown), focus going to the text view, dispose
/// unparenting the children, and GtkBuildable's internal children.
extension PlaceholderTextViewClass {
    fileprivate typealias DisposeFunction = @convention(c) (UnsafeMutablePointer<GObject>?) -> Void
    fileprivate static var parentDispose: DisposeFunction?

    static var parentWidgetType: GType { gtk_widget_get_type() }
    static var toolkitName: String { "GTK 4" }

    static func installWidgetOverrides(_ klass: gpointer?, type: GType) {
        let objectClass = GObjectType.classStruct(klass, as: GObjectClass.self)
        parentDispose = GObjectType.parentClass(of: type, as: GObjectClass.self).pointee.dispose
        objectClass.pointee.dispose = { object in
            if let foreign = PlaceholderType.foreignClass(of: object!, as: GObjectClass.self) {
                return foreign.pointee.dispose(object)
            }
            MainActor.assumeIsolated { PlaceholderTextViewClass.dispose(object!) }
        }
        let widgetClass = GObjectType.classStruct(klass, as: GtkWidgetClass.self)
        widgetClass.pointee.get_request_mode = { _ in GTK_SIZE_REQUEST_HEIGHT_FOR_WIDTH }
        widgetClass.pointee.measure = {
            widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.measure(
                    widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
            }
            MainActor.assumeIsolated {
                let (least, most) = PlaceholderTextViewClass.measure(widget!, orientation, forSize)
                minimum?.pointee = least
                natural?.pointee = most
            }
            minimumBaseline?.pointee = -1
            naturalBaseline?.pointee = -1
        }
        widgetClass.pointee.size_allocate = { widget, width, height, baseline in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.size_allocate(widget, width, height, baseline)
            }
            MainActor.assumeIsolated { PlaceholderTextViewClass.allocate(widget!, width, height, baseline) }
        }
        widgetClass.pointee.snapshot = { widget, snapshot in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.snapshot(widget, snapshot)
            }
            MainActor.assumeIsolated { PlaceholderTextViewClass.snapshot(widget!, snapshot!) }
        }
        widgetClass.pointee.grab_focus = { widget in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.grab_focus(widget)
            }
            return MainActor.assumeIsolated {
                guard let view = PlaceholderTextView.forWidget(widget!) else { return 0 }
                return gtk_widget_grab_focus(view.textView.asWidget)
            }
        }
    }

    /// The scrolled window's size, and tall enough for the wrapped placeholder.
    private static func measure(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ orientation: GtkOrientation, _ forSize: Int32
    ) -> (Int32, Int32) {
        var minimum: Int32 = 0
        var natural: Int32 = 0
        guard let scrolled = gtk_widget_get_first_child(widget) else { return (0, 0) }
        gtk_widget_measure(scrolled, orientation, forSize, &minimum, &natural, nil, nil)
        if orientation == GTK_ORIENTATION_VERTICAL, let view = PlaceholderTextView.forWidget(widget) {
            // Room for the placeholder whenever it has text, shown or not (as GTK 3's minimum content
            // height): the widget does not shrink under the first typed character. Typing at one
            // width measures no label: GTK answers the same width from its size cache.
            let needed = view.placeholder.isEmpty ? 0 : view.core.parts.layout.heightNeeded(forWidth: forSize)
            return (max(minimum, needed), max(natural, needed))
        }
        return (minimum, natural)
    }

    private static func allocate(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ width: Int32, _ height: Int32, _ baseline: Int32
    ) {
        guard let scrolled = gtk_widget_get_first_child(widget) else { return }
        // Any font change re-measures and re-allocates the widget (the text view queues a resize):
        // the label follows here, not in measure, which changes no child. A changed label queues
        // its own resize, which GTK lays out in the same frame.
        PlaceholderTextView.forWidget(widget)?.core.parts.appearance.followTextViewFont()
        gtk_widget_allocate(scrolled, width, height, baseline, nil)
        guard let view = PlaceholderTextView.forWidget(widget), view.isPlaceholderVisible else { return }
        view.core.parts.layout.allocateLabel()
    }

    private static func snapshot(_ widget: UnsafeMutablePointer<GtkWidget>, _ snapshot: OpaquePointer) {
        guard let scrolled = gtk_widget_get_first_child(widget) else { return }
        gtk_widget_snapshot_child(widget, scrolled, snapshot)
        guard let view = PlaceholderTextView.forWidget(widget), view.isPlaceholderVisible else { return }
        view.core.parts.layout.snapshotLabel(snapshot)
    }

    /// GTK 4 parents unparent their children when disposed.
    private static func dispose(_ object: UnsafeMutablePointer<GObject>) {
        let widget: UnsafeMutablePointer<GtkWidget> = object.cast()
        PlaceholderTextView.forWidget(widget)?.widgetGone()
        while let child = gtk_widget_get_first_child(widget) { gtk_widget_unparent(child) }
        parentDispose?(object)
    }
}
