import CPlaceholderPango
import PlaceholderGObjectGlue

/// The GObject properties of `PlaceholderTextView`, the same in GTK 3 and GTK 4 (GtkBuilder .ui
/// files, C and GtkInspector see one API). GObject numbers them from 1.
package enum PlaceholderProperty: guint, CaseIterable, Sendable {
    case placeholderText = 1
    case placeholderColor
    case font
    case hidesPlaceholder
    case placeholderVisible
    case textView

    package var name: String {
        switch self {
        case .placeholderText: "placeholder-text"
        case .placeholderColor: "placeholder-color"
        case .font: "font"
        case .hidesPlaceholder: "hides-placeholder"
        case .placeholderVisible: "placeholder-visible"
        case .textView: "text-view"
        }
    }

    /// The toolkit's own types for the two typed properties.
    package struct Types {
        package let color: GType
        package let textView: GType
        package init(color: GType, textView: GType) {
            self.color = color
            self.textView = textView
        }
    }

    /// A new, sunk spec for this property.
    package func makeSpec(_ types: Types) -> UnsafeMutablePointer<GParamSpec> {
        // Notified by the Swift setters, only when the value changes (never twice per change).
        let readWrite = ParamFlags.readWriteExplicitNotify
        let spec: UnsafeMutablePointer<GParamSpec>
        switch self {
        case .placeholderText:
            spec = g_param_spec_string(name, "Placeholder text", "Shown while the buffer is empty", "", readWrite)
        case .placeholderColor:
            spec = g_param_spec_boxed(
                name, "Placeholder colour", "Explicit colour; NULL follows the theme", types.color, readWrite)
        case .font:
            spec = g_param_spec_string(
                name, "Font", "The text view's font as a Pango description; NULL follows the theme", nil, readWrite)
        case .hidesPlaceholder:
            spec = g_param_spec_boolean(name, "Hides placeholder", "Hide it whatever the buffer holds", 0, readWrite)
        case .placeholderVisible:
            spec = g_param_spec_boolean(
                name, "Placeholder visible", "Whether the placeholder is shown now", 0,
                ParamFlags.readOnlyExplicitNotify)
        case .textView:
            spec = g_param_spec_object(
                name, "Text view", "The wrapped text view (a GtkSourceView, say); NULL makes a GtkTextView",
                types.textView, ParamFlags.readWriteConstructOnly)
        }
        g_param_spec_ref_sink(spec)
        return spec
    }
}

/// The names of the widget's internal children in .ui files (`<child internal-child="text_view">`).
package enum PlaceholderInternalChild {
    package static let textView = "text_view"
    package static let scrolledWindow = "scrolled_window"
}

/// What the shared GObject type needs from a toolkit's Swift widget to read and write its properties.
@MainActor
package protocol PlaceholderPropertyOwner: AnyObject {
    /// The toolkit's GdkRGBA (doubles in GTK 3, floats in GTK 4): a boxed C struct.
    associatedtype Color
    /// The toolkit's GtkTextView struct.
    associatedtype TextView
    var placeholder: String { get set }
    /// The explicit colour as the property's GdkRGBA.
    var placeholderRGBA: Color? { get set }
    var font: String? { get set }
    var hidesPlaceholder: Bool { get set }
    var isPlaceholderVisible: Bool { get }
    var textView: UnsafeMutablePointer<TextView> { get }
}

extension PlaceholderPropertyOwner {
    private func setPlaceholderColor(boxed: gpointer?) {
        placeholderRGBA = boxed?.cast(to: Color.self).pointee
    }

    private func getPlaceholderColor(into value: UnsafeMutablePointer<GValue>) {
        if var color = placeholderRGBA {
            withUnsafeMutablePointer(to: &color) { g_value_set_boxed(value, $0) }
        } else {
            g_value_set_boxed(value, nil)
        }
    }

    /// GObject's set_property for one of ours (`.textView` is construct-only: the type handles it).
    package func setProperty(_ property: PlaceholderProperty, from value: UnsafePointer<GValue>) {
        switch property {
        case .placeholderText: placeholder = g_value_get_string(value).map { String(cString: $0) } ?? ""
        case .placeholderColor: setPlaceholderColor(boxed: g_value_get_boxed(value))
        case .font: font = g_value_get_string(value).map { String(cString: $0) }
        case .hidesPlaceholder: hidesPlaceholder = g_value_get_boolean(value) != 0
        case .placeholderVisible, .textView: break
        }
    }

    /// GObject's get_property for one of ours.
    package func getProperty(_ property: PlaceholderProperty, into value: UnsafeMutablePointer<GValue>) {
        switch property {
        case .placeholderText: g_value_set_string(value, placeholder)
        case .placeholderColor: getPlaceholderColor(into: value)
        case .font: g_value_set_string(value, font)
        case .hidesPlaceholder: g_value_set_boolean(value, hidesPlaceholder ? 1 : 0)
        case .placeholderVisible: g_value_set_boolean(value, isPlaceholderVisible ? 1 : 0)
        case .textView: g_value_set_object(value, UnsafeMutableRawPointer(textView))
        }
    }
}
