import Foundation
import PlaceholderXProbe

/// The app figures of `make bench`: every program started and typed into from outside, in
/// interleaved rounds, each figure a ratio against bare-window-c measured in the same round.
@MainActor
struct AppFigures {
    let directory: URL
    let rounds: Int
    let quick: Bool
    var startup = true
    var typing = true
    /// `--previous EXECUTABLE`: the release compose-window is compared with (the Makefile's
    /// BENCH_PREVIOUS), started in the same rounds.
    var previous: String?

    private var c: AppProbe.Subject { subject("C GTK window", "bare-window-c") }
    /// The control for spell checking: the C window with gspell (what checking costs without us).
    private var cSpelling: AppProbe.Subject { subject("C GTK window with gspell", "bare-window-c", "--spell", "en_US") }
    /// The control for the window itself: compose-window's widgets built in C (what GTK and
    /// GtkSourceView cost for this window without us).
    private var cWidgets: AppProbe.Subject {
        subject("C window with compose-window's widgets", "bare-window-c", "--compose-widgets")
    }
    private var floor: AppProbe.Subject { subject("Swift floor", "bare-window-swift") }
    private var previousRelease: AppProbe.Subject? {
        previous.map { AppProbe.Subject(name: "compose-window, previous release", argv: [$0, "--no-spell"]) }
    }
    private var compose: AppProbe.Subject { subject("compose-window", "compose-window", "--no-spell") }
    /// X's rule: its links, mentions and hashtags highlighted as they are typed (Highlighter).
    private var composeHighlighting: AppProbe.Subject {
        subject("compose-window --count twitter", "compose-window", "--no-spell", "--count", "twitter")
    }
    /// Posting through a signed-in account: the thread offer (its split on a worker after each
    /// pause) and the mention lists' completion at work on every key.
    private var composeSignedIn: AppProbe.Subject {
        subject("compose-window --to mastodon, signed in", "compose-window", "--no-spell", "--to", "mastodon")
    }
    /// Its control: the same count (Mastodon's rule) into standard output.
    private var composeMastodonCount: AppProbe.Subject {
        subject("compose-window --count mastodon", "compose-window", "--no-spell", "--count", "mastodon")
    }
    private var composeSpelling: AppProbe.Subject {
        subject("compose-window --spell en_US", "compose-window", "--spell", "en_US")
    }
    private var zenity: AppProbe.Subject {
        AppProbe.Subject(name: "zenity", argv: ["/usr/bin/zenity", "--text-info", "--editable"])
    }
    private func subject(_ name: String, _ executable: String, _ arguments: String...) -> AppProbe.Subject {
        AppProbe.Subject(name: name, argv: [directory.appendingPathComponent(executable).path] + arguments)
    }

    private var peers: [AppProbe.Subject] {
        FileManager.default.isExecutableFile(atPath: zenity.argv[0]) ? [zenity] : []
    }
    private var subjects: [AppProbe.Subject] {
        [c, cWidgets, floor, compose, composeSpelling, cSpelling] + peers + (previousRelease.map { [$0] } ?? [])
    }
    /// The floor only starts: typing into it is the C window's.
    private var typingSubjects: [AppProbe.Subject] {
        [c, cWidgets, compose, composeHighlighting, composeMastodonCount, composeSignedIn, composeSpelling, cSpelling]
            + peers
    }
    private var sizes: [Int] { quick ? [0, 16] : [0, 100, 1_024] }
    private var keys: Int { quick ? 20 : 300 }

    /// Per subject and size (KB): one value a round.
    struct Series {
        /// The subjects in the order they were listed (for the plot's legend).
        var subjects: [AppProbe.Subject] = []
        func order(_ subject: AppProbe.Subject) -> Int { subjects.firstIndex(of: subject) ?? subjects.count }
        var startup: [AppProbe.Subject: [AppProbe.Startup]] = [:]
        var typing: [AppProbe.Subject: [Int: [AppProbe.Typing]]] = [:]
    }

