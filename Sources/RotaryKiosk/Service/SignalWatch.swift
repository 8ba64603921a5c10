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

    /// Unblocks SIGTERM, SIGINT and SIGHUP in this thread (and so in the threads it starts):
    /// a parent may start the kiosk with them blocked, and a blocked SIGTERM would leave
    /// systemd, a test harness or a person at a shell unable to stop it gracefully.
    static func unblockStopSignals() {
        var set = sigset_t()
        sigemptyset(&set)
        for signal in [SIGTERM, SIGINT, SIGHUP] { sigaddset(&set, signal) }
        pthread_sigmask(SIG_UNBLOCK, &set, nil)
    }

    /// The signal that arrived, if any.
    static var received: Int32? { last == 0 ? nil : last }
}
