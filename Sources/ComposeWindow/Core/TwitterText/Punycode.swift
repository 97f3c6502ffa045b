/// RFC 3492 Punycode, encoding only: twitter-text rejects a URL whose host has a label longer than
/// 63 characters once encoded for DNS ("xn--" + Punycode), as a real resolver would.
enum Punycode {
    /// The label as DNS carries it: itself when ASCII, else "xn--" and its Punycode encoding.
    static func asciiLabel(_ label: [Unicode.Scalar]) -> String {
        if label.allSatisfy(\.isASCII) { return String(String.UnicodeScalarView(label)) }
        return "xn--" + encode(label.map { $0.properties.lowercaseMapping.unicodeScalars.first!.value })
    }

    private static let base: UInt32 = 36, tMin: UInt32 = 1, tMax: UInt32 = 26
    private static let skew: UInt32 = 38, damp: UInt32 = 700, initialBias: UInt32 = 72, initialN: UInt32 = 128

    static func encode(_ input: [UInt32]) -> String {
        var output = input.filter { $0 < 0x80 }.map { Character(Unicode.Scalar($0)!) }
        let basicCount = UInt32(output.count)
        var handled = basicCount
        if basicCount > 0 { output.append("-") }
        var n = initialN
        var delta: UInt32 = 0
        var bias = initialBias
        while handled < UInt32(input.count) {
            let next = input.filter { $0 >= n }.min()!
            delta &+= (next - n) &* (handled + 1)
            n = next
            for code in input {
                if code < n { delta &+= 1 }
                guard code == n else { continue }
                var q = delta
                var k = base
                while true {
                    let t = k <= bias ? tMin : (k >= bias + tMax ? tMax : k - bias)
                    if q < t { break }
                    output.append(digit(t + (q - t) % (base - t)))
                    q = (q - t) / (base - t)
                    k += base
                }
                output.append(digit(q))
                bias = adapt(delta, handled + 1, handled == basicCount)
                delta = 0
                handled += 1
            }
            delta &+= 1
            n += 1
        }
        return String(output)
    }

    private static func digit(_ value: UInt32) -> Character {
        Character(Unicode.Scalar(value < 26 ? value + 97 : value + 22)!)
    }

    private static func adapt(_ delta: UInt32, _ count: UInt32, _ first: Bool) -> UInt32 {
        var delta = first ? delta / damp : delta / 2
        delta += delta / count
        var k: UInt32 = 0
        while delta > ((base - tMin) * tMax) / 2 {
            delta /= base - tMin
            k += base
        }
        return k + (base - tMin + 1) * delta / (delta + skew)
    }
}
