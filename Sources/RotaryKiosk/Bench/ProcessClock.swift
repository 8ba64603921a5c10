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
    /// (`/proc/self/stat`, in clock ticks); 0 where /proc is missing.
    static func cpuSeconds() -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/self/stat", encoding: .utf8),
              let end = stat.lastIndex(of: ")") else { return 0 }
        // After the command's closing parenthesis: state is field 3, utime 14 and stime 15.
        let fields = stat[stat.index(after: end)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// This process's peak resident memory (`VmHWM`) in MiB, or 0 where /proc is missing.
    static func peakRSSMB() -> Double {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
              let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
              let kb = Double(line.split(separator: " ").dropFirst().first ?? "") else { return 0 }
        return kb / 1024
    }
}
