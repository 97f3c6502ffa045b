import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift).

/// Today's members as a dependent's code names them: deprecated, still there and still working.
/// Reached through a protocol, so the suite compiles without deprecation warnings.
@MainActor
protocol EarlierPlaceholderAPI: AnyObject {
    var onTextChanged: (@MainActor (PlaceholderTextView) -> Void)? { get set }
    var onPlaceholderVisibilityChanged: (@MainActor (Bool) -> Void)? { get set }
    var placeholderColor: GdkRGBA? { get set }
    #if GTK4
        var scrolledWindow: OpaquePointer { get }
        var placeholderLabel: OpaquePointer { get }
    #endif
}

extension PlaceholderTextView: EarlierPlaceholderAPI {}

/// Observers: many, in the order added, each change once, ended by cancel() or by the token going;
/// and what each text observer is told.
final class SharedObserverTests: BehaviourTestCase {
    func testObserversAreManyInOrderAndEndWithTheirToken() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            var calls: [String] = []
            let first = view.observeText { _ in calls.append("first") }
            var second: PlaceholderObservation? = view.observeText { _ in calls.append("second") }
            let visible = view.observePlaceholderVisibility { calls.append("visible \($0)") }
            gtk_text_buffer_insert_at_cursor(view.buffer, "a", -1)
            XCTAssertEqual(calls, ["visible false", "first", "second"], "the visibility changes with the edit")
            calls = []
            second = nil
            gtk_text_buffer_insert_at_cursor(view.buffer, "b", -1)
            XCTAssertEqual(calls, ["first"], "a token that goes ends its observer")
            XCTAssertNil(second)
            first.cancel()
            first.cancel()  // twice is harmless
            view.text = ""
            XCTAssertEqual(calls, ["first", "visible true"], "cancelled: no more text edits")
            visible.cancel()
        }
    }

    func testEachTextObserverIsToldWhereWhatWasRemovedAndHowMuchWasInserted() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            var edits: [PlaceholderTextView.TextEdit] = []
            let observation = view.observeText { edits.append($0) }
            defer { observation.cancel() }
            gtk_text_buffer_insert_at_cursor(view.buffer, "分享 new", -1)
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_iter_at_offset(view.buffer, &start, 1)
            gtk_text_buffer_get_iter_at_offset(view.buffer, &end, 3)
            gtk_text_buffer_delete(view.buffer, &start, &end)
            gtk_text_buffer_get_iter_at_offset(view.buffer, &start, 1)
            gtk_text_buffer_insert(view.buffer, &start, "é", -1)
            XCTAssertEqual(
                edits,
                [
                    .init(offset: 0, removed: "", insertedCount: 6),
                    .init(offset: 1, removed: "享 ", insertedCount: 0),
                    .init(offset: 1, removed: "", insertedCount: 1),
                ])
            XCTAssertEqual(view.text, "分énew")
        }
    }

    func testTheEarlierMembersStillWork() {
        onMain {
            let view = PlaceholderTextView(placeholder: "p")
            let earlier: any EarlierPlaceholderAPI = view
            var changes = 0
            var transitions: [Bool] = []
            earlier.onTextChanged = { _ in changes += 1 }
            earlier.onPlaceholderVisibilityChanged = { transitions.append($0) }
            gtk_text_buffer_insert_at_cursor(view.buffer, "a", -1)
            XCTAssertEqual(changes, 1)
            XCTAssertEqual(transitions, [false])
            earlier.placeholderColor = PlaceholderColor(red: 1, green: 0, blue: 0).rgba
            XCTAssertEqual(view.placeholderTextColor, PlaceholderColor(red: 1, green: 0, blue: 0))
            XCTAssertEqual(earlier.placeholderColor.map { [$0.red, $0.green, $0.blue, $0.alpha] }, [1, 0, 0, 1])
            #if GTK4
                XCTAssertEqual(UnsafeMutablePointer<GtkWidget>(earlier.scrolledWindow), view.scrolledWindowWidget)
                XCTAssertEqual(UnsafeMutablePointer<GtkWidget>(earlier.placeholderLabel), view.placeholderLabelWidget)
            #else
                XCTAssertEqual(view.scrolledWindow.asWidget, view.scrolledWindowWidget)
                XCTAssertEqual(view.placeholderLabel.asWidget, view.placeholderLabelWidget)
            #endif
        }
    }
}
