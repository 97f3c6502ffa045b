import CPlaceholderGtk4
import PlaceholderGObjectGlue

/// CSS for one widget in GTK 4, which has no per-widget override API, and whose per-widget style
/// providers do not reach a widget's CSS subnodes (a text view's `text`): a display-wide provider
/// whose selectors name a CSS class given to that widget alone. Setting `css` to nil removes it.
@MainActor
package final class DisplayStyleSheet {
    /// The class the rules select on, unique among the sheets alive (add it to the widgets styled).
    package let className: String
    private let number: Int
    private let display: OpaquePointer
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private var attached = false
    /// Numbers of sheets that are gone, taken again before a new one: GTK interns every CSS class
    /// name as a GQuark, which GLib never frees, so a fresh name per sheet grew the process for
    /// good with each view styled and destroyed. The names are now as many as sheets ever alive at once.
    private static var freeNumbers: Set<Int> = []
    /// This copy of the library's own part of the names: a process holding two copies (the Swift
    /// package and the C library) keeps two sets of numbers, whose sheets must not select each other's.
    private static let copyTag = String(UInt(bitPattern: ObjectIdentifier(DisplayStyleSheet.self)), radix: 16)
    private static var numbersInUse = 0

    /// A style sheet on `widget`'s display (the default display for one not yet realized).
    package init(prefix: String, display: OpaquePointer) {
        if let reused = Self.freeNumbers.min() {
            Self.freeNumbers.remove(reused)
            number = reused
        } else {
            Self.numbersInUse += 1
            number = Self.numbersInUse
        }
        className = "\(prefix)-\(Self.copyTag)-\(number)"
        self.display = display
        provider = gtk_css_provider_new()
        g_object_ref(display.asGPointer)
    }

    isolated deinit {
        if attached { gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider)) }
        g_object_unref(provider.asGPointer)
        g_object_unref(display.asGPointer)
        Self.freeNumbers.insert(number)
    }

    /// Rules built from validated values (a parse error is a bug); `{}` stands for `.className`.
    package var css: String? {
        didSet {
            guard let css else {
                if attached { gtk_style_context_remove_provider_for_display(display, OpaquePointer(provider)) }
                attached = false
                return
            }
            let rules = Self.substituting("{}", in: css, with: ".\(className)")
            // GTK 4 reports parse errors through "parsing-error" only; unhandled, it warns.
            gtkplaceholder_css_load(provider, rules)
            if !attached {
                gtk_style_context_add_provider_for_display(
                    display, OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1))
                attached = true
            }
        }
    }
}

/// Display style sheets shared by every widget that asks for the same rules on the same display: one
/// provider per distinct look instead of one per widget (GTK consults every display provider for
/// every CSS node it styles, so a thousand widgets with a thousand sheets would slow all styling).
@MainActor
package enum SharedStyleSheets {
    /// The sheets alive, by look, with how many widgets use each.
    package private(set) static var sheets: [String: (sheet: DisplayStyleSheet, users: Int)] = [:]

    /// The sheet whose rules are `rules(selector)` for its own class selector (".prefix-N"), made on
    /// first use; `key` names the look (equal keys, equal rules). Give it back with `release`.
    package static func acquire(
        prefix: String, display: OpaquePointer, key: String, rules: (String) -> String
    ) -> DisplayStyleSheet {
        let id = "\(UInt(bitPattern: Int(bitPattern: UnsafeRawPointer(display))))|\(prefix)|\(key)"
        if let shared = sheets[id] {
            sheets[id] = (shared.sheet, shared.users + 1)
            return shared.sheet
        }
        let sheet = DisplayStyleSheet(prefix: prefix, display: display)
        sheet.css = rules(".\(sheet.className)")
        sheets[id] = (sheet, 1)
        return sheet
    }

    /// One user fewer; the last one's release removes the sheet from its display.
    package static func release(_ sheet: DisplayStyleSheet) {
        guard let (id, shared) = sheets.first(where: { $0.value.sheet === sheet }) else { return }
        sheets[id] = shared.users > 1 ? (shared.sheet, shared.users - 1) : nil
    }

}

extension DisplayStyleSheet {
    /// `css.replacing(placeholder, with: value)` without _StringProcessing, which release builds
    /// leave out (see the Makefile's NO_STRING_PROCESSING).
    static func substituting(_ placeholder: String, in css: String, with value: String) -> String {
        var result = ""
        var rest = Substring(css)
        while let start = rest.indices.first(where: { rest[$0...].hasPrefix(placeholder) }) {
            result += rest[..<start] + value
            rest = rest[rest.index(start, offsetBy: placeholder.count)...]
        }
        return result + rest
    }
}
