import Foundation
import Testing

@testable import ComposeWindowCore

/// Every sequence of a person's actions and the networks' answers, up to a bounded depth, walked
/// against the model of each network (alone, Mastodon from before its idempotency lock, and both
/// cross-posted), the invariants checked after every step:
/// - no network holds the post twice, and every post it holds carries each image once;
/// - each post of a thread answers the one before as stored, and a reply's first post the post it
///   answers (on Bluesky, every post has the conversation's first post as root);
/// - the person's latest text is on a network, or kept in the draft or the outbox;
/// - Send and Retry never do nothing the person can see, and a network that must wait is tried
///   again by the window at a time it says;
/// - the person is never stuck: from every state, with the faults gone, signing in again, waiting
///   and Send post it (PostingWorld+Recovery);
/// - standard output holds only links of this run's post.
/// States already walked with as many steps left are not walked again; the count of sequences is
/// of all sequences those states stand for.
@Suite struct PostingExplorerTests {
    struct Walk {
        var sequences = 0
        var states = 0
        var violation: (String, [PostingWorld.Step])?
    }

    /// Walks every sequence of up to `depth` steps from `start`.
    static func explore(_ start: PostingWorld, depth: Int) -> Walk {
        var walk = Walk()
        var sequencesFrom: [PostingWorld: [Int: Int]] = [:]
        var path: [PostingWorld.Step] = []
        func visit(_ world: PostingWorld, _ left: Int) -> Int {
            if walk.violation != nil { return 0 }
            let steps = left == 0 ? [] : world.possibleSteps
            if steps.isEmpty { return 1 }
            if let known = sequencesFrom[world]?[left] { return known }
            if sequencesFrom[world] == nil, let stuck = world.stuck() {
                walk.violation = (stuck, path)
                return 0
            }
            walk.states += 1
            var count = 0
            for step in steps {
                var next = world
                path.append(step)
                if let broken = next.take(step) {
                    walk.violation = (broken, path)
                    return 0
                }
                count += visit(next, left - 1)
                path.removeLast()
            }
            sequencesFrom[world, default: [:]][left] = count
            return count
        }
        walk.sequences = visit(start, depth)
        return walk
    }

    /// Steps walked: six in `make test` (seven cost it half an hour); `make check-explore` walks
    /// EXPLORE_DEPTH (seven, or more).
    static let depth = exploreDepth(default: 6)
    /// Deep enough for "a lookup fails, the person signs in again, Send" after an hour-old unknown
    /// outcome (seven steps): with "may have it" forgotten on a failed lookup, seven finds the
    /// duplicate and six does not. Plain Mastodon is always walked this deep.
    static let regressionDepth = max(depth, 7)

    /// EXPLORE_DEPTH when set (bounded: ten steps already take hours), else `fallback`.
    static func exploreDepth(default fallback: Int) -> Int {
        guard let value = ProcessInfo.processInfo.environment["EXPLORE_DEPTH"].flatMap({ Int($0) }) else {
            return fallback
        }
        return min(max(value, 3), 10)
    }

    static let image = [PostImage(path: "/home/alice/photo.jpg", alt: "A photo")]

    static let mastodonReply = ModelNetwork.withParent(.mastodon)
    static let blueskyReply = ModelNetwork.withParent(.bluesky)

    /// Before 4.2.9, a repeated key of a scheduled post makes a second one.
    static let beforeTheScheduledKeyFix: ModelNetwork = {
        var model = ModelNetwork(network: .mastodon)
        model.scheduledKeyRepeats = true
        return model
    }()

    static let oldScopes: ModelNetwork = {
        var model = ModelNetwork(network: .mastodon)
        model.scopes = ["write:statuses", "write:media", "read:accounts", "read:search"]
        return model
    }()
    static func olderPost(age: Int64) -> ModelNetwork {
        ModelNetwork.withOlderPost("text 0", account: PostingWorld.alice, now: PostingWorld.start, age: age)
    }

