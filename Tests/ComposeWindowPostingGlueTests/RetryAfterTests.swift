import ComposeWindowPostingGlue
import Testing

/// Retry-After as delay-seconds or as an HTTP date, read by libsoup (RFC 9110 §10.2.3).
@Suite struct RetryAfterTests {
    /// Wed, 02 Dec 2026 08:00:00 GMT.
    static let now: Int64 = 1_796_198_400

    @Test(arguments: [
        ("120", "120"),
        ("Wed, 02 Dec 2026 08:00:30 GMT", "30"),
        ("Wednesday, 02-Dec-26 08:01:00 GMT", "60"),  // RFC 850, which a server may still send
        ("Wed Dec  2 08:00:05 2026", "5"),  // asctime
        ("Wed, 02 Dec 2026 07:00:00 GMT", "0"),  // already past
        ("soon", "soon"),  // neither: the rules refuse it
    ])
    func asSecondsOrAnHTTPDate(header: String, seconds: String) {
        #expect(HTTPSClient.retryAfterSeconds(header, now: Self.now) == seconds)
    }
}

/// Mastodon's X-RateLimit-Reset (ISO 8601 with microseconds, Rack::Attack's), read by GLib: the
/// seconds until it, rounded up; nothing for what is not a time.
@Suite struct RateLimitResetTests {
    @Test(arguments: [
        ("2026-12-02T08:00:30.000000Z", "30"), ("2026-12-02T08:00:30.250000Z", "31"), ("2026-12-02T07:59:00Z", "0"),
    ])
    func theSecondsUntilTheReset(header: String, seconds: String) {
        #expect(HTTPSClient.secondsUntil(iso8601: header, now: RetryAfterTests.now) == seconds)
    }

    @Test func anythingElseIsNoTime() {
        for header in ["", "soon", "300", "2026-13-02T08:00:30Z"] {
            #expect(HTTPSClient.secondsUntil(iso8601: header, now: RetryAfterTests.now) == nil)
        }
    }
}
