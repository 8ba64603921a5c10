import Foundation

/// The last of SIGTERM or SIGINT that arrived, for loops that never read SDL's event queue
/// (a replay): they look at ``received`` between steps and end promptly.
enum SignalWatch {
    /// Set by the handler; read by the loop. A plain word, written once per signal.
    nonisolated(unsafe) private static var last: Int32 = 0
    /// An eventfd the handler also writes to, ending a loop's `poll` (-1: none).
    nonisolated(unsafe) private static var wakeDescriptor: Int32 = -1

    /// Replaces SDL's handlers for SIGTERM and SIGINT with one that only records the signal
    /// and, where `waking` is an eventfd, adds one to it (async-signal-safe: one `write`).
    static func install(waking: Int32 = -1) {
        wakeDescriptor = waking
        for signal in [SIGTERM, SIGINT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = {
                SignalWatch.last = $0
                let saved = errno  // the interrupted code may be about to read it
                var one: UInt64 = 1
                if SignalWatch.wakeDescriptor >= 0 { _ = write(SignalWatch.wakeDescriptor, &one, 8) }
                errno = saved
            }
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
