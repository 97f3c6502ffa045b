import CComposeWindowJson
import ComposeWindowCore

/// JSON text written and read by json-glib, for the values posting's rules build and read
/// (ComposeWindowCore's JSONValue): request bodies, server answers, the outbox file.
package enum JSONText {
    /// Why a text could not be read or a value written; json-glib's own message where it has one.
    package struct Failure: Error, Equatable, CustomStringConvertible, Sendable {
        package let description: String
    }

    /// `value` as compact JSON text. A string holding U+0000 cannot pass through json-glib's C
    /// strings: it is refused rather than cut short.
    package static func text(of value: JSONValue) throws(Failure) -> String {
        let builder = json_builder_new()!
        defer { g_object_unref(builder) }
        try add(value, to: builder)
        let root = json_builder_get_root(builder)!
        defer { json_node_unref(root) }
        let generator = json_generator_new()!
        defer { g_object_unref(generator) }
        json_generator_set_root(generator, root)
        let data = json_generator_to_data(generator, nil)!
        defer { g_free(data) }
        return String(cString: data)
    }

    /// The value `text` holds; a Failure for anything that is not JSON, or nests deeper than
    /// `JSONNesting.mostLevels` (refused before json-glib recurses through it).
    package static func value(of text: String) throws(Failure) -> JSONValue {
        guard !JSONNesting.isTooDeep(text) else {
            throw Failure(description: "nested deeper than \(JSONNesting.mostLevels) levels")
        }
        let parser = json_parser_new()!
        defer { g_object_unref(parser) }
        var error: UnsafeMutablePointer<GError>?
        let loaded = text.withCString { json_parser_load_from_data(parser, $0, gssize(strlen($0)), &error) }
        guard loaded != 0, let root = json_parser_get_root(parser) else {
            defer { g_clear_error(&error) }
            throw Failure(description: error.map { String(cString: $0.pointee.message) } ?? "no JSON value")
        }
        return value(of: root)
    }

    private static func add(_ value: JSONValue, to builder: UnsafeMutablePointer<JsonBuilder>) throws(Failure) {
        switch value {
        case .string(let string):
            guard !string.utf8.contains(0) else { throw Failure(description: "a string holds U+0000") }
            json_builder_add_string_value(builder, string)
        case .integer(let integer): json_builder_add_int_value(builder, gint64(integer))
        case .double(let double): json_builder_add_double_value(builder, double)
        case .bool(let bool): json_builder_add_boolean_value(builder, bool ? 1 : 0)
        case .null: json_builder_add_null_value(builder)
        case .array(let elements):
            json_builder_begin_array(builder)
            for element in elements { try add(element, to: builder) }
            json_builder_end_array(builder)
        case .object(let members):
            json_builder_begin_object(builder)
            for member in members {
                guard !member.name.utf8.contains(0) else { throw Failure(description: "a name holds U+0000") }
                json_builder_set_member_name(builder, member.name)
                try add(member.value, to: builder)
            }
            json_builder_end_object(builder)
        }
    }

    private static func value(of node: OpaquePointer) -> JSONValue {
        switch json_node_get_node_type(node) {
        case JSON_NODE_OBJECT:
            let object = json_node_get_object(node)!
            let names = json_object_get_members(object)
            defer { g_list_free(names) }
            var members: [JSONValue.Member] = []
            var link = names
            while let current = link {
                let name = current.pointee.data.assumingMemoryBound(to: CChar.self)
                members.append(.init(String(cString: name), value(of: json_object_get_member(object, name)!)))
                link = current.pointee.next
            }
            return .object(members)
        case JSON_NODE_ARRAY:
            let array = json_node_get_array(node)!
            return .array((0..<json_array_get_length(array)).map { value(of: json_array_get_element(array, $0)!) })
        case JSON_NODE_VALUE:
            switch compose_window_json_value_kind(node) {
            case COMPOSE_WINDOW_JSON_INTEGER: return .integer(Int(json_node_get_int(node)))
            case COMPOSE_WINDOW_JSON_DOUBLE: return .double(json_node_get_double(node))
            case COMPOSE_WINDOW_JSON_BOOLEAN: return .bool(json_node_get_boolean(node) != 0)
            case COMPOSE_WINDOW_JSON_STRING: return .string(String(cString: json_node_get_string(node)))
            default: return .null
            }
        default: return .null
        }
    }
}
