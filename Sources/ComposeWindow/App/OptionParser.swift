import CComposeWindowFiles  // GOptionArg's constants: Clang files glib.h under the first module that includes it
import CPlaceholderGtk3
import ComposeWindowCore
import ComposeWindowGlue

/// Command-line parsing by GLib's GOptionContext: `--help` in the platform's format, translated,
/// GTK's own options included, and the same error wording as every GTK program. Values are handed
/// back as UTF-8 strings for the caller to validate.
@MainActor
final class OptionParser {
    /// A command line GLib refused, with its (translated) message.
    struct Failure: Error, CustomStringConvertible, Sendable {
        /// The message, without the program name.
        let description: String
    }

    /// The options given.
    struct Result: Sendable {
        /// Values of the options that take one (the last one when repeated).
        var values: [ComposeOption: String] = [:]
        /// Values of the repeatable options, in the order given.
        var lists: [ComposeOption: [String]] = [:]
        /// The flags given.
        var flags: Set<ComposeOption> = []
    }

    private let options = ComposeOption.allCases
    private let parameters: String
    private let summary: String
    private let details: String
    private let translationDomain: String?

    /// A parser whose `--help` shows `summary` above the options and `details` below them.
    init(parameters: String = "", summary: String, details: String, translationDomain: String? = nil) {
        self.parameters = parameters
        self.summary = summary
        self.details = details
        self.translationDomain = translationDomain
    }

    /// Parses the process's own argv bytes (not Swift's decoded copy), so GLib sees and reports
    /// arguments that are not valid in the locale's encoding. `--help` prints and exits 0 (GLib).
    func parse(argc: Int32, argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) throws(Failure) -> Result {
        let context = g_option_context_new(parameters)!
        defer { g_option_context_free(context) }
        g_option_context_set_summary(context, summary)
        g_option_context_set_description(context, details)
        if let translationDomain { g_option_context_set_translation_domain(context, translationDomain) }
        g_option_context_add_group(context, gtk_get_option_group(0))

        // GLib writes each value through arg_data; the storage and C strings outlive the parse.
        var cStrings: [UnsafeMutablePointer<CChar>] = []
        func keep(_ string: String) -> UnsafeMutablePointer<CChar> {
            let copy = g_strdup(string)!
            cStrings.append(copy)
            return copy
        }
        let slots = OptionValueSlots(count: options.count)
        defer { for copy in cStrings { g_free(copy) } }
        var entries = options.enumerated().map { index, option in
            GOptionEntry(
                long_name: keep(option.name),
                short_name: 0,
                flags: 0,
                arg: option.isRepeatable
                    ? G_OPTION_ARG_STRING_ARRAY : option.takesValue ? G_OPTION_ARG_STRING : G_OPTION_ARG_NONE,
                arg_data: option.takesValue ? slots.stringSlot(index) : slots.flagSlot(index),
                description: keep(option.help),
                arg_description: option.argumentName.map { keep($0) })
        }
        entries.append(GOptionEntry())  // the terminator
        g_option_context_add_main_entries(context, entries, translationDomain)

        var count = argc
        var vector: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = argv
        var error: UnsafeMutablePointer<GError>?
        if g_option_context_parse(context, &count, &vector, &error) == 0 {
            let message = error.map { String(cString: $0.pointee.message) } ?? "invalid arguments"
            if let error { g_error_free(error) }
            throw Failure(description: message)
        }
        var result = Result()
        // What no option took: image files, as a file manager's "Open With" passes them (%F).
        var files: [String] = []
        for index in 1..<Int(max(count, 1)) {
            if let argument = vector?[index] { files.append(String(cString: argument)) }
        }
        for (index, option) in options.enumerated() {
            if option == .attach {
                result.lists[option] = slots.strings(index) + files
            } else if option.isRepeatable {
                result.lists[option] = slots.strings(index)
            } else if option.takesValue {
                if let value = slots.string(index) { result.values[option] = value }
            } else if slots.flag(index) {
                result.flags.insert(option)
            }
        }
        return result
    }
}
