/// A request body or record as the protocol rules build it, plain values only; the app writes it out
/// with json-glib (the core has no JSON writer of its own). Members keep their order.
enum JSONValue: Equatable, Sendable {
    case string(String)
    case integer(Int)
    case bool(Bool)
    case array([JSONValue])
    case object([Member])

    struct Member: Equatable, Sendable {
        let name: String
        let value: JSONValue

        init(_ name: String, _ value: JSONValue) {
            self.name = name
            self.value = value
        }
    }

    /// The member called `name` of an object (nil for anything else, or when it has none).
    subscript(name: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.first { $0.name == name }?.value
    }
}
