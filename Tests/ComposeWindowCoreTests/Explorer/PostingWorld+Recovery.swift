@testable import ComposeWindowCore

/// Stuck, precisely: the same failure for ever, with nothing the person can do but Discard. From
/// a state, every fault stops; the person opens the window if it is closed, signs in again, waits
/// the longest any wait here lasts and presses Send; answers any question the window asks
/// truthfully (and posts without answering a deleted post, when asked); presses Send again
/// whenever a run ends. If the post is still not on every network
/// after that many steps (each an answer, a wait, a question answered or a Send), the person was
/// stuck.
extension PostingWorld {
    static let recoverySteps = 80

    func stuck() -> String? {
        guard ended == nil else { return nil }
        var world = self
        if world.inFlight != nil { world.answer(.answer) }
        if world.session == nil { _ = world.act(.restart) }
        _ = world.act(.signIn)
        _ = world.pass(2 * 3_600)
        // A daily limit lifts the next day: the person posts then.
        if let until = world.networks.compactMap(\.noVideosUntil).max(), until > world.now {
            _ = world.pass(until - world.now)
        }
        var failures: [String] = []
        for _ in 0..<Self.recoverySteps {
            if world.ended != nil { return nil }
            if world.inFlight != nil {
                world.answer(.answer)
                continue
            }
            if world.session?.parentIsGone == true {
                _ = world.act(.postWithoutParent)
                continue
            }
            if !(world.session?.undecided.isEmpty ?? true) {
                _ = world.answerLookUp()
                continue
            }
            if let retryAt = world.retryAt, retryAt > world.now {
                _ = world.pass(retryAt - world.now)
                continue
            }
            _ = world.send()
            if let plan = world.session?.plan {
                failures = plan.deliveryIndices.compactMap { plan.failure($0).map { "\($0)" } }
            }
        }
        guard world.ended == nil else { return nil }
        return "stuck: every fault gone, signed in again and Send pressed, still \(failures)"
    }
}
