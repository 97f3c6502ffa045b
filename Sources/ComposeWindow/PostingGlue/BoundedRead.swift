import CComposeWindowSoup

/// A stream read whole into memory up to a bound, on the main loop: a server's answer, a page, a
/// picture. GIO fills a buffer one byte over the bound, so that more than the bound is told apart
/// from exactly the bound; the buffer lives until GIO is done with it, whoever stopped waiting.
@MainActor
enum BoundedRead {
    /// Reads `stream` to its end, or to `most` + 1 bytes; `done` gets the bytes (more than `most`:
    /// over the bound, the rest unread) and GIO's error, which it frees.
    static func start(
        _ stream: UnsafeMutablePointer<GInputStream>, most: Int, cancellable: UnsafeMutablePointer<GCancellable>?,
        done: @escaping @MainActor ([UInt8], UnsafeMutablePointer<GError>?) -> Void
    ) {
        let reading = Reading(capacity: most + 1, done: done)
        g_input_stream_read_all_async(
            stream, reading.buffer, gsize(reading.capacity), G_PRIORITY_DEFAULT, cancellable,
            { source, result, context in
                let reading = Unmanaged<Reading>.fromOpaque(context!).takeRetainedValue()
                var count: gsize = 0
                var error: UnsafeMutablePointer<GError>?
                g_input_stream_read_all_finish(
                    UnsafeMutableRawPointer(source)?.assumingMemoryBound(to: GInputStream.self), result, &count, &error)
                MainActor.assumeIsolated { reading.finish(Int(count), error) }
            }, Unmanaged.passRetained(reading).toOpaque())
    }
}

/// One read in flight: its buffer, freed with it.
@MainActor
private final class Reading {
    let capacity: Int
    let buffer: UnsafeMutableRawPointer
    let done: @MainActor ([UInt8], UnsafeMutablePointer<GError>?) -> Void

    init(capacity: Int, done: @escaping @MainActor ([UInt8], UnsafeMutablePointer<GError>?) -> Void) {
        self.capacity = capacity
        self.done = done
        buffer = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 1)
    }

    isolated deinit { buffer.deallocate() }

    func finish(_ count: Int, _ error: UnsafeMutablePointer<GError>?) {
        done(Array(UnsafeRawBufferPointer(start: buffer, count: min(max(0, count), capacity))), error)
    }
}