    static let configurations: [(String, [ModelNetwork], [PostImage], [PostingAccount.Network: Int], ReplyParent?)] = [
        ("Mastodon before its lock", [ModelNetwork(network: .mastodon, beforeTheLock: true)], [], [:], nil),
        ("Bluesky", [ModelNetwork(network: .bluesky)], [], [:], nil),
        ("Mastodon and Bluesky", [ModelNetwork(network: .mastodon), ModelNetwork(network: .bluesky)], [], [:], nil),
        // An image: its upload is one more request, with every fault a request can meet.
        ("Mastodon with an image", [ModelNetwork(network: .mastodon)], image, [:], nil),
        ("Bluesky with an image", [ModelNetwork(network: .bluesky)], image, [:], nil),
        // A thread: every fault at either post, and the second only once the first is there.
        ("a Mastodon thread of 2", [ModelNetwork(network: .mastodon)], [], [.mastodon: 2], nil),
        (
            "a Mastodon thread of 2 before its lock", [ModelNetwork(network: .mastodon, beforeTheLock: true)], [],
            [.mastodon: 2], nil
        ),
        ("a Bluesky thread of 2", [ModelNetwork(network: .bluesky)], [], [.bluesky: 2], nil),
        ("a Bluesky thread of 3 with an image", [ModelNetwork(network: .bluesky)], image, [.bluesky: 3], nil),
        // A reply: its first post answers Bob's post (on Bluesky, every post has it as root).
        ("a Mastodon reply thread of 2", [mastodonReply.0], [], [.mastodon: 2], mastodonReply.1),
        ("a Bluesky reply thread of 2", [blueskyReply.0], [], [.bluesky: 2], blueskyReply.1),
        // What the servers' code showed (docs/servers.md): a sign-in without read:statuses, whose
        // look-ups get 403; a repeated key answered 500 (4.6.0 to 4.7.x); the same words posted
        // a day before (never taken for this post) and five minutes before (the person's call).
        ("Mastodon signed in before read:statuses", [oldScopes], [], [:], nil),
        (
            "Mastodon 4.6, a repeated key answered 500", [ModelNetwork(network: .mastodon, repeatFails: true)], [], [:],
            nil
        ),
        ("Mastodon with the same words posted a day before", [olderPost(age: 86_400)], [], [:], nil),
        ("Mastodon with the same words posted 5 minutes before", [olderPost(age: 300)], [], [:], nil),
    ]

    /// Worlds where the person also posts from another app: 45 statuses, boosts among them, push
    /// this post off the first page of the account's statuses.
    static let elsewhere: [(String, [ModelNetwork], [PostingAccount.Network: Int])] = [
        ("Mastodon, with more statuses posted elsewhere than a page holds", [ModelNetwork(network: .mastodon)], [:]),
        ("a Mastodon thread of 2, with statuses posted elsewhere", [ModelNetwork(network: .mastodon)], [.mastodon: 2]),
    ]

    @Test(arguments: elsewhere.indices)
    func everySequenceKeepsThePromiseWithStatusesPostedElsewhere(configuration: Int) {
        let (name, networks, threadLengths) = Self.elsewhere[configuration]
        let walk = Self.explore(
            PostingWorld(networks: networks, threadLengths: threadLengths, postsElsewhere: true), depth: Self.depth)
        if let (broken, steps) = walk.violation {
            Issue.record("\(name): \(broken) after \(steps.map(\.name).joined(separator: ", "))")
        }
        print("explorer: \(name): \(walk.sequences) sequences of \(Self.depth) steps through \(walk.states) states")
        #expect(walk.sequences > 100_000, "the walk covers the space")
    }

    /// A Mastodon reply, with Alice's accounts on her server and on another, where Bob's post has
    /// another id: switching finds it through the new account's server, and a post that may have
    /// gone keeps answering it as first found, from the account that sent it.
    @Test func everySequenceKeepsTheReplyOnItsServer() {
        let walk = Self.explore(
            PostingWorld(networks: [Self.mastodonReply.0], replyTo: Self.mastodonReply.1, otherServer: true),
            depth: Self.depth)
        if let (broken, steps) = walk.violation {
            Issue.record(
                "a reply with accounts on two servers: \(broken) after \(steps.map(\.name).joined(separator: ", "))")
        }
        print(
            "explorer: a reply with accounts on two servers: \(walk.sequences) sequences through \(walk.states) states")
        #expect(walk.sequences > 100_000, "the walk covers the space")
    }

