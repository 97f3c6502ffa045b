import ComposeWindowCore
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A Mastodon server's own post limit (many raise the 500), from GET /api/v2/instance: cached per
/// server under $XDG_CACHE_HOME/compose-window/mastodon/HOST.json and asked again after a day. A
/// cache is only a cache: one that cannot be read or written is asked for again.
@MainActor
final class ServerLimits {
    let host: String
    private let client = HTTPSClient(userAgent: AccountCommands.userAgent)

    init(host: String) { self.host = host }

    private var path: String {
        String(cString: g_get_user_cache_dir()) + "/compose-window/mastodon/" + host + ".json"
    }

    /// The cached limits now (fresh or not); `update` later with the server's, when the cache was
    /// missing or a day old.
    func current(update: @escaping @MainActor (MastodonRules.Limits) -> Void) -> MastodonRules.Limits? {
        let cached = read()
        let now = Int(g_get_real_time() / 1_000_000)
        if cached == nil || MastodonRules.Limits.isStale(fetchedAt: cached!.fetchedAt, now: now) {
            client.call(MastodonRules.Limits.request(host: host)) { [weak self] result in
                guard let self, case .success(let answer) = result, let limits = MastodonRules.Limits.from(answer)
                else { return }
                self.write(limits.cache(fetchedAt: now))
                update(limits)
            }
        }
        return cached?.limits
    }

    /// The cached limits alone, asking nothing (`--preview`, which sends nothing).
    var cachedLimits: MastodonRules.Limits? { read()?.limits }

    /// A cache is input like any file: bounded in size, nesting and every figure.
    private func read() -> (limits: MastodonRules.Limits, fetchedAt: Int)? {
        guard let bytes = try? SystemIO.contents(ofFile: path, most: MastodonRules.Limits.mostCacheBytes),
            let text = String(validating: bytes, as: UTF8.self)
        else { return nil }
        return (try? JSONText.value(of: text)).flatMap(MastodonRules.Limits.cached)
    }

    private func write(_ json: JSONValue) {
        guard let text = try? JSONText.text(of: json) else { return }
        let directory = g_path_get_dirname(path)!
        defer { g_free(directory) }
        g_mkdir_with_parents(directory, 0o700)
        // Atomic: a reader never sees half a file.
        _ = g_file_set_contents(path, text, -1, nil)
    }
}
