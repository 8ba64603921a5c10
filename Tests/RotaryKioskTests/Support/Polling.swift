import Foundation

/// Waiting for a change that announces itself to no one (a process ending, a file appearing,
/// a line in a log): looked at again and again, within a bound, so a test never hangs.
enum Polling {
    /// Looks every `interval` seconds until `done` holds or `seconds` have passed; whether it
    /// held.
    @discardableResult
    static func until(seconds: Double, every interval: Double = 0.02, _ done: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(seconds)
        while !done() {
            guard Date() < deadline else { return false }
            usleep(useconds_t(interval * 1_000_000))
        }
        return true
    }
}
