import Foundation
import XCTest

/// The stand-ins answer as docs/servers.md says the servers' own code does: every row of its tables
/// asked of them, inside the test network under the networks' real names, without a token, with one
/// lacking the row's scopes, with one holding them, and repeated as the row says
/// (Tests/Support/Networks/check_table.py). A row changed in the table fails here until the stand-in
/// says the same, and so does a stand-in changed alone.
final class ServersTableTests: SandboxTestCase {
    func testTheStandInsAnswerAsTheTableSays() throws {
        let sandbox = try NetworkSandbox(bluesky: ["alice.bsky.social": NetworkSandbox.appPassword])
        let probe = Shell.packageRoot.appendingPathComponent("Tests/Support/Networks/check_table.py")
        let table = Shell.packageRoot.appendingPathComponent("docs/servers.md")
        let command = sandbox.launcher("/usr/bin/python3") + [probe.path, sandbox.directory.path, table.path]
        let run = try Shell.run(command[0], Array(command.dropFirst()))
        let mismatches = run.stdout.split(separator: "\n").filter { !$0.hasPrefix("ok ") && !$0.hasPrefix("checked ") }
        XCTAssertEqual(run.code, 0, (mismatches.map(String.init) + [run.stderr]).joined(separator: "\n"))
        XCTAssertTrue(run.stdout.contains("checked 30 rows"), run.stdout + run.stderr)
        // Every row had its request asked (the probe fails a row with no check).
        XCTAssertGreaterThan(run.stdout.split(separator: "\n").filter { $0.hasPrefix("ok ") }.count, 90)
    }
}
