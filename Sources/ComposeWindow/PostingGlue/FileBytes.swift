import CComposeWindowSoup
import ComposeWindowCore

/// A file's bytes as a request body: read by GIO on its own thread (the main loop never waits on
/// the disk), then sent as they are or as a multipart form's `file` field (libsoup's SoupMultipart).
@MainActor
enum FileBytes {
    /// The whole file as GBytes (the caller unrefs them), or GIO's words for why not.
    static func load(_ path: String, then: @escaping @MainActor (Result<OpaquePointer, Unreadable>) -> Void) {
        let file = g_file_new_for_path(path)!
        let context = Unmanaged.passRetained(Completion(then)).toOpaque()
        g_file_load_bytes_async(
            file, nil,
            { source, result, context in
                let completion = Unmanaged<Completion>.fromOpaque(context!).takeRetainedValue()
                var error: UnsafeMutablePointer<GError>?
                let bytes = g_file_load_bytes_finish(OpaquePointer(source), result, nil, &error)
                let loaded: Result<OpaquePointer, Unreadable>
                if let bytes {
                    loaded = .success(bytes)
                } else {
                    loaded = .failure(
                        Unreadable(words: error.map { String(cString: $0.pointee.message) } ?? "unreadable"))
                    g_clear_error(&error)
                }
                MainActor.assumeIsolated { completion.then(loaded) }
            }, context)
        g_object_unref(UnsafeMutableRawPointer(file))
    }

    /// `bytes` as `message`'s body: raw with the file's type, or a multipart form (its text fields,
    /// then `file` with a name that says only its type: the person's file name stays here).
    static func attach(_ bytes: OpaquePointer, as file: APIRequest.FileBody, to message: OpaquePointer) {
        guard let form = file.form else {
            soup_message_set_request_body_from_bytes(message, file.mimeType, bytes)
            return
        }
        let multipart = soup_multipart_new(SOUP_FORM_MIME_TYPE_MULTIPART)!
        defer { soup_multipart_free(multipart) }
        for field in form { soup_multipart_append_form_string(multipart, field.name, field.value) }
        let suffix = file.mimeType.split(separator: "/").last.map(String.init) ?? "bin"
        soup_multipart_append_form_file(multipart, "file", "image." + suffix, file.mimeType, bytes)
        var body: OpaquePointer?
        soup_multipart_to_message(multipart, soup_message_get_request_headers(message), &body)
        soup_message_set_request_body_from_bytes(message, nil, body)
        g_bytes_unref(body)
    }

    /// GIO's words for why the file could not be read.
    struct Unreadable: Error {
        let words: String
    }

    private final class Completion {
        let then: @MainActor (Result<OpaquePointer, Unreadable>) -> Void
        init(_ then: @escaping @MainActor (Result<OpaquePointer, Unreadable>) -> Void) { self.then = then }
    }
}
