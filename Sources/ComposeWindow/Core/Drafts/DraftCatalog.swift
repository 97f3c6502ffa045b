/// Every saved draft and every post waiting in the outbox, read from the state folders without
/// changing them: for the Drafts list and for `--drafts` and `--outbox`. `parseJSON` is the app's
/// JSON reader (json-glib, in the glue); a file it cannot read is listed as such, never skipped.
/// Each outbox entry is read and parsed once, for its draft's line and for its own.
package enum DraftCatalog {
    package struct Listing: Equatable, Sendable {
        /// The saved drafts, the most recently edited first.
        package let drafts: [DraftSummary]
        /// Each network's post in the outbox: the drafts' entries, and those of scripts' runs and
        /// of posts set aside, oldest entry first. An entry compose-window cannot read is one line
        /// saying so.
        package let outbox: [OutboxSummary]
    }

    package static func listing(
        environment: [String: String], now: Int64, parseJSON: (String) -> JSONValue?
    ) -> Listing {
        let entries = outboxEntries(environment: environment, parseJSON: parseJSON)
        var posts: [String: Outbox] = [:]
        for (entry, post) in entries { posts[entry] = post }
        let outbox = entries.flatMap { entry, post -> [OutboxSummary] in
            guard let post else {
                return [
                    OutboxSummary(
                        entry: entry, account: "-", network: .mastodon, state: .failed, time: nil, firstLine: "",
                        detail: localized("compose-window cannot read this entry"))
                ]
            }
            return OutboxSummary.of(post, entry: entry, now: now)
        }
        return Listing(
            drafts: drafts(environment: environment, now: now, parseJSON: parseJSON, posts: posts), outbox: outbox)
    }

    private static func drafts(
        environment: [String: String], now: Int64, parseJSON: (String) -> JSONValue?, posts: [String: Outbox]
    ) -> [DraftSummary] {
        guard let folder = try? StateFile.folder("drafts", environment: environment) else { return [] }
        let summaries = StateFolder.files(in: folder, endingWith: ".txt").compactMap { file -> DraftSummary? in
            let name = String(file.name.dropLast(4))
            guard DraftStore.isValidName(name), let store = try? DraftStore(name: name, environment: environment)
            else { return nil }
            let text: String
            do throws(DraftStore.Failure) { text = try store.load() ?? "" } catch {
                return DraftSummary(name: name, text: error.description, edited: file.modified, imageCount: 0)
            }
            let images = (try? store.loadImages()).flatMap { $0 }.flatMap(parseJSON).flatMap(PostImage.list(json:))
            return DraftSummary(
                name: name, text: text, edited: file.modified, imageCount: images?.count ?? 0, post: posts[name],
                now: now)
        }
        return summaries.sorted { ($0.edited, $1.name) > ($1.edited, $0.name) }
    }

    /// The outbox's entries, oldest first, each with its post (nil: it cannot be read).
    private static func outboxEntries(
        environment: [String: String], parseJSON: (String) -> JSONValue?
    ) -> [(entry: String, post: Outbox?)] {
        guard let folder = try? StateFile.folder("outbox", environment: environment) else { return [] }
        let files = StateFolder.files(in: folder, endingWith: ".json").filter { !$0.name.hasPrefix(".unreadable-") }
        return files.sorted { ($0.modified, $0.name) < ($1.modified, $1.name) }.map { file in
            let text = (try? OutboxStore(fileName: file.name, environment: environment)).flatMap { try? $0.load() }
            return (String(file.name.dropLast(5)), text.flatMap(parseJSON).flatMap(Outbox.init(json:)))
        }
    }
}
