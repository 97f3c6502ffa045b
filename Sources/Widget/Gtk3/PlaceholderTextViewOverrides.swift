import PlaceholderCore
import PlaceholderGtk3Glue

/// The GTK 3 virtual functions PlaceholderTextView (a GtkOverlay subclass) overrides: size
/// allocation (the hidden placeholder costs nothing; never below the minimum), where the overlay puts
/// the placeholder (the class handler of "get-child-position": no handler per widget), destruction,
/// and the moment its accessible is asked for (when the placeholder's accessibles are made).
extension PlaceholderTextViewClass {
    fileprivate typealias SizeAllocateFunction =
        @convention(c) (
            UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkAllocation>?
        ) -> Void
    fileprivate static var overlaySizeAllocate: SizeAllocateFunction?
    fileprivate typealias ChildPositionFunction =
        @convention(c) (
            UnsafeMutablePointer<GtkOverlay>?, UnsafeMutablePointer<GtkWidget>?, UnsafeMutablePointer<GtkAllocation>?
        ) -> gboolean
    fileprivate static var overlayChildPosition: ChildPositionFunction?
    fileprivate static var parentDestroy: (@convention(c) (UnsafeMutablePointer<GtkWidget>?) -> Void)?
    fileprivate static var parentGetAccessible:
        (@convention(c) (UnsafeMutablePointer<GtkWidget>?) -> UnsafeMutablePointer<AtkObject>?)?

    static var parentWidgetType: GType { gtk_overlay_get_type() }
    static var toolkitName: String { "GTK 3" }

    static func installWidgetOverrides(_ klass: gpointer?, type: GType) {
        let widgetClass = GObjectType.classStruct(klass, as: GtkWidgetClass.self)
        parentGetAccessible = GObjectType.parentClass(of: type, as: GtkWidgetClass.self).pointee.get_accessible
        widgetClass.pointee.get_accessible = { widget in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.get_accessible(widget)
            }
            // Pointers are not Sendable: the answer leaves the main actor as an address.
            let address = MainActor.assumeIsolated {
                UInt(bitPattern: PlaceholderTextViewClass.accessible(of: widget!))
            }
            return UnsafeMutablePointer(bitPattern: address)
        }
        parentDestroy = GObjectType.parentClass(of: type, as: GtkWidgetClass.self).pointee.destroy
        widgetClass.pointee.destroy = { widget in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.destroy(widget)
            }
            // Before GTK drops the children: the text view lets its buffer go next, and no new one
            // must be made (or watched) for a widget on its way out.
            MainActor.assumeIsolated {
                PlaceholderTextView.forWidget(widget!)?.widgetGone()
                PlaceholderTextViewClass.parentDestroy?(widget)
            }
        }
        overlayChildPosition = GObjectType.parentClass(of: type, as: GtkOverlayClass.self).pointee.get_child_position
        GObjectType.classStruct(klass, as: GtkOverlayClass.self).pointee.get_child_position = {
            overlay, child, allocation in
            if let foreign = PlaceholderType.foreignClass(of: overlay!, as: GtkOverlayClass.self) {
                return foreign.pointee.get_child_position(overlay, child, allocation)
            }
            return MainActor.assumeIsolated { PlaceholderTextViewClass.childPosition(overlay!, child!, allocation!) }
        }
        overlaySizeAllocate = GObjectType.parentClass(of: type, as: GtkWidgetClass.self).pointee.size_allocate
        widgetClass.pointee.size_allocate = { widget, allocation in
            if let foreign = PlaceholderType.foreignClass(of: widget!, as: GtkWidgetClass.self) {
                return foreign.pointee.size_allocate(widget, allocation)
            }
            MainActor.assumeIsolated { PlaceholderTextViewClass.sizeAllocate(widget!, allocation!) }
        }
    }

    /// GtkOverlay re-shows (so raises) each overlay child's GdkWindow and asks where it goes on
    /// every allocation, and the text view re-allocates on keystrokes that change its height. With
    /// the placeholder hidden and ours the only overlay child, allocate as GtkOverlay does without
    /// that; `PlaceholderLayout.willShow()` has it allocated again before it shows.
    private static func sizeAllocate(
        _ widget: UnsafeMutablePointer<GtkWidget>, _ given: UnsafeMutablePointer<GtkAllocation>
    ) {
        // A parent that allocates less than the minimum (0×0, say) would have GtkScrolledWindow's
        // scrollbar emit criticals: never less than the minimum.
        var minimum = GtkRequisition()
        gtk_widget_get_preferred_size(widget, &minimum, nil)
        PlaceholderTextView.forWidget(widget)?.core.parts.layout.overlayWillAllocate()
        var allocation = given.pointee
        allocation.width = max(allocation.width, minimum.width)
        allocation.height = max(allocation.height, minimum.height)
        guard let view = PlaceholderTextView.forWidget(widget), !view.isPlaceholderVisible,
            childCount(of: widget) == 2
        else { return overlaySizeAllocate?(widget, &allocation) ?? () }
        // GtkOverlay lets GtkBin allocate the main child, then allocates it again over the whole
        // allocation: the net effect, once.
        gtk_widget_set_allocation(widget, &allocation)
        if let main = gtk_bin_get_child(widget.cast()), gtk_widget_get_visible(main) != 0 {
            gtk_widget_size_allocate(main, &allocation)
        }
    }

    /// The placeholder goes on the text view's first line; an app's own overlays where GtkOverlay puts them.
    private static func childPosition(
        _ overlay: UnsafeMutablePointer<GtkOverlay>, _ child: UnsafeMutablePointer<GtkWidget>,
        _ allocation: UnsafeMutablePointer<GtkAllocation>
    ) -> gboolean {
        guard let view = PlaceholderTextView.forWidget(overlay.cast()), child == view.placeholderLabelWidget else {
            return overlayChildPosition?(overlay, child, allocation) ?? 0
        }
        // GtkOverlay asks at realize too, to make the label's window, before anything has a size: the
        // first allocation places it. Measuring then would compute styles and lay out the text view
        // and the label for nothing (in a realized window, for every view as it is packed).
        guard view.core.parts.layout.overlayHasBeenAllocated else {
            allocation.pointee = GdkRectangle(x: 0, y: 0, width: 1, height: 1)
            return 1
        }
        // A font change of the text view or of the label re-allocates them: follow it here.
        view.core.parts.appearance.followTextViewFont()
        allocation.pointee = view.core.parts.layout.allocationForOverlay()
        return 1
    }

    /// The main child plus the overlay children (an app may add its own overlays).
    private static func childCount(of widget: UnsafeMutablePointer<GtkWidget>) -> Int {
        var count = 0
        gtk_container_forall(widget.asContainer, { _, counter in counter?.cast(to: Int.self).pointee += 1 }, &count)
        return count
    }

    /// The overlay's accessible is how assistive technologies reach the text view and the label:
    /// the moment to describe them.
    private static func accessible(of widget: UnsafeMutablePointer<GtkWidget>) -> UnsafeMutablePointer<AtkObject>? {
        let accessible = parentGetAccessible?(widget)
        PlaceholderTextView.forWidget(widget)?.core.parts.accessibleRequested()
        return accessible
    }
}
