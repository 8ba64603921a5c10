import Foundation

/// Time and memory as the kernel counts them, for measurements that must be honest.
enum ProcessClock {
    /// `CLOCK_MONOTONIC` in nanoseconds: the same clock in every process on the machine.
    static func monotonicNs() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// Milliseconds elapsed since `startNs` on ``monotonicNs()``.
    static func msSince(_ startNs: UInt64) -> Double {
        Double(monotonicNs() &- startNs) / 1_000_000
    }

    /// CPU time this process has used, user and system, every thread, in seconds
    /// (`CLOCK_PROCESS_CPUTIME_ID`: what `/proc/self/stat` counts, to the nanosecond rather
    /// than the clock tick).
    static func cpuSeconds() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }

    /// This process's peak resident memory (`VmHWM`) in MiB, or 0 where /proc is missing.
    static func peakRSSMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}
