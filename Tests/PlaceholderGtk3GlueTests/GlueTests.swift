import CPlaceholderGtk3
import ComposeWindowGlue
import PlaceholderGObjectTestSupport
import PlaceholderGtk3Glue
import XCTest

/// The glue without a display: GObjects (text buffers) and GLib only.
final class GlueTests: XCTestCase {
    private final class Sentinel {
        let onDeinit: () -> Void
        init(_ onDeinit: @escaping () -> Void) { self.onDeinit = onDeinit }
        deinit { onDeinit() }
    }

    private final class Owner {}

    func testHandlerRunsAndIsReleasedWhenTheInstanceIsFinalized() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            var calls = 0
            var released = false
            do {
                let sentinel = Sentinel { released = true }
                Signal.connect(buffer, "changed") {
                    _ = sentinel
                    calls += 1
                }
            }
            gtk_text_buffer_set_text(buffer, "a", -1)
            XCTAssertEqual(calls, 1)
            XCTAssertFalse(released, "the connection keeps its closure")
            g_object_unref(buffer.asGPointer)
            XCTAssertTrue(released, "finalizing the instance released the closure")
        }
    }

    func testDisconnectReleasesAndIsSafeTwice() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            defer { g_object_unref(buffer.asGPointer) }
            var released = false
            var calls = 0
            let connection: SignalConnection
            do {
                let sentinel = Sentinel { released = true }
                connection = Signal.connect(buffer, "changed") {
                    _ = sentinel
                    calls += 1
                }
            }
            connection.disconnect()
            XCTAssertTrue(released)
            connection.disconnect()  // already gone: no GLib warning, no crash
            gtk_text_buffer_set_text(buffer, "a", -1)
            XCTAssertEqual(calls, 0)
        }
    }

    func testArgumentAndNotifyHandlers() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            defer { g_object_unref(buffer.asGPointer) }
            var deletedMarks: [String] = []
            Signal.connect(
                buffer, "mark-deleted",
                withArgument: { mark in
                    deletedMarks.append(String(cString: gtk_text_mark_get_name(mark!.cast(to: GtkTextMark.self))))
                })
            var notified = 0
            Signal.onNotify(buffer, "has-selection") { notified += 1 }
            gtk_text_buffer_set_text(buffer, "hello", -1)
            var start = GtkTextIter()
            var end = GtkTextIter()
            gtk_text_buffer_get_bounds(buffer, &start, &end)
            gtk_text_buffer_create_mark(buffer, "bookmark", &start, 1)
            gtk_text_buffer_delete_mark_by_name(buffer, "bookmark")
            XCTAssertEqual(deletedMarks, ["bookmark"])
            gtk_text_buffer_select_range(buffer, &start, &end)
            XCTAssertEqual(notified, 1)
        }
    }

    /// The toggle-reference tie: the owner lives while others hold the object, and not longer.
    func testOwnershipKeepsOwnerAliveOnlyWhileOthersHoldTheObject() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            weak var weakOwner: Owner?
            var ownership: ObjectOwnership?
            do {
                let owner = Owner()
                weakOwner = owner
                ownership = ObjectOwnership(buffer)
                g_object_unref(buffer.asGPointer)  // buffers are not floating: give up our creation ref
                ownership!.adopt(owner: owner)
                XCTAssertFalse(ownership!.keepsOwnerAlive, "only our reference")
                g_object_ref(buffer.asGPointer)  // a container takes it
                XCTAssertTrue(ownership!.keepsOwnerAlive)
                XCTAssertTrue(ObjectOwnership.owner(of: buffer) === owner)
            }
            XCTAssertNotNil(weakOwner, "kept alive by the object's other holder")
            g_object_unref(buffer.asGPointer)  // the container lets go
            XCTAssertNil(weakOwner, "released as soon as only the tie was left")
            var finalized = false
            g_object_weak_ref(buffer.asObject, { data, _ in data!.cast(to: Bool.self).pointee = true }, &finalized)
            ownership!.release()
            XCTAssertTrue(finalized, "releasing the tie finalizes the object")
        }
    }

    /// Plain GObjects that need no display: a text buffer, an entry buffer, a size group.
    func testPropertiesRoundTrip() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            defer { g_object_unref(buffer.asGPointer) }
            Property.set(buffer, "text", "分享新鲜事")
            XCTAssertEqual(Property.string(buffer, "text"), "分享新鲜事")
            XCTAssertFalse(Property.bool(buffer, "has-selection"))

            let entryBuffer = gtk_entry_buffer_new(nil, -1)!
            defer { g_object_unref(entryBuffer.asGPointer) }
            Property.set(entryBuffer, "max-length", Int32(17))
            XCTAssertEqual(Property.int(entryBuffer, "max-length"), 17)

            let group = gtk_size_group_new(GTK_SIZE_GROUP_BOTH)!
            defer { g_object_unref(group.asGPointer) }
            Property.set(group, "ignore-hidden", true)
            XCTAssertTrue(Property.bool(group, "ignore-hidden"))
            Property.set(group, "ignore-hidden", false)
            XCTAssertFalse(Property.bool(group, "ignore-hidden"))
        }
    }

    func testTakeGStringCopiesAndFrees() {
        XCTAssertEqual(takeGString(g_strdup("分享新鲜事…")), "分享新鲜事…")
        XCTAssertNil(takeGString(nil))
        XCTAssertEqual(true.gboolean, 1)
        XCTAssertFalse(Bool(gboolean: 0))
    }

    /// Interface: objects by id, and one-line failures for bad .ui text or a missing id (no widgets:
    /// a text buffer and a tag table need no display).
    func testInterfaceLoadsObjectsAndSaysWhatIsWrong() throws {
        try MainActor.assumeIsolated {
            let text = """
                <interface>
                  <object class="GtkTextBuffer" id="buffer"><property name="text">loaded</property></object>
                </interface>
                """
            let interface = try Interface(text)
            let buffer = try interface.object("buffer", as: GtkTextBuffer.self)
            XCTAssertEqual(gtk_text_buffer_get_char_count(buffer), 6)
            XCTAssertThrowsError(try interface.object("missing", as: GtkTextBuffer.self)) { error in
                XCTAssertEqual("\(error)", "no object with id \"missing\"")
            }
            XCTAssertThrowsError(try Interface("<interface><object class=\"NoSuchType\"/></interface>")) { error in
                XCTAssertTrue("\(error)".contains("NoSuchType"), "\(error)")
            }
        }
    }
}
