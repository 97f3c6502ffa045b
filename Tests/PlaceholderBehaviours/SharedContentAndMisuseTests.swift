import PlaceholderTestSupport
import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Issue #5: whatever the placeholder or the text holds, and however the API is misused, every
/// behaviour holds (G_DEBUG=fatal-criticals turns any GLib critical into a failure).
final class SharedContentAndMisuseTests: BehaviourTestCase {
    static let contents: [(name: String, text: String)] = [
        ("markup", "<b>bold</b> &amp; <span foreground='red'>red</span>"),
        ("right-to-left", "שתפו משהו חדש"),
        ("bidi", "Hello שלום 123 مرحبا!"),
        ("combining marks", "e\u{301}\u{302} a\u{308} ไทย"),
        ("emoji ZWJ", "👩‍👩‍👧‍👦 🏳️‍🌈 👍🏽"),
        ("zero-width", "\u{200B}\u{200D}\u{FEFF}x\u{200B}"),
        ("single newline", "\n"),
        ("100,000 characters", String(repeating: "分享 Share שלום ", count: 100_000 / 15 + 1)),
    ]

    /// Each as the placeholder: shown exactly as given, where typed text goes, no taller than ten
    /// lines; then as the text: hidden while it is there, shown when it goes.
    func testEveryKindOfContentAsPlaceholderAndAsText() {
        onMain {
            for (name, content) in Self.contents {
                let view = PlaceholderTextView(placeholder: content)
                let window = TestWindow(view.widget, width: 360, height: 160)
                defer { window.close() }
                XCTAssertEqual(String(cString: gtk_label_get_text(Toolkit.label(view))), content, name)
                XCTAssertTrue(view.isPlaceholderVisible, name)
                let height = Toolkit.height(view.widget)
                XCTAssertLessThan(height, 400, "\(name): the widget grew to \(height) px")
                if content.count < 1_000, content != "\n" {
                    let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
                    guard let placeholderInk, let typedInk else {
                        XCTFail("\(name): nothing drawn")
                        continue
                    }
                    XCTAssertTrue(placeholderInk.agrees(with: typedInk), "\(name): \(placeholderInk) vs \(typedInk)")
                }
                view.placeholder = "p"
                view.text = content
                XCTAssertEqual(view.text, content, name)
                XCTAssertFalse(view.isPlaceholderVisible, "\(name) as text hides the placeholder")
                window.settle()
                view.text = ""
                XCTAssertTrue(view.isPlaceholderVisible, name)
            }
        }
    }

    static func agree(_ placeholder: InkBox?, _ typed: InkBox?) -> Bool {
        guard let placeholder, let typed else { return false }
        return placeholder.agrees(with: typed)
    }

    /// Every property set before the widget is realized, then changed after: all take effect.
    func testPropertiesBeforeAndAfterRealize() {
        onMain {
            let view = PlaceholderTextView()
            var red = GdkRGBA()
            gdk_rgba_parse(&red, "red")
            view.placeholder = "before"
            view.font = "DejaVu Sans 14"
            view.placeholderTextColor = PlaceholderColor(red)
            view.hidesPlaceholder = true
            view.text = "x"
            view.text = ""
            let window = TestWindow(view.widget, width: 360, height: 160)
            defer { window.close() }
            XCTAssertFalse(view.isPlaceholderVisible)
            view.hidesPlaceholder = false
            XCTAssertTrue(view.isPlaceholderVisible)
            var (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
            XCTAssertTrue(Self.agree(placeholderInk, typedInk), "before realize")

            view.placeholder = "after realize"
            view.font = "DejaVu Sans 20"
            view.placeholderTextColor = nil
            (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
            XCTAssertTrue(Self.agree(placeholderInk, typedInk), "after realize")
        }
    }

    /// A 0×0 allocation, a 400-point font, a font string Pango cannot make sense of, a transparent
    /// colour: no critical, no crash, and the widget keeps working.
    func testMisuseIsHarmless() {
        onMain {
            let view = PlaceholderTextView(placeholder: "Share something new…")
            let window = TestWindow(view.widget, width: 360, height: 160)
            defer { window.close() }
            Toolkit.allocateNothing(view.widget)
            Loop.drain()
            view.text = "a"
            view.text = ""
            XCTAssertTrue(view.isPlaceholderVisible)
            gtk_widget_queue_resize(view.widget)
            window.settle()

            view.font = "DejaVu Sans 400"
            window.settle()
            XCTAssertTrue(view.isPlaceholderVisible)
            for font in ["!!! @@@ 12.5.6 ;; }", "", " ", "Sans -5", "Sans 99999999"] {
                view.font = font
                window.settle()
                XCTAssertEqual(view.font, font)
            }
            view.font = nil
            let (placeholderInk, typedInk) = SharedPositionTests.inkBoxes(of: view, in: window)
            XCTAssertTrue(Self.agree(placeholderInk, typedInk), "font restored")

            // Not numbers, infinities and out-of-range channels: a colour still (NaN as 0, the rest clamped).
            for color in [
                PlaceholderColor(red: .nan, green: .infinity, blue: -.infinity, alpha: .nan),
                PlaceholderColor(red: 2, green: -1, blue: .greatestFiniteMagnitude, alpha: .infinity),
                PlaceholderColor(red: .nan, green: .nan, blue: .nan, alpha: 1),
            ] {
                view.placeholderTextColor = color
                window.settle()
                XCTAssertTrue(view.isPlaceholderVisible)
            }
            let nanBlack = SharedPositionTests.inkBoxes(of: view, in: window).placeholder
            XCTAssertNotNil(nanBlack, "NaN channels draw as 0: a black placeholder")

            view.placeholderTextColor = PlaceholderColor(red: 1, green: 0, blue: 0, alpha: 0)
            let ink = SharedPositionTests.inkBoxes(of: view, in: window).placeholder
            XCTAssertNil(ink, "a transparent placeholder draws nothing: \(String(describing: ink))")
            XCTAssertTrue(view.isPlaceholderVisible)
        }
    }
}
