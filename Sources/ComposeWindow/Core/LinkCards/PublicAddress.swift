/// Where a link card's page may be fetched from: the public internet only. A card is fetched from
/// the person's machine as soon as typing pauses, so a link to the router, a printer, a service on
/// loopback or a cloud's metadata address must never be asked for (PageFetcher checks each
/// address it is about to connect to, and each name before it is looked up).
package enum PublicAddress {
    /// Whether an address (4 bytes for IPv4, 16 for IPv6, as `g_inet_address_to_bytes` gives them)
    /// is a public unicast one. Anything else is refused: of any other length too.
    package static func isPublic(_ bytes: [UInt8]) -> Bool {
        switch bytes.count {
        case 4: return !v4Refused.contains { $0.holds(bytes) }
        case 16: return isPublicV6(bytes)
        default: return false
        }
    }

    /// Names that are this machine or its local network whatever they resolve to: `localhost` and
    /// its subdomains (RFC 6761), and `.local` (multicast DNS: the local network's own devices).
    package static func isLocalName(_ host: String) -> Bool {
        var name = host.lowercased()
        while name.hasSuffix(".") { name.removeLast() }
        return name.isEmpty || name == "localhost" || name.hasSuffix(".localhost") || name == "local"
            || name.hasSuffix(".local")
    }

    /// A range of addresses: the first `length` bits of `prefix`.
    struct Range {
        let prefix: [UInt8]
        let length: Int

        func holds(_ bytes: [UInt8]) -> Bool {
            guard bytes.count == prefix.count else { return false }
            for bit in 0..<length {
                let mask = UInt8(0x80) >> UInt8(bit % 8)
                if bytes[bit / 8] & mask != prefix[bit / 8] & mask { return false }
            }
            return true
        }
    }

    /// IANA's special-purpose IPv4 registry, less nothing a web page could be on.
    static let v4Refused: [Range] = [
        Range(prefix: [0, 0, 0, 0], length: 8),  // "this network"
        Range(prefix: [10, 0, 0, 0], length: 8),  // private
        Range(prefix: [100, 64, 0, 0], length: 10),  // carrier-grade NAT (shared)
        Range(prefix: [127, 0, 0, 0], length: 8),  // loopback
        Range(prefix: [169, 254, 0, 0], length: 16),  // link-local (a cloud's metadata service too)
        Range(prefix: [172, 16, 0, 0], length: 12),  // private
        Range(prefix: [192, 0, 0, 0], length: 24),  // IETF protocol assignments
        Range(prefix: [192, 0, 2, 0], length: 24),  // documentation (TEST-NET-1)
        Range(prefix: [192, 88, 99, 0], length: 24),  // 6to4 relays
        Range(prefix: [192, 168, 0, 0], length: 16),  // private
        Range(prefix: [198, 18, 0, 0], length: 15),  // benchmarking
        Range(prefix: [198, 51, 100, 0], length: 24),  // documentation (TEST-NET-2)
        Range(prefix: [203, 0, 113, 0], length: 24),  // documentation (TEST-NET-3)
        Range(prefix: [224, 0, 0, 0], length: 4),  // multicast
        Range(prefix: [240, 0, 0, 0], length: 4),  // reserved, and the broadcast address
    ]

    /// Inside global unicast (2000::/3): what is not a host of the public internet.
    static let v6Refused: [Range] = [
        Range(prefix: [0x20, 0x01] + Array(repeating: 0, count: 14), length: 23),  // IETF protocols, Teredo
        Range(prefix: [0x20, 0x01, 0x0D, 0xB8] + Array(repeating: 0, count: 12), length: 32),  // documentation
        Range(prefix: [0x20, 0x02] + Array(repeating: 0, count: 14), length: 16),  // 6to4: any IPv4 inside
        Range(prefix: [0x3F, 0xFF] + Array(repeating: 0, count: 14), length: 20),  // documentation
    ]

    /// An IPv4 address carried in IPv6 is judged as that IPv4 address (::ffff:127.0.0.1 is
    /// loopback); outside 2000::/3 nothing is public (::, ::1, fc00::/7, fe80::/10, ff00::/8…).
    private static func isPublicV6(_ bytes: [UInt8]) -> Bool {
        let mapped = Range(prefix: Array(repeating: 0, count: 10) + [0xFF, 0xFF, 0, 0, 0, 0], length: 96)
        let nat64 = Range(prefix: [0, 0x64, 0xFF, 0x9B] + Array(repeating: 0, count: 12), length: 96)
        if mapped.holds(bytes) || nat64.holds(bytes) { return isPublic(Array(bytes[12...])) }
        guard bytes[0] & 0xE0 == 0x20 else { return false }
        return !v6Refused.contains { $0.holds(bytes) }
    }
}