    @Test func everySequenceKeepsThePromiseOnMastodonSevenStepsDeep() {
        Self.walk("Mastodon", PostingWorld(networks: [ModelNetwork(network: .mastodon)]), depth: Self.regressionDepth)
    }

    @Test(arguments: configurations.indices)
    func everySequenceKeepsThePromise(configuration: Int) {
        let (name, networks, images, threadLengths, replyTo) = Self.configurations[configuration]
        let clock = ContinuousClock()
        var walk = Walk()
        let took = clock.measure {
            walk = Self.explore(
                PostingWorld(networks: networks, images: images, threadLengths: threadLengths, replyTo: replyTo),
                depth: Self.depth)
        }
        if let (broken, steps) = walk.violation {
            Issue.record("\(name): \(broken) after \(steps.map(\.name).joined(separator: ", "))")
        }
        print(
            "explorer: \(name): \(walk.sequences) sequences of \(Self.depth) steps through \(walk.states) states in \(took)"
        )
        #expect(walk.sequences > 100_000, "the walk covers the space")
    }

    /// Scheduled posts (ten minutes ahead) and Undo Send: besides every invariant above, nothing
    /// of a post leaves before its time (until Post now) nor after Undo, whichever timers fire
    /// (early, late, twice, after the machine slept past the time) and whatever is killed.
    static let scheduled: [(String, PostingWorld)] = [
        ("Mastodon, scheduled", PostingWorld(networks: [ModelNetwork(network: .mastodon)], scheduleFor: schedule)),
        ("Bluesky, scheduled", PostingWorld(networks: [ModelNetwork(network: .bluesky)], scheduleFor: schedule)),
        (
            "Mastodon and Bluesky, scheduled",
            PostingWorld(
                networks: [ModelNetwork(network: .mastodon), ModelNetwork(network: .bluesky)], scheduleFor: schedule)
        ),
        (
            "a Bluesky thread of 2 with an image, scheduled",
            PostingWorld(
                networks: [ModelNetwork(network: .bluesky)], images: image, threadLengths: [.bluesky: 2],
                scheduleFor: schedule)
        ),
        ("Mastodon, with Undo Send", PostingWorld(networks: [ModelNetwork(network: .mastodon)], undoSeconds: 5)),
    ]
    static let schedule = PostingWorld.start + 600

    @Test(arguments: scheduled.indices)
    func everySequenceKeepsAScheduledPostsTime(configuration: Int) {
        let (name, world) = Self.scheduled[configuration]
        Self.walk(name, world)
    }

    /// Scheduled posts Mastodon keeps (`scheduled_at`): scheduled once whatever is lost or killed,
    /// looked up among the scheduled statuses, published by the server at its time and found
    /// again; withdrawn (DELETE) before Post now, an edit or Discard, whatever DELETE meets. Besides
    /// every invariant above: nothing is published before its time, the server never holds or
    /// keeps two copies, and nothing stays kept once the post is out or discarded.
    static let keptByTheServer: [(String, PostingWorld)] = [
        (
            "Mastodon, kept by the server",
            PostingWorld(networks: [ModelNetwork(network: .mastodon)], scheduleFor: schedule, serverKeeps: true)
        ),
        (
            "Mastodon before 4.2.9, kept by the server",
            PostingWorld(networks: [beforeTheScheduledKeyFix], scheduleFor: schedule, serverKeeps: true)
        ),
        (
            "a Mastodon reply, kept by the server",
            PostingWorld(
                networks: [mastodonReply.0], replyTo: mastodonReply.1, scheduleFor: schedule, serverKeeps: true)
        ),
        (
            "Mastodon with an image, kept by the server",
            PostingWorld(
                networks: [ModelNetwork(network: .mastodon)], images: image, scheduleFor: schedule, serverKeeps: true)
        ),
    ]

    @Test(arguments: keptByTheServer.indices)
    func everySequenceKeepsAPostTheServerKeepsOnce(configuration: Int) {
        let (name, world) = Self.keptByTheServer[configuration]
        Self.walk(name, world)
    }