    func measure() -> (figures: [Figure], series: Series) {
        guard xprobe_open() != 0 else {
            print("placeholder-bench: the display has no XTest or XDamage: no app figures")
            return ([], Series())
        }
        defer { xprobe_close_display() }
        let scratch = AppBench.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: scratch) }
        let probe = AppProbe(scratch: scratch)
        let inputs = Dictionary(
            uniqueKeysWithValues: sizes.map { ($0, AppBench.inputFile(kilobytes: $0, in: scratch)) })
        let text = AppProbe.prose(count: keys)
        var series = Series()
        series.subjects = typingSubjects
        // Start-up is short and noisy on a shared machine: three times the rounds (it costs seconds).
        for round in 0..<(startup ? rounds * 3 : rounds) {
            // A different order each round, so warm caches favour no one.
            let order = subjects.indices.map { subjects[($0 + round) % subjects.count] }
            let typingOrder = typingSubjects.indices.map { typingSubjects[($0 + round) % typingSubjects.count] }
            for subject in order where startup {
                if let startup = probe.startup(subject, inputPath: inputs[0]!) {
                    series.startup[subject, default: []].append(startup)
                }
            }
            for size in sizes where typing && round < rounds {
                for subject in typingOrder {
                    if let typing = probe.typing(subject, inputPath: inputs[size]!, text: text) {
                        series.typing[subject, default: [:]][size, default: []].append(typing)
                    }
                }
            }
        }
        return (figures(series), series)
    }

    private func figures(_ series: Series) -> [Figure] {
        var figures: [Figure] = []
        func startupFigure(
            _ name: String, _ target: String, _ unit: String, _ subject: AppProbe.Subject,
            _ baseline: AppProbe.Subject, _ value: (AppProbe.Startup) -> Double
        ) {
            var figure = Figure(name: name, target: target, unit: unit)
            let pairs = zip(series.startup[subject] ?? [], series.startup[baseline] ?? [])
            for (ours, theirs) in pairs {
                figure.subject.append(value(ours))
                figure.baseline.append(value(theirs))
            }
            if !figure.subject.isEmpty { figures.append(figure) }
        }
        let app = [(compose, ""), (composeSpelling, " --spell en_US")]
        for (subject, suffix) in app {
            startupFigure("compose-window\(suffix): exec to first window / C", "≤ 1.15", "s", subject, c) {
                $0.mappedSeconds
            }
            startupFigure("compose-window\(suffix): exec to first frame / C", "≤ 1.15", "s", subject, c) {
                $0.firstFrameSeconds
            }
            startupFigure("compose-window\(suffix): CPU to first frame / C", "report", "s", subject, c) {
                $0.cpuSeconds
            }
            startupFigure("compose-window\(suffix): RSS at first frame / C", "≤ 1.25", "bytes", subject, c) {
                $0.residentBytes
            }
            startupFigure(
                "compose-window\(suffix): RSS 300 ms after the first frame / C", "≤ 1.40", "bytes", subject, c
            ) { $0.residentLaterBytes }
        }
        startupFigure(
            "compose-window: exec to first frame / C with its widgets", "report", "s", compose, cWidgets
        ) { $0.firstFrameSeconds }
        startupFigure(
            "compose-window: RSS at first frame / C with its widgets", "report", "bytes", compose, cWidgets
        ) { $0.residentBytes }
        if let previousRelease {
            // Both ratios against C, then against each other: more than 5 % slower or larger is a regression.
            startupFigure("previous release: exec to first frame / C", "report", "s", previousRelease, c) {
                $0.firstFrameSeconds
            }
            startupFigure("previous release: RSS at first frame / C", "report", "bytes", previousRelease, c) {
                $0.residentBytes
            }
            startupFigure(
                "previous release: RSS 300 ms after the first frame / C", "report", "bytes", previousRelease, c
            ) { $0.residentLaterBytes }
            startupFigure(
                "compose-window: exec to first frame / previous release", "≤ 1.05", "s", compose, previousRelease
            ) { $0.firstFrameSeconds }
            startupFigure(
                "compose-window: RSS at first frame / previous release", "≤ 1.05", "bytes", compose, previousRelease
            ) { $0.residentBytes }
            startupFigure(
                "compose-window: RSS 300 ms after the first frame / previous release", "≤ 1.05", "bytes", compose,
                previousRelease
            ) { $0.residentLaterBytes }
        }
        startupFigure("Swift floor: exec to first frame / C", "report", "s", floor, c) { $0.firstFrameSeconds }
        startupFigure("Swift floor: RSS at first frame / C", "report", "bytes", floor, c) { $0.residentBytes }
        if series.startup[zenity] != nil {
            startupFigure("compose-window: exec to first frame / zenity", "≤ 1", "s", compose, zenity) {
                $0.firstFrameSeconds
            }
        }

        func typingFigure(
            _ name: String, _ target: String, _ unit: String, _ subject: AppProbe.Subject, size: Int,
            against baseline: AppProbe.Subject? = nil, _ value: (AppProbe.Typing) -> Double
        ) {
            var figure = Figure(name: name, target: target, unit: unit)
            let pairs = zip(series.typing[subject]?[size] ?? [], series.typing[baseline ?? c]?[size] ?? [])
            for (ours, theirs) in pairs {
                figure.subject.append(value(ours))
                figure.baseline.append(value(theirs))
            }
            if !figure.subject.isEmpty { figures.append(figure) }
        }
        for size in sizes {
            let label = size == 0 ? "empty" : size >= 1_024 ? "\(size / 1_024) MB" : "\(size) KB"
            typingFigure("CPU a keystroke into \(label) / C", "≤ 1.15", "s", compose, size: size) {
                $0.cpuSecondsPerKey
            }
            typingFigure(
                "CPU a keystroke into \(label) / C with its widgets", "report", "s", compose, size: size,
                against: cWidgets
            ) { $0.cpuSecondsPerKey }
            typingFigure(
                "CPU a keystroke into \(label), highlighted (--count twitter) / C", "≤ 1.15", "s", composeHighlighting,
                size: size
            ) { $0.cpuSecondsPerKey }
            typingFigure(
                "CPU a keystroke into \(label), highlighted / not", "report", "s", composeHighlighting, size: size,
                against: compose
            ) { $0.cpuSecondsPerKey }
            typingFigure(
                "CPU a keystroke into \(label), signed in (--to mastodon) / --count mastodon", "≤ 1.10", "s",
                composeSignedIn, size: size, against: composeMastodonCount
            ) { $0.cpuSecondsPerKey }
            typingFigure("CPU a keystroke into \(label), --spell en_US / C", "≤ 1.30", "s", composeSpelling, size: size)
            {
                $0.cpuSecondsPerKey
            }
            typingFigure(
                "C window with gspell: CPU a keystroke into \(label) / C", "report", "s", cSpelling, size: size
            ) {
                $0.cpuSecondsPerKey
            }
            typingFigure(
                "CPU a keystroke into \(label), --spell en_US / C with gspell", "≤ 1.15", "s", composeSpelling,
                size: size, against: cSpelling
            ) { $0.cpuSecondsPerKey }
            typingFigure("keystroke to frame p50, \(label) / C", "report", "ms", compose, size: size) { $0.p50 }
            typingFigure("keystroke to frame p99, \(label) / C", "≤ 1.15", "ms", compose, size: size) { $0.p99 }
            typingFigure(
                "keystroke to frame p99, \(label), --spell en_US / C", "≤ 1.15", "ms", composeSpelling, size: size
            ) { $0.p99 }
        }
        if let largest = sizes.last, largest > 0 {
            // Independent of the text's size: compose-window's ratio into the largest text against its
            // ratio into an empty one (GTK's own growth with size is in both and divides out).
            var flat = Figure(name: "CPU a keystroke, largest / empty, against C's", target: "≤ 1.05", unit: "ratio")
            let rounds = min(
                series.typing[compose]?[largest]?.count ?? 0, series.typing[compose]?[0]?.count ?? 0,
                series.typing[c]?[largest]?.count ?? 0, series.typing[c]?[0]?.count ?? 0)
            for round in 0..<rounds {
                flat.subject.append(
                    series.typing[compose]![largest]![round].cpuSecondsPerKey
                        / series.typing[compose]![0]![round].cpuSecondsPerKey)
                flat.baseline.append(
                    series.typing[c]![largest]![round].cpuSecondsPerKey / series.typing[c]![0]![round].cpuSecondsPerKey)
            }
            if !flat.subject.isEmpty { figures.append(flat) }
            typingFigure("RSS after typing into the largest text / C", "report", "bytes", compose, size: largest) {
                $0.residentBytes
            }
        }
        if series.typing[zenity] != nil, let largest = sizes.last {
            typingFigure("zenity: CPU a keystroke into the largest text / C", "report", "s", zenity, size: largest) {
                $0.cpuSecondsPerKey
            }
        }
        return figures
    }
}

extension AppProbe.Typing {
    private var sorted: [Double] { latenciesMilliseconds.filter { !$0.isNaN }.sorted() }
    var p50: Double { AppBench.percentile(sorted, 0.5) }
    var p99: Double { AppBench.percentile(sorted, 0.99) }
}
