import Testing

@testable import ComposeWindowCore

/// Which addresses a link card's page may be fetched from, over the bytes GIO gives: every range
/// a page on this machine or its network could hide behind, in IPv4, IPv6 and IPv4 inside IPv6.
@Suite struct PublicAddressTests {
    static func v4(_ text: String) -> [UInt8] { text.split(separator: ".").map { UInt8($0)! } }

    /// IPv6 from its eight groups (no `::` shorthand: written out, so the test reads as the bytes).
    static func v6(_ groups: [UInt16]) -> [UInt8] { groups.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }

    static func mapped(_ text: String) -> [UInt8] { Array(repeating: 0, count: 10) + [0xFF, 0xFF] + v4(text) }

    @Test func everyIPv4RangeOfThisMachineOrItsNetworkIsRefused() {
        let refused = [
            "0.0.0.0", "0.255.255.255",  // this network
            "10.0.0.1", "10.255.255.255",  // private
            "100.64.0.1", "100.127.255.254",  // carrier-grade NAT
            "127.0.0.1", "127.255.255.254",  // loopback
            "169.254.169.254", "169.254.0.1",  // link-local, a cloud's metadata
            "172.16.0.1", "172.31.255.255",  // private
            "192.0.0.8", "192.0.2.1", "198.51.100.7", "203.0.113.9",  // IETF, documentation
            "192.88.99.1", "192.168.1.1", "198.18.0.1", "198.19.255.255",  // 6to4 relay, private, benchmark
            "224.0.0.1", "239.255.255.250",  // multicast
            "240.0.0.1", "255.255.255.255",  // reserved, broadcast
        ]
        for address in refused { #expect(!PublicAddress.isPublic(Self.v4(address)), "\(address)") }
        let open = [
            "1.1.1.1", "8.8.8.8", "93.184.216.34", "9.255.255.255", "11.0.0.1", "100.63.255.255",
            "100.128.0.1", "126.255.255.255", "128.0.0.1", "169.253.0.1", "172.15.255.255", "172.32.0.1",
            "192.0.1.1", "192.167.1.1", "198.17.255.255", "198.20.0.1", "223.255.255.255",
        ]
        for address in open { #expect(PublicAddress.isPublic(Self.v4(address)), "\(address)") }
    }

    @Test func everyIPv6RangeOutsideThePublicInternetIsRefused() {
        let refused: [[UInt16]] = [
            [0, 0, 0, 0, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0, 0, 1],  // unspecified, loopback
            [0, 0, 0, 0, 0, 0, 0x0808, 0x0808],  // IPv4-compatible (deprecated)
            [0xFC00, 0, 0, 0, 0, 0, 0, 1], [0xFD12, 0x3456, 0, 0, 0, 0, 0, 1],  // unique-local
            [0xFE80, 0, 0, 0, 0, 0, 0, 1], [0xFEBF, 0, 0, 0, 0, 0, 0, 1],  // link-local
            [0xFEC0, 0, 0, 0, 0, 0, 0, 1],  // site-local (deprecated)
            [0xFF02, 0, 0, 0, 0, 0, 0, 1], [0xFF0E, 0, 0, 0, 0, 0, 0, 0x101],  // multicast
            [0x0100, 0, 0, 0, 0, 0, 0, 1],  // discard-only
            [0x2001, 0x0DB8, 0, 0, 0, 0, 0, 1], [0x3FFF, 0, 0, 0, 0, 0, 0, 1],  // documentation
            [0x2001, 0, 0x4136, 0xE378, 0x8000, 0x63BF, 0x3FFF, 0xFDD2],  // Teredo
            [0x2002, 0x7F00, 0x0001, 0, 0, 0, 0, 1],  // 6to4 (of 127.0.0.1)
            [0x0064, 0xFF9B, 0, 0, 0, 0, 0x7F00, 0x0001],  // NAT64 of 127.0.0.1
            [0x0064, 0xFF9B, 0x0001, 0, 0, 0, 0x0808, 0x0808],  // local-use NAT64
        ]
        for groups in refused { #expect(!PublicAddress.isPublic(Self.v6(groups)), "\(groups)") }
        let open: [[UInt16]] = [
            [0x2001, 0x4860, 0x4860, 0, 0, 0, 0, 0x8888], [0x2A00, 0x1450, 0x4001, 0x0811, 0, 0, 0, 0x200E],
            [0x2606, 0x4700, 0, 0, 0, 0, 0, 0x1111], [0x0064, 0xFF9B, 0, 0, 0, 0, 0x0808, 0x0808],
        ]
        for groups in open { #expect(PublicAddress.isPublic(Self.v6(groups)), "\(groups)") }
    }

    @Test func anIPv4AddressInsideIPv6IsJudgedAsItself() {
        for address in ["127.0.0.1", "10.1.2.3", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0"] {
            #expect(!PublicAddress.isPublic(Self.mapped(address)), "::ffff:\(address)")
        }
        #expect(PublicAddress.isPublic(Self.mapped("93.184.216.34")))
        #expect(!PublicAddress.isPublic([]), "no address")
        #expect(!PublicAddress.isPublic([127, 0, 0]), "neither length")
    }

    @Test func localNamesAreRefusedBeforeTheyAreLookedUp() {
        for name in ["localhost", "LOCALHOST", "localhost.", "app.localhost", "printer.local", "NAS.Local.", "", "."] {
            #expect(PublicAddress.isLocalName(name), "\(name)")
        }
        for name in ["example.com", "localhost.example.com", "local.example.org", "pages.example.org", "locals"] {
            #expect(!PublicAddress.isLocalName(name), "\(name)")
        }
    }

    @Test func aPictureIsDecodedOnlyWithinItsPixelCapAndAsItsDeclaredType() {
        #expect(PageFetchRules.isPictureSizeAllowed(width: 1200, height: 630))
        #expect(PageFetchRules.isPictureSizeAllowed(width: 8000, height: 5000), "40 megapixels: the cap")
        #expect(!PageFetchRules.isPictureSizeAllowed(width: 8000, height: 5001))
        #expect(!PageFetchRules.isPictureSizeAllowed(width: 40000, height: 40000), "the issue's 200 KB PNG")
        #expect(!PageFetchRules.isPictureSizeAllowed(width: Int.max, height: 2), "no overflow")
        #expect(!PageFetchRules.isPictureSizeAllowed(width: 0, height: 10))
        #expect(PageFetchRules.pictureType("image/PNG; charset=binary") == "image/png")
        for other in ["image/svg+xml", "image/tiff", "image/x-icon", "image/bmp", "text/html", nil] {
            #expect(PageFetchRules.pictureType(other) == nil, "\(other ?? "none")")
        }
    }
}
