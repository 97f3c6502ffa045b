import Foundation

/// Benchmarks/Results/typing.svg: per-keystroke CPU and keystroke-to-frame latency (p50, p99) against the size of
/// the text typed into, one bar per program (medians over the rounds) — for the README.
struct TypingPlot {
    let series: AppFigures.Series

    private static let colours = ["#555753", "#8f5902", "#3465a4", "#73d216", "#cc0000", "#75507b"]
    private static let panelWidth = 300.0
    private static let panelHeight = 180.0

    func write(to path: String) {
        let subjects = series.typing.keys.sorted { series.order($0) < series.order($1) }
        let sizes = Set(series.typing.values.flatMap(\.keys)).sorted()
        guard !subjects.isEmpty, !sizes.isEmpty else { return }
        func median(_ subject: AppProbe.Subject, _ size: Int, _ value: (AppProbe.Typing) -> Double) -> Double {
            Figure.median((series.typing[subject]?[size] ?? []).map(value))
        }
        let panels: [(title: String, value: (AppProbe.Typing) -> Double)] = [
            ("CPU a keystroke (ms)", { $0.cpuSecondsPerKey * 1e3 }),
            ("keystroke to frame, p50 (ms)", { $0.p50 }),
            ("keystroke to frame, p99 (ms)", { $0.p99 }),
        ]
        var svg: [String] = []
        let width = 40 + Double(panels.count) * (Self.panelWidth + 40)
        let height = 70 + Self.panelHeight + 30 + 22 * Double(subjects.count)
        svg.append(
            "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(Int(width))\" height=\"\(Int(height))\" font-family=\"sans-serif\" font-size=\"12\">"
        )
        svg.append("<rect width=\"100%\" height=\"100%\" fill=\"white\"/>")
        for (panelIndex, panel) in panels.enumerated() {
            let left = 40 + Double(panelIndex) * (Self.panelWidth + 40)
            let top = 40.0
            let values = subjects.flatMap { subject in sizes.map { median(subject, $0, panel.value) } }
            let maximum = max(values.filter(\.isFinite).max() ?? 1, 1e-9) * 1.1
            svg.append("<text x=\"\(left)\" y=\"24\" font-weight=\"bold\">\(panel.title)</text>")
            svg.append(
                "<line x1=\"\(left)\" y1=\"\(top + Self.panelHeight)\" x2=\"\(left + Self.panelWidth)\" y2=\"\(top + Self.panelHeight)\" stroke=\"black\"/>"
            )
            let groupWidth = Self.panelWidth / Double(sizes.count)
            let barWidth = (groupWidth - 12) / Double(subjects.count)
            for (sizeIndex, size) in sizes.enumerated() {
                let groupLeft = left + Double(sizeIndex) * groupWidth + 6
                let label = size == 0 ? "empty" : size >= 1_024 ? "\(size / 1_024) MB" : "\(size) KB"
                svg.append(
                    "<text x=\"\(groupLeft + (groupWidth - 12) / 2)\" y=\"\(top + Self.panelHeight + 16)\" text-anchor=\"middle\">\(label)</text>"
                )
                for (subjectIndex, subject) in subjects.enumerated() {
                    let value = median(subject, size, panel.value)
                    guard value.isFinite else { continue }
                    let barHeight = value / maximum * Self.panelHeight
                    let x = groupLeft + Double(subjectIndex) * barWidth
                    svg.append(
                        String(
                            format:
                                "<rect x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" height=\"%.1f\" fill=\"%@\"><title>%@: %.2f</title></rect>",
                            x, top + Self.panelHeight - barHeight, barWidth - 1, barHeight,
                            Self.colours[subjectIndex % Self.colours.count], subject.name, value))
                    svg.append(
                        String(
                            format: "<text x=\"%.1f\" y=\"%.1f\" font-size=\"8\" text-anchor=\"middle\">%.2g</text>",
                            x + barWidth / 2, top + Self.panelHeight - barHeight - 2, value))
                }
            }
        }
        for (index, subject) in subjects.enumerated() {
            let y = 40 + Self.panelHeight + 34 + 22 * Double(index)
            svg.append(
                "<rect x=\"40\" y=\"\(y - 11)\" width=\"14\" height=\"14\" fill=\"\(Self.colours[index % Self.colours.count])\"/>"
            )
            svg.append("<text x=\"60\" y=\"\(y)\">\(subject.name)</text>")
        }
        svg.append("</svg>")
        try? FileManager.default.createDirectory(
            at: URL(fileURLWithPath: path).deletingLastPathComponent(), withIntermediateDirectories: true)
        try? (svg.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
    }
}
