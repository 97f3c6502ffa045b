extension ComposeOptions {
    /// `--at` and `--deliver`. `--at` schedules a post through an account, so its target is a
    /// network compose-window posts to itself (or the desktop window's choice, checked at Send):
    /// never standard output, which would release an embargoed text at once. `--deliver` is what
    /// the timer runs, and takes nothing else.
    static func schedule(
        _ values: [ComposeOption: String], _ flags: Set<ComposeOption>, now: Int64, target: PostTarget?,
        targetGiven: Bool, fromDesktop: Bool
    ) throws(UsageError) -> (scheduledAt: Int64?, deliver: Bool) {
        if flags.contains(.deliver) {
            guard values.isEmpty, flags == [.deliver] else {
                throw UsageError(description: localized("--deliver takes no other option"))
            }
            return (nil, true)
        }
        guard let value = values[.at] else { return (nil, false) }
        guard flags.isDisjoint(with: [.drafts, .outbox, .measure, .accounts]), values[.signIn] == nil,
            values[.signOut] == nil
        else {
            throw UsageError(
                description: localized("--at is for Send, not with --measure, --drafts, --outbox or accounts"))
        }
        if targetGiven ? target != .mastodon && target != .bluesky : !fromDesktop {
            throw UsageError(
                description: localized("--at: only a post to a signed-in Mastodon or Bluesky account can be scheduled"))
        }
        return (try ScheduleTime.parse(value, now: now), false)
    }
}
