import Testing

@testable import ComposeWindowCore

/// A scheduled post through time (#61, PostingWorld+Time): every sequence of sleep, the network
/// going and coming back, the clock set either way, the window's and the systemd timer's firing
/// in either order, `--deliver` finding the post held by a window, the scheduled status deleted on
/// the web, and the person's actions and the servers' answers, walked to a bounded depth with every
/// invariant checked after each step.
@Suite struct ScheduledTimeExplorerTests {
    /// Seven steps for one network (what the explorer's gaps took: sleep, the timer, a 401, a
    /// window opened, Send, a kill); six when cross-posted, whose time logic is the same and whose
    /// seventh step costs two minutes of `make test`. EXPLORE_DEPTH (`make check-explore`) walks
    /// both deeper.
    static func depth(of world: PostingWorld) -> Int {
        let deepest = PostingExplorerTests.exploreDepth(default: 7)
        return world.networks.count > 1 ? min(deepest, PostingExplorerTests.exploreDepth(default: 6)) : deepest
    }
    static let schedule = PostingWorld.start + 600

    /// Each world starts once Send has scheduled the post and the window has closed (the other
    /// explorer walks Send's own faults).
    static let worlds: [(String, PostingWorld)] = [
        (
            "Mastodon, scheduled, through time",
            scheduled(
                PostingWorld(networks: [ModelNetwork(network: .mastodon)], scheduleFor: schedule, walksTime: true))
        ),
        (
            "Mastodon and Bluesky, scheduled, through time",
            scheduled(
                PostingWorld(
                    networks: [ModelNetwork(network: .mastodon), ModelNetwork(network: .bluesky)],
                    scheduleFor: schedule, walksTime: true))
        ),
        (
            "Mastodon, kept by the server, through time",
            scheduled(
                PostingWorld(
                    networks: [ModelNetwork(network: .mastodon)], scheduleFor: schedule, serverKeeps: true,
                    walksTime: true))
        ),
    ]

    /// `world` once Send has scheduled its post, every request answered.
    static func scheduled(_ world: PostingWorld) -> PostingWorld {
        var world = world
        _ = world.take(.person(.send))
        while world.inFlight != nil { _ = world.take(.network(.answer)) }
        return world
    }

    @Test func eachWorldStartsWithThePostScheduledAndItsWindowClosed() {
        for (name, world) in Self.worlds {
            #expect(world.session == nil, "\(name)")
            #expect(world.outbox?.isScheduled == true, "\(name)")
            #expect(world.deliveryTimer == Self.schedule, "\(name)")
        }
    }

    @Test(arguments: worlds.indices)
    func everySequenceKeepsThePostsTime(world: Int) {
        let (name, start) = Self.worlds[world]
        let clock = ContinuousClock()
        var walk = PostingExplorerTests.Walk()
        let took = clock.measure { walk = PostingExplorerTests.explore(start, depth: Self.depth(of: start)) }
        if let (broken, steps) = walk.violation {
            Issue.record("\(name): \(broken) after \(steps.map(\.name).joined(separator: ", "))")
        }
        print("explorer: \(name): \(walk.sequences) sequences through \(walk.states) states in \(took)")
        #expect(walk.sequences > 100_000, "the walk covers the space")
    }
}
