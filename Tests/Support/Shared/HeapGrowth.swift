import PlaceholderHeapProbe

/// How much the malloc heap (glibc's mallinfo2) grows over create/destroy cycles, after a warm-up in
/// which GLib and GTK fill their caches.
public enum HeapGrowth {
    /// Runs `cycle` `warmUp` times, then `cycles` times, and returns the heap's growth over the
    /// latter (`drain` runs the main loop's pending work before each reading).
    @MainActor
    public static func over(
        _ cycles: Int, warmUp: Int, drain: () -> Void, _ cycle: (Int) -> Void
    ) -> Int {
        for index in 0..<warmUp { cycle(index) }
        drain()  // what GTK frees from idle callbacks
        let before = Int(placeholder_heap_bytes_in_use())
        for index in 0..<cycles { cycle(index) }
        drain()
        return Int(placeholder_heap_bytes_in_use()) - before
    }
}
