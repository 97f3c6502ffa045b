import XCTest

#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// One source compiled into both toolkits' suites (see SharedCoreTests.swift): the part of the
// adapter that reads the same on both.

/// Base class for tests that drive real widgets of the suite's toolkit. XCTest runs test methods
/// on the main thread (Swift Testing's @MainActor tests do not, on Linux), where the toolkit's
/// `Harness` initialises GTK once.
class BehaviourTestCase: XCTestCase {
    override func setUp() {
        super.setUp()
        MainActor.assumeIsolated { Harness.start() }
    }

    /// Runs a test body on the main actor; the test thread is the main thread.
    func onMain(_ body: @MainActor () throws -> Void) rethrows {
        try MainActor.assumeIsolated(body)
    }
}

/// A widget's place and size in another's coordinates.
struct WidgetBounds {
    var x: Int32
    var y: Int32
    var width: Int32
    var height: Int32
}

extension Toolkit {
    /// `child`'s allocation in `ancestor`'s coordinates.
    static func bounds(of child: UnsafeMutablePointer<GtkWidget>, in ancestor: UnsafeMutablePointer<GtkWidget>)
        -> WidgetBounds
    {
        let (x, y) = point(0, 0, from: child, to: ancestor)
        return WidgetBounds(x: x, y: y, width: width(child), height: height(child))
    }
}
