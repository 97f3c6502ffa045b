import Foundation

/// SplitMix64: a small seeded generator so a failing seed replays exactly.
public struct SeededGenerator: RandomNumberGenerator {
    /// The next value comes from this (printed as the seed before the first).
    public var state: UInt64

    /// The next number of the sequence.
    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Seeded from the environment variable `name` when set (to replay a failure, or the fresh seeds
    /// `make check-fuzz` picks), else from `fixed`: `make test` is deterministic. The test prints the seed.
    public init(seedFrom name: String, fixed: UInt64) {
        state = Self.seeds(from: name, fixed: [fixed])[0]
    }

    /// The seeds a test runs: the one in the environment variable `name` when set, else `fixed`.
    public static func seeds(from name: String, fixed: [UInt64]) -> [UInt64] {
        ProcessInfo.processInfo.environment[name].flatMap(UInt64.init).map { [$0] } ?? fixed
    }

    /// Starts from `state`.
    public init(state: UInt64) { self.state = state }
}
