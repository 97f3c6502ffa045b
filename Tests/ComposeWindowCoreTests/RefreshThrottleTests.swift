import ComposeWindowCore
import Testing

/// The counter label's rate limit: live while typing, never stale once typing stops.
struct RefreshThrottleTests {
    @Test func firstValueShowsAtOnceThenAtMostOncePerInterval() {
        var throttle = RefreshThrottle<String>(interval: 100)
        #expect(throttle.offer("1", at: 0) == "1")
        #expect(throttle.offer("2", at: 15) == nil, "within the interval: held")
        #expect(throttle.offer("3", at: 30) == nil)
        #expect(throttle.pending == "3", "the latest is held, not the first")
        #expect(throttle.offer("4", at: 100) == "4", "an interval after the last shown")
        #expect(throttle.pending == nil)
        #expect(throttle.shown == "4")
    }

    @Test func theLastValueOfABurstComesWithTheFlush() {
        var throttle = RefreshThrottle<Int>(interval: 100)
        _ = throttle.offer(1, at: 0)
        for (index, time) in stride(from: 15, to: 90, by: 15).enumerated() {
            #expect(throttle.offer(2 + index, at: Int64(time)) == nil)
        }
        #expect(throttle.flush(at: 100) == 6)
        #expect(throttle.shown == 6)
        #expect(throttle.flush(at: 200) == nil, "nothing held any more")
    }

    @Test func urgentValuesAndReturnsToTheShownValue() {
        var throttle = RefreshThrottle<String>(interval: 100)
        _ = throttle.offer("139/140", at: 0)
        #expect(throttle.offer("141/140 · 1 over", at: 10, urgent: true) == "141/140 · 1 over", "crossing the limit")
        #expect(throttle.offer("142/140 · 2 over", at: 20) == nil)
        #expect(throttle.offer("141/140 · 1 over", at: 30) == nil, "the shown value again")
        #expect(throttle.pending == nil, "so no stale value is flushed over it")
        #expect(throttle.flush(at: 110) == nil)
    }
}
