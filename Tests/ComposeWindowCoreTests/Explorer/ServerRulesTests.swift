import Foundation
import Testing

@testable import ComposeWindowCore

/// The explorer's model of the networks says what docs/servers.md says the servers' code does: each
/// Mastodon request's scopes and pages, the key's lifetime, what a repeat answers. A row changed in
/// the table fails here until the model says the same (ServersTableTests does it for the stand-in).
@Suite struct ServerRulesTests {
    static let table = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("docs/servers.md")

    static func rows(_ network: String) throws -> [String: [String: Any]] {
        let text = try String(contentsOf: table, encoding: .utf8)
        let marker = try #require(text.range(of: "<!-- servers: \(network) -->"))
        let opening = try #require(text.range(of: "```json", range: marker.upperBound..<text.endIndex))
        let closing = try #require(text.range(of: "```", range: opening.upperBound..<text.endIndex))
        let rows = try #require(
            try JSONSerialization.jsonObject(with: Data(text[opening.upperBound..<closing.lowerBound].utf8))
                as? [[String: Any]])
        return Dictionary(
            uniqueKeysWithValues: rows.compactMap { row in (row["request"] as? String).map { ($0, row) } })
    }

    @Test func everyMastodonRuleIsTheTablesRow() throws {
        let rows = try Self.rows("mastodon")
        for (request, rule) in ModelNetwork.mastodonRules {
            let row = try #require(rows[request], "\(request) is not in docs/servers.md")
            #expect(row["scopes"] as? [String] == rule.scopes, "\(request)'s scopes")
            let limit = row["limit"] as? [String: Int]
            #expect(limit?["default"] == rule.limit?.default && limit?["max"] == rule.limit?.max, "\(request)'s limit")
        }
    }

    @Test func repeatsAndTheKeysLifetimeAreTheTables() throws {
        let statuses = try #require(try Self.rows("mastodon")["POST /api/v1/statuses"]?["repeats"] as? [String: Any])
        #expect(statuses["storedKey"] as? Int == ModelNetwork.repeats["POST /api/v1/statuses"]?.status)
        #expect(
            statuses["storedKeyFrom4.6To4.7"] as? Int
                == ModelNetwork.repeats["POST /api/v1/statuses (4.6.0–4.7.x)"]?.status)
        #expect(statuses["keyLifetimeSeconds"] as? Int == Int(ModelNetwork.keyLifetime))
        #expect(
            statuses["storedKeyScheduled"] as? Int == ModelNetwork.repeats["POST /api/v1/statuses (scheduled)"]?.status)
        let withdrawn = try #require(
            try Self.rows("mastodon")["DELETE /api/v1/scheduled_statuses/:id"]?["repeats"] as? [String: Any])
        #expect(withdrawn["again"] as? Int == ModelNetwork.repeats["DELETE /api/v1/scheduled_statuses/:id"]?.status)
        let record = try #require(
            try Self.rows("bluesky")["POST /xrpc/com.atproto.repo.createRecord"]?["repeats"] as? [String: Any])
        #expect(record["takenKey"] as? Int == ModelNetwork.repeats["POST /xrpc/com.atproto.repo.createRecord"]?.status)
        let writes = try #require(
            try Self.rows("bluesky")["POST /xrpc/com.atproto.repo.applyWrites"]?["repeats"] as? [String: Any])
        #expect(writes["takenKey"] as? Int == ModelNetwork.repeats["POST /xrpc/com.atproto.repo.applyWrites"]?.status)
    }

    /// What the app asks for covers every request it makes, by the table's scopes.
    @Test func theSignInsScopesCoverEveryMastodonRequest() throws {
        let granted = Set(MastodonSignIn.scopes.split(separator: " ").map(String.init))
        for (request, row) in try Self.rows("mastodon") {
            guard let scopes = row["scopes"] as? [String], !scopes.isEmpty else { continue }
            #expect(!granted.isDisjoint(with: scopes), "\(request) needs one of \(scopes)")
        }
    }
}
