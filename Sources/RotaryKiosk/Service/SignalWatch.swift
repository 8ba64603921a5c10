import Foundation

/// The last of SIGTERM or SIGINT that arrived, for loops that never read SDL's event queue
/// (a replay): they look at ``received`` between steps and end promptly.
enum SignalWatch {
    /// Set by the handler; read by the loop. A plain word, written once per signal.
    nonisolated(unsafe) private static var last: Int32 = 0

    /// Replaces SDL's handlers for SIGTERM and SIGINT with one that only records the signal.
    static func install() {
        for signal in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = { SignalWatch.last = $0 }
            sigemptyset(&action.sa_mask)
            action.sa_flags = 0
            sigaction(signal, &action, nil)
        }
    }

    /// The signal that arrived, if any.
    static var received: Int32? { last == 0 ? nil : last }
}
