import Foundation
import GtkPlaceholder4

/// One figure of the GTK 4 bench: ratios per round (the widget against its baseline), and where
/// callgrind measured the same work, its instruction ratio, which is then the figure reported.
struct Figure: Codable {
    let name: String
    let ratios: [Double]
    let median: Double
    let baseline: [Double]
    let unit: String
    /// "≤ 1.00" and the like; nil: reported only.
    var target: String?
    /// Callgrind's instructions (widget, baseline) for the same work.
    var instructions: [Double]?
    var instructionRatio: Double? { instructions.map { $0[0] / $0[1] } }
    /// What the target is checked against.
    var reported: Double { instructionRatio ?? median }

    var verdict: String {
        guard let limit = target.flatMap({ Double($0.replacingOccurrences(of: "≤ ", with: "")) }) else {
            return "report"
        }
        return reported <= limit ? "met" : "NOT met"
    }

    enum CodingKeys: String, CodingKey {
        case name, ratios, median, baseline, unit, target, instructions, instructionRatio, verdict
    }

    init(name: String, ratios: [Double], median: Double, baseline: [Double], unit: String, target: String? = nil) {
        (self.name, self.ratios, self.median, self.baseline, self.unit) = (name, ratios, median, baseline, unit)
        self.target = target
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        ratios = try container.decode([Double].self, forKey: .ratios)
        median = try container.decode(Double.self, forKey: .median)
        baseline = try container.decode([Double].self, forKey: .baseline)
        unit = try container.decode(String.self, forKey: .unit)
        target = try container.decodeIfPresent(String.self, forKey: .target)
        instructions = try container.decodeIfPresent([Double].self, forKey: .instructions)
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(ratios, forKey: .ratios)
        try container.encode(median, forKey: .median)
        try container.encode(baseline, forKey: .baseline)
        try container.encode(unit, forKey: .unit)
        try container.encodeIfPresent(target, forKey: .target)
        try container.encodeIfPresent(instructions, forKey: .instructions)
        try container.encodeIfPresent(instructionRatio, forKey: .instructionRatio)
        try container.encode(verdict, forKey: .verdict)
    }

    /// One line of the printed table.
    var row: String {
        let figure =
            instructionRatio.map { String(format: "%.3f instructions (CPU %.3f)", $0, median) }
            ?? String(format: "%.3f", median)
        return "\(name): \(figure) [\(String(format: "%.3f–%.3f", ratios.min() ?? .nan, ratios.max() ?? .nan))]"
            + " \(target ?? "report") \(verdict)"
    }
}

extension Bench4 {
    /// Rounds alternating the placeholder view and its baseline; ratios per round.
    static func interleaved(_ name: String, unit: String, target: String? = nil, _ measure: (Bool) -> Double)
        -> Figure
    {
        var ratios: [Double] = []
        var baseline: [Double] = []
        _ = measure(true)  // warm caches (fonts, GL/cairo set-up) outside the rounds
        _ = measure(false)
        for round in 0..<rounds {
            // Which goes first alternates, so that neither always gets the warmer cache.
            let first = measure(round % 2 == 0)
            let second = measure(round % 2 != 0)
            let (withPlaceholder, bare) = round % 2 == 0 ? (first, second) : (second, first)
            ratios.append(withPlaceholder / bare)
            baseline.append(bare)
        }
        return Figure(
            name: name, ratios: ratios, median: median(ratios), baseline: baseline, unit: unit, target: target)
    }

    static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// Runs this binary in `mode` and reads the one number it prints.
    static func subprocess(_ mode: [String]) -> Int {
        let arguments = quick ? mode + ["--quick"] : mode
        let process = Process()
        process.executableURL = URL(fileURLWithPath: CommandLine.arguments[0])
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try! process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Int(String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)) ?? 0
    }
}
