import Foundation

/// A figure measured in interleaved rounds (subject, baseline, subject, baseline, …): the ratio of
/// each round, and their median, minimum and maximum.
struct Figure: Encodable {
    let name: String
    let target: String
    let unit: String
    var subject: [Double] = []
    var baseline: [Double] = []
    /// For counts that are not ratios (label allocations, reports).
    var absolute: Double?
    /// Callgrind's instructions for the same work (subject, baseline): when present, their ratio is
    /// the reported figure and the wall clock stands beside it.
    var instructions: (subject: Double, baseline: Double)?
    var instructionRatio: Double? { instructions.map { $0.subject / $0.baseline } }

    var ratios: [Double] { zip(subject, baseline).map { $1 == 0 ? .nan : $0 / $1 } }
    var median: Double { Figure.median(ratios) }
    /// What the target is checked against.
    var reported: Double { absolute ?? instructionRatio ?? median }

    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted.count % 2 == 1
            ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
    }

    enum CodingKeys: String, CodingKey {
        case name, target, unit, subject, baseline, absolute, ratios, median, instructions, instructionRatio
    }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(target, forKey: .target)
        try container.encode(unit, forKey: .unit)
        try container.encode(subject, forKey: .subject)
        try container.encode(baseline, forKey: .baseline)
        try container.encodeIfPresent(absolute, forKey: .absolute)
        if absolute == nil {
            try container.encode(ratios, forKey: .ratios)
            try container.encode(median, forKey: .median)
        }
        if let instructions {
            try container.encode([instructions.subject, instructions.baseline], forKey: .instructions)
            try container.encodeIfPresent(instructionRatio, forKey: .instructionRatio)
        }
    }

    /// One table row: name, median ratio [min–max], target, verdict.
    var row: String {
        if let absolute {
            return String(format: "| %@ | %.1f | — | %@ | %@ |", name, absolute, target, verdict)
        }
        let ratios = self.ratios
        if let instructionRatio {
            return String(
                format: "| %@ | %.3f instructions | wall clock %.3f (%.3f–%.3f) | %@ | %@ |", name, instructionRatio,
                median, ratios.min() ?? .nan, ratios.max() ?? .nan, target, verdict)
        }
        return String(
            format: "| %@ | %.3f | %.3f–%.3f | %@ | %@ |", name, median, ratios.min() ?? .nan, ratios.max() ?? .nan,
            target, verdict)
    }

    var verdict: String {
        guard let limit = Double(target.replacingOccurrences(of: "≤ ", with: "")) else { return "report" }
        guard reported > limit else { return "met" }
        return name.hasSuffix("/ previous release") ? "REGRESSION" : "NOT met"
    }
}

/// Runs `subject` and `baseline` alternately `rounds` times; each returns its measurement.
@MainActor
func interleave(_ figure: inout Figure, rounds: Int, subject: () -> Double, baseline: () -> Double) {
    for round in 0..<rounds {
        // Alternate which goes first, so warm caches favour neither.
        if round % 2 == 0 {
            figure.subject.append(subject())
            figure.baseline.append(baseline())
        } else {
            figure.baseline.append(baseline())
            figure.subject.append(subject())
        }
    }
}
