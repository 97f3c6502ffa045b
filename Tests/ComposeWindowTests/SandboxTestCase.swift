import XCTest

/// The posting and account tests: after every test, each sandbox it made is searched — the home's
/// config, data, cache and state folders, what the app printed, and every process's command line
/// and environment — for each token, client secret and app password the stand-ins know. Only the
/// keyring may hold them.
class SandboxTestCase: XCTestCase {
    override class func setUp() {
        super.setUp()
        TestWatchdog.start()
    }

    /// The atproto SDK's models (a validator no one here wrote) accept what the PDS stand-in was
    /// sent for `record` (its createRecord or applyWrites body).
    func assertTheLexiconAccepts(_ record: [String: Any], file: StaticString = #filePath, line: UInt = #line) throws {
        let body = try JSONSerialization.data(withJSONObject: try XCTUnwrap(record["body"], file: file, line: line))
        let verdict = try Shell.run(
            Shell.packageRoot.appendingPathComponent(".build/atproto/bin/python").path,
            [Shell.packageRoot.appendingPathComponent("scripts/check-bluesky-record.py").path], input: body)
        XCTAssertEqual(verdict.code, 0, verdict.stdout + verdict.stderr, file: file, line: line)
    }

    override func tearDown() {
        for sandbox in NetworkSandbox.made {
            XCTAssertEqual(sandbox.leakedSecrets, [], "a secret outside the keyring")
            sandbox.stop()
        }
        NetworkSandbox.made.removeAll()
        super.tearDown()
    }
}
