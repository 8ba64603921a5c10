import CMalloc

/// glibc's allocator set for one long-lived kiosk process on a small board, before anything
/// allocates.
public enum MallocTuning {
    /// One arena for every thread: Dispatch's workers (ring art, pixel maps) otherwise each
    /// get an arena of their own whose freed pages stay resident (measured: 0.9–1.3 MB of
    /// peak RSS). Blocks of 128 KiB and more (surfaces, ring texels) always get their own
    /// mapping, given back when freed: glibc otherwise raises that threshold after the first
    /// such block is freed and serves the next ones from the heap, which does not shrink.
    public static func apply() {
        _ = mallopt(M_ARENA_MAX, 1)
        _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
    }
}
