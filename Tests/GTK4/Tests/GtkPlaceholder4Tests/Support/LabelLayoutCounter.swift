import GtkPlaceholder4

/// Counts GtkLabel measure/size_allocate calls for one label, by swapping GtkLabel's class vfuncs
/// for counting ones that chain to the originals (restored by `stop()`).
@MainActor
final class LabelLayoutCounter {
    typealias Measure =
        @convention(c) (
            UnsafeMutablePointer<GtkWidget>?, GtkOrientation, Int32, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?
        ) -> Void
    typealias Allocate = @convention(c) (UnsafeMutablePointer<GtkWidget>?, Int32, Int32, Int32) -> Void
    nonisolated(unsafe) static var watched: UnsafeMutablePointer<GtkWidget>?
    nonisolated(unsafe) static var calls = 0
    nonisolated(unsafe) static var originalMeasure: Measure?
    nonisolated(unsafe) static var originalAllocate: Allocate?
    private let labelClass: UnsafeMutablePointer<GtkWidgetClass>

    init(watching view: PlaceholderTextView) {
        labelClass = g_type_class_ref(gtk_label_get_type())!.assumingMemoryBound(to: GtkWidgetClass.self)
        Self.watched = view.placeholderLabelWidget
        Self.calls = 0
        Self.originalMeasure = labelClass.pointee.measure
        Self.originalAllocate = labelClass.pointee.size_allocate
        labelClass.pointee.measure = {
            widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline in
            if widget == LabelLayoutCounter.watched { LabelLayoutCounter.calls += 1 }
            LabelLayoutCounter.originalMeasure?(
                widget, orientation, forSize, minimum, natural, minimumBaseline, naturalBaseline)
        }
        labelClass.pointee.size_allocate = { widget, width, height, baseline in
            if widget == LabelLayoutCounter.watched { LabelLayoutCounter.calls += 1 }
            LabelLayoutCounter.originalAllocate?(widget, width, height, baseline)
        }
    }

    var count: Int { Self.calls }

    func stop() {
        labelClass.pointee.measure = Self.originalMeasure
        labelClass.pointee.size_allocate = Self.originalAllocate
        g_type_class_unref(labelClass)
        Self.watched = nil
    }
}
