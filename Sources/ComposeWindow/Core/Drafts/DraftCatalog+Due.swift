extension DraftCatalog {
    /// The drafts whose post is scheduled, due at `now` and not yet on every network: what
    /// `--deliver` posts; and those discarded while a server keeps them, which it withdraws. One
    /// whose delivery failed stays due, for the next `--deliver` or start, unless `--deliver` has
    /// told the person only they can settle it (DeliveryFollowUp: said once, then left for their
    /// Send or Retry); an Undo Send hold is a window's own and never due here.
    package static func duePosts(
        environment: [String: String], now: Int64, parseJSON: (String) -> JSONValue?
    ) -> [String] {
        guard let folder = try? StateFile.folder("outbox", environment: environment) else { return [] }
        return StateFolder.files(in: folder, endingWith: ".json").compactMap { file in
            let name = String(file.name.dropLast(5))
            guard DraftStore.isValidName(name),
                let text = (try? OutboxStore(draftName: name, environment: environment)).flatMap({ try? $0.load() }),
                // Only an entry that can be scheduled is parsed (a start pays for no JSON reader else).
                mentionsScheduled(text),
                let post = parseJSON(text).flatMap(Outbox.init(json:)), post.isDueForDelivery(now: now)
            else { return nil }
            return name
        }.sorted()
    }

    /// Whether the file's text has a word a scheduled or withdrawn hold writes.
    private static func mentionsScheduled(_ text: String) -> Bool {
        text.contains(bytes: "\"scheduled\"") || text.contains(bytes: "\"withdrawn\"")
    }
}
