import ComposeWindowCore
import Foundation

/// compose-window's counter on its own, per counting rule: typing at the end of 1 MB of text (CJK,
/// Latin, URLs, mentions) against typing into an empty text. Each keystroke recounts one window
/// (IncrementalCounter.window, as CountTracker does), so the ratio stays near 1 whatever the size.
@MainActor
enum CounterBench {
    static func figures(rounds: Int, typed: Int, megabytes: Int) -> [Figure] {
        let line = Array(
            "分享新鲜事 Share something new, see https://example.com/p?q=1 and @alice@example.social.\n".unicodeScalars)
        let prefill = Array(repeatElement(line, count: megabytes * 1_048_576 / 110).joined())
        return CountingRule.allCases.map { rule in
            var figure = Figure(
                name: "counter (\(rule.name)): typing \(typed) characters at the end of 1 MB / of nothing",
                target: "≤ 1.05", unit: "s")
            interleave(&figure, rounds: rounds) {
                type(typed, after: prefill, rule: rule)
            } baseline: {
                type(typed, after: [], rule: rule)
            }
            return figure
        }
    }

    /// Seconds for `count` one-character insertions at the end, each recounting its window.
    private static func type(_ count: Int, after prefill: [Unicode.Scalar], rule: CountingRule) -> Double {
        var text = prefill
        var counter = IncrementalCounter(rule: rule)
        counter.reset(to: String(String.UnicodeScalarView(text)))
        let typing = Array("Typed now: 你好 https://x.org/a @bob ".unicodeScalars)
        let start = DispatchTime.now().uptimeNanoseconds
        for index in 0..<count {
            let position = text.count
            let window = IncrementalCounter.window(
                rule: rule, editStart: position, editEnd: position, count: text.count, scalarAt: { text[$0] })
            let before = String(String.UnicodeScalarView(text[window]))
            text.append(typing[index % typing.count])
            let after = String(String.UnicodeScalarView(text[window.lowerBound..<window.upperBound + 1]))
            counter.apply(windowBefore: before, windowAfter: after)
        }
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
