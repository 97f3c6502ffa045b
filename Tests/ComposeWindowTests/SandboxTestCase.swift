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

    override func tearDown() {
        for sandbox in NetworkSandbox.made {
            XCTAssertEqual(sandbox.leakedSecrets, [], "a secret outside the keyring")
            sandbox.stop()
        }
        NetworkSandbox.made.removeAll()
        super.tearDown()
    }
}
