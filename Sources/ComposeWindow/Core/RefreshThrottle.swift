/// Shows a changing value at most once per `interval` while it keeps changing, and the last value
/// once it stops (`flush`). The compose window's counter label goes through it: each new text
/// there relayouts the whole window.
public struct RefreshThrottle<Value: Equatable & Sendable>: Sendable {
    /// In the unit of the times given (the window uses microseconds).
    public let interval: Int64
    /// The value last shown.
    public private(set) var shown: Value?
    /// A value held back, for `flush`.
    public private(set) var pending: Value?
    private var shownAt: Int64?

    /// Nothing shown yet; values at most once per `interval` after the first.
    public init(interval: Int64) { self.interval = interval }

    /// A new `value` at `now`: returns it if it is to be shown now (the first, one an interval after
    /// the last shown, or an `urgent` one); otherwise holds it as `pending`.
    public mutating func offer(_ value: Value, at now: Int64, urgent: Bool = false) -> Value? {
        guard value != shown else {
            pending = nil  // back to what is shown: nothing to catch up on
            return nil
        }
        if urgent || shownAt.map({ now - $0 >= interval }) ?? true { return show(value, at: now) }
        pending = value
        return nil
    }

    /// After a pause: the value held back, if any, to be shown now.
    public mutating func flush(at now: Int64) -> Value? { pending.map { show($0, at: now) } }

    private mutating func show(_ value: Value, at now: Int64) -> Value {
        shown = value
        shownAt = now
        pending = nil
        return value
    }
}