    /// Who may reply and quote: on Bluesky the post goes with its gates in one applyWrites (every
    /// fault, a lost answer, kill -9, its key found taken: 500), so no network ever holds it
    /// without them, and Mastodon's quote policy goes with every status, retried or resumed.
    static let gated: [(String, PostingWorld)] = {
        func options(_ gate: ReplyGate, quotes: Bool = false) -> PostOptions {
            var options = PostOptions()
            options.replyGate = gate
            options.mastodonTakesQuotes = quotes
            return options
        }
        return [
            (
                "Bluesky, nobody may reply",
                PostingWorld(networks: [ModelNetwork(network: .bluesky)], options: options(.nobody))
            ),
            (
                "a Bluesky thread of 2 with an image, for people you follow",
                PostingWorld(
                    networks: [ModelNetwork(network: .bluesky)], images: image, threadLengths: [.bluesky: 2],
                    options: options(.following))
            ),
            (
                "a Bluesky reply thread of 2, for people you mention",
                PostingWorld(
                    networks: [blueskyReply.0], threadLengths: [.bluesky: 2], replyTo: blueskyReply.1,
                    options: options(.mentioned))
            ),
            (
                "Mastodon 4.5, for people you follow",
                PostingWorld(networks: [ModelNetwork(network: .mastodon)], options: options(.following, quotes: true))
            ),
        ]
    }()

    @Test(arguments: gated.indices)
    func everySequencePostsWithItsGates(configuration: Int) {
        let (name, world) = Self.gated[configuration]
        Self.walk(name, world)
    }

    /// Videos (#62): Mastodon processes one a while (202, then 206, then 200) or fails to (422,
    /// uploaded again at Retry); Bluesky's video service makes a job asked after until it is done
    /// or failed, knows bytes it has seen, and refuses an account over its daily limit until the
    /// next day (or allows one video a day, whose lost answer must not cost the post). Besides every invariant above: no status names a video still processing, a video
    /// is never uploaded again while the upload the app was told of is there, and none is uploaded
    /// past the limit.
    static let videos: [(String, PostingWorld)] = {
        func network(
            _ network: PostingAccount.Network, failsFirst: Bool = false, limited: Bool = false, perDay: Int? = nil
        ) -> ModelNetwork {
            var model = ModelNetwork(network: network)
            model.processingPolls = 1
            model.failsFirstProcessing = failsFirst
            model.noVideosUntil = limited ? PostingWorld.start + 86_400 : nil
            model.videosPerDay = perDay
            return model
        }
        let clip = [PostImage(path: "/home/alice/Videos/clip.mp4", alt: "A clip")]
        return [
            ("Mastodon with a video", PostingWorld(networks: [network(.mastodon)], images: clip)),
            (
                "Mastodon with a video it fails to process once",
                PostingWorld(networks: [network(.mastodon, failsFirst: true)], images: clip)
            ),
            ("Bluesky with a video", PostingWorld(networks: [network(.bluesky)], images: clip)),
            (
                "Bluesky with a video its service fails once",
                PostingWorld(networks: [network(.bluesky, failsFirst: true)], images: clip)
            ),
            (
                "Bluesky with a video, over the daily limit",
                PostingWorld(networks: [network(.bluesky, limited: true)], images: clip)
            ),
            // The one video of the day sent, its answer lost: sent again it is the same job.
            (
                "Bluesky with a video, one a day",
                PostingWorld(networks: [network(.bluesky, perDay: 1)], images: clip)
            ),
        ]
    }()

    @Test(arguments: videos.indices)
    func everySequencePostsAVideoOnceAndProcessed(configuration: Int) {
        let (name, world) = Self.videos[configuration]
        Self.walk(name, world)
    }

    /// Walks `world` to the depth, recording the first rule broken with the steps that broke it.
    static func walk(_ name: String, _ world: PostingWorld, depth: Int = depth) {
        let clock = ContinuousClock()
        var walk = Walk()
        let took = clock.measure { walk = explore(world, depth: depth) }
        if let (broken, steps) = walk.violation {
            Issue.record("\(name): \(broken) after \(steps.map(\.name).joined(separator: ", "))")
        }
        print("explorer: \(name): \(walk.sequences) sequences through \(walk.states) states in \(took)")
        #expect(walk.sequences > 100_000, "the walk covers the space")
    }
}
