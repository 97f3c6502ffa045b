import CPlaceholderGtk3

/// Where GLib's option parser writes each option's value (a GOptionEntry's arg_data): a string slot
/// and a flag slot per option, owned here, with the strings GLib stored, until this goes.
package final class OptionValueSlots {
    private let strings: UnsafeMutablePointer<gpointer?>
    private let flags: UnsafeMutablePointer<gboolean>
    private let count: Int
    private var arrays: Set<Int> = []

    package init(count: Int) {
        self.count = count
        strings = .allocate(capacity: count)
        strings.initialize(repeating: nil, count: count)
        flags = .allocate(capacity: count)
        flags.initialize(repeating: 0, count: count)
    }

    deinit {
        // A string array (G_OPTION_ARG_STRING_ARRAY) is freed with its strings.
        for index in 0..<count {
            if arrays.contains(index) {
                g_strfreev(strings[index]?.assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self))
            } else {
                g_free(strings[index])
            }
        }
        strings.deallocate()
        flags.deallocate()
    }

    /// The arg_data of option `index` taking a string (G_OPTION_ARG_STRING).
    package func stringSlot(_ index: Int) -> gpointer { UnsafeMutableRawPointer(strings + index) }
    /// The arg_data of option `index` taking no value (G_OPTION_ARG_NONE).
    package func flagSlot(_ index: Int) -> gpointer { UnsafeMutableRawPointer(flags + index) }

    /// The string GLib stored for option `index`, if it was given.
    package func string(_ index: Int) -> String? {
        strings[index].map { String(cString: $0.assumingMemoryBound(to: CChar.self)) }
    }

    /// The strings GLib stored for the repeatable option `index` (G_OPTION_ARG_STRING_ARRAY), in order.
    package func strings(_ index: Int) -> [String] {
        arrays.insert(index)
        guard let vector = strings[index]?.assumingMemoryBound(to: UnsafeMutablePointer<gchar>?.self) else { return [] }
        var values: [String] = []
        var position = 0
        while let value = vector[position] {
            values.append(String(cString: value))
            position += 1
        }
        return values
    }

    /// Whether the flag option `index` was given.
    package func flag(_ index: Int) -> Bool { flags[index] != 0 }
}
