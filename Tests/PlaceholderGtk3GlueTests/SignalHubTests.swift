import CPlaceholderGtk3
import PlaceholderGtk3Glue
import XCTest

/// The hub: many signals of several instances through one GClosure, told apart by name; one ended
/// alone, all ended at once, and an instance disposed first (G_DEBUG=fatal-criticals in make test:
/// a disconnection GLib does not know of would abort).
final class SignalHubTests: XCTestCase {
    @MainActor
    private final class Recorder: SignalReceiver {
        var received: [String] = []
        let hub = SignalHub()
        init() { hub.receiver = self }

        func receive(_ emission: SignalEmission) -> Bool {
            for name in ["changed", "notify", "mark-set", "insert-text"] where emission.is(name) {
                received.append(name == "notify" ? "notify \(emission.propertyName ?? "?")" : name)
            }
            if emission.is("insert-text"), let text = emission.argument(2) {
                received.append("text \(String(cString: text.assumingMemoryBound(to: CChar.self)))")
            }
            return false
        }
    }

    func testSignalsOfSeveralInstancesReachOneReceiverByName() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            let other = gtk_text_buffer_new(nil)!
            defer { for object in [buffer, other] { g_object_unref(object.asGPointer) } }
            let recorder = Recorder()
            recorder.hub.connect(buffer, "changed")
            recorder.hub.connect(buffer, "insert-text")
            recorder.hub.connect(other, "notify")
            gtk_text_buffer_set_text(buffer, "ab", -1)
            XCTAssertEqual(recorder.received, ["insert-text", "text ab", "changed"])
            recorder.received = []
            gtk_text_buffer_set_text(other, "c", -1)  // "cursor-position" and "has-selection"? only what changed
            XCTAssertTrue(recorder.received.allSatisfy { $0.hasPrefix("notify ") }, "\(recorder.received)")
            XCTAssertTrue(recorder.received.contains("notify cursor-position"), "\(recorder.received)")
            recorder.hub.stop()
        }
    }

    func testOneConnectionEndsAloneAndStopEndsTheRest() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            defer { g_object_unref(buffer.asGPointer) }
            let recorder = Recorder()
            let changed = recorder.hub.connect(buffer, "changed")
            recorder.hub.connect(buffer, "insert-text")
            recorder.hub.disconnect(changed)
            recorder.hub.disconnect(changed)  // twice: nothing, no critical
            gtk_text_buffer_set_text(buffer, "a", -1)
            XCTAssertEqual(recorder.received, ["insert-text", "text a"])
            recorder.received = []
            recorder.hub.stop()
            gtk_text_buffer_set_text(buffer, "b", -1)
            XCTAssertEqual(recorder.received, [], "nothing after stop()")
            XCTAssertFalse(
                g_signal_has_handler_pending(
                    buffer.asGPointer, g_signal_lookup("changed", gtk_text_buffer_get_type()), 0, 0) != 0)
        }
    }

    func testAnInstanceDisposedFirstLeavesNothingToEnd() {
        MainActor.assumeIsolated {
            let recorder = Recorder()
            let buffer = gtk_text_buffer_new(nil)!
            let changed = recorder.hub.connect(buffer, "changed")
            recorder.hub.connect(buffer, "notify")
            g_object_run_dispose(buffer.cast())  // as gtk_widget_destroy does: every handler dropped
            recorder.hub.disconnect(changed)
            recorder.hub.stop()
            g_object_unref(buffer.asGPointer)
            XCTAssertEqual(recorder.received, [])
        }
    }

    func testTheHubGoesWithItsOwnerAndItsHandlersWithIt() {
        MainActor.assumeIsolated {
            let buffer = gtk_text_buffer_new(nil)!
            defer { g_object_unref(buffer.asGPointer) }
            let changed = g_signal_lookup("changed", gtk_text_buffer_get_type())
            do {
                let recorder = Recorder()
                recorder.hub.connect(buffer, "changed")
                XCTAssertTrue(g_signal_has_handler_pending(buffer.asGPointer, changed, 0, 0) != 0)
            }
            XCTAssertFalse(
                g_signal_has_handler_pending(buffer.asGPointer, changed, 0, 0) != 0, "the hub's deinit ended it")
            gtk_text_buffer_set_text(buffer, "a", -1)  // no receiver to reach: no crash
        }
    }
}
