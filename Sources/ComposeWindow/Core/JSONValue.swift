/// A request body or record as the protocol rules build it, plain values only; the app writes it out
/// with json-glib (the core has no JSON writer of its own). Members keep their order.
package enum JSONValue: Hashable, Sendable {
    case string(String)
    case integer(Int)
    /// A number with a fraction or an exponent (as a server may send one).
    case double(Double)
    case bool(Bool)
    case null
    case array([JSONValue])
    case object([Member])

    package struct Member: Hashable, Sendable {
        package let name: String
        package let value: JSONValue

        package init(_ name: String, _ value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// The member called `name` of an object (nil for anything else, or when it has none).
    package subscript(name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }

    /// The string this value holds (nil for anything else).
    package var string: String? { if case .string(let string) = self { string } else { nil } }

    /// The integer this value holds (nil for anything else).
    package var integer: Int? { if case .integer(let integer) = self { integer } else { nil } }

    /// The elements of an array (nil for anything else).
    package var elements: [JSONValue]? { if case .array(let elements) = self { elements } else { nil } }
}
