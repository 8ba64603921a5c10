import Foundation

/// The signals the kiosk takes over from their defaults, which would end it with no `exit`
/// line, no goodbye to the broker and, in the middle of a save, perhaps a lost write.
/// SIGTERM, SIGINT and SIGHUP ask it to stop: the last that arrived is ``received``, for the
/// loops, which look at it between steps and end cleanly (under systemd's `Restart=always`
/// a SIGHUP so restarts the kiosk on the config as it is now). SIGUSR1, SIGUSR2 and SIGALRM
/// mean nothing to it and are ignored. Handlers rather than `SIG_IGN`, which hooks would
/// inherit through `exec`.
enum SignalWatch {
    /// Set by the handler; read by the loop. A plain word, written once per signal.
    nonisolated(unsafe) private static var last: Int32 = 0
    /// An eventfd the handler also writes to, ending a loop's `poll` (-1: none).
    nonisolated(unsafe) private static var wakeDescriptor: Int32 = -1

    /// At the start of every command: SIGHUP stops it like SIGTERM, and SIGUSR1, SIGUSR2
    /// and SIGALRM are ignored. SIGTERM and SIGINT are left to SDL, which turns them into its
    /// quit event, until a loop that never reads SDL's queue calls ``install(waking:)``.
    static func installAtStart() {
        handle([SIGHUP], with: record)
        // Restarting what they interrupt: an ignored signal must not fail a write or a wait.
        handle([SIGUSR1, SIGUSR2, SIGALRM], restarting: true) { _ in }
    }

    /// Replaces SDL's handlers for SIGTERM and SIGINT (and this type's for SIGHUP) with one
    /// that only records the signal and, where `waking` is an eventfd, adds one to it
    /// (async-signal-safe: one `write`).
    static func install(waking: Int32 = -1) {
        wakeDescriptor = waking
        handle([SIGTERM, SIGINT, SIGHUP], with: record)
    }

    private static let record: @convention(c) (Int32) -> Void = {
        SignalWatch.last = $0
        let saved = errno  // the interrupted code may be about to read it
        var one: UInt64 = 1
        if SignalWatch.wakeDescriptor >= 0 { _ = write(SignalWatch.wakeDescriptor, &one, 8) }
        errno = saved
    }

    /// Sets `handler` for `signals`; a call they interrupt fails with EINTR (so a wait ends at
    /// once) unless `restarting`.
    private static func handle(_ signals: [Int32], restarting: Bool = false, with handler: @convention(c) (Int32) -> Void) {
        for signal in signals {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = handler
            sigemptyset(&action.sa_mask)
            action.sa_flags = restarting ? SA_RESTART : 0
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

    /// The signal that asked the kiosk to stop, if any.
    static var received: Int32? { last == 0 ? nil : last }
}
