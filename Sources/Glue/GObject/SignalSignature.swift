import CPlaceholderGObject

/// The C signature a `Signal.connect` overload's thunk has, checked against the signal's own (from
/// g_signal_query) in debug builds: a handler with the wrong signature then fails at connect time,
/// naming the signal, instead of reading garbage arguments later.
package struct SignalSignature: Sendable {
    /// How an argument or return value travels in the C call.
    package enum Kind: String, Sendable, CustomStringConvertible {
        /// Nothing (a return type only).
        case none
        /// A pointer: objects, interfaces, strings, boxed types, pointers, param specs, variants.
        case pointer
        /// An int-sized integer: gint, guint, enums, flags, gboolean (and chars, promoted).
        case int
        /// gboolean (a return type only: as an argument it is an int).
        case boolean
        /// A 64-bit integer or a floating-point number: none of our thunks takes one.
        case other

        package var description: String { rawValue }
    }

    package let parameters: [Kind]
    package let returnKind: Kind

    package init(_ parameters: [Kind], returns returnKind: Kind) {
        self.parameters = parameters
        self.returnKind = returnKind
    }

    /// Why a handler of this signature cannot serve `signal` ("name" or "name::detail") on
    /// `instance`; nil when it can.
    @MainActor
    package func mismatch(_ instance: gpointer, _ signal: String) -> String? {
        let type = instance.assumingMemoryBound(to: GTypeInstance.self).pointee.g_class.pointee.g_type
        let typeName = String(cString: g_type_name(type))
        var id: guint = 0
        var detail: GQuark = 0
        guard g_signal_parse_name(signal, type, &id, &detail, 0) != 0 else {
            return "\(typeName) has no signal \"\(signal)\""
        }
        var query = GSignalQuery()
        g_signal_query(id, &query)
        let actual = (0..<Int(query.n_params)).map { Self.kind(of: query.param_types[$0], isReturn: false) }
        let actualReturn = Self.kind(of: query.return_type, isReturn: true)
        guard actual != parameters || actualReturn != returnKind else { return nil }
        return "\(typeName)::\(signal) takes \(actual) and returns \(actualReturn); the handler takes "
            + "\(parameters) and returns \(returnKind)"
    }

    /// By the fundamental type's number (G_TYPE_MAKE_FUNDAMENTAL(n) = n << 2); user-defined
    /// fundamentals (GTK 4's GdkEvent) are instances, passed as pointers.
    private static func kind(of type: GType, isReturn: Bool) -> Kind {
        // G_SIGNAL_TYPE_STATIC_SCOPE marks a type's lowest bit.
        switch g_type_fundamental(type & ~GType(1)) >> 2 {
        case 1: .none
        case 5: isReturn ? .boolean : .int
        case 3, 4, 6, 7, 12, 13: .int
        case 8, 9, 10, 11, 14, 15: .other
        default: .pointer
        }
    }
}
