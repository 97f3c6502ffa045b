import ComposeWindowPostingGlue
import XCTest

/// PKCE's S256 challenge, hashed and encoded by GLib, against RFC 7636's own example (Appendix B).
final class CodeChallengeTests: XCTestCase {
    func testTheRFCsExampleVerifierGivesTheRFCsChallenge() {
        XCTAssertEqual(
            CodeChallenge.s256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"),
            "E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM")
    }

    func testTheChallengeIsBase64URLWithoutPadding() {
        for verifier in ["a", String(repeating: "~", count: 128), "0123456789-._~"] {
            let challenge = CodeChallenge.s256(verifier)
            XCTAssertEqual(challenge.count, 43)
            XCTAssertFalse(challenge.contains { "+/=".contains($0) }, challenge)
        }
    }
}
