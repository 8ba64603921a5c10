import CSpawn
import Dispatch
import Foundation

/// One run of a hook's program, started by `posix_spawn` as the leader of a process group of
/// its own (so it and whatever it starts can be killed together), with no signal blocked and
/// every signal at its default action, standard input from /dev/null, standard output and
/// error into one pipe, and no other descriptor of the app.
final class HookProcess {
    /// Its process id, which is also the id of its process group.
    let pid: pid_t
    /// When it was started, on the monotonic clock its deadline is counted on.
    let spawnedAt: DispatchTime
    /// What it has written so far.
    private(set) var output = HookOutput()
    /// The read end of its output pipe (non-blocking); -1 once closed.
    private var pipe: Int32

    /// Starts `executable` with `arguments` (argv, including argv[0]) and `environment`
    /// ("NAME=value" entries). Throws when the pipe cannot be made or the program not started.
    init(executable: String, arguments: [String], environment: [String]) throws(HookSpawnError) {
        var ends: [Int32] = [-1, -1]
        guard pipe2(&ends, O_CLOEXEC) == 0 else { throw HookSpawnError(call: "pipe2", code: errno) }
        defer { close(ends[1]) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var child: pid_t = 0
        do throws(HookSpawnError) {
            try Self.redirect(&actions, output: ends[1])
            try Self.isolate(&attributes)
            try HookSpawnError.check("posix_spawn", withCStrings(arguments) { argv in
                withCStrings(environment) { envp in posix_spawn(&child, executable, &actions, &attributes, argv, envp) }
            })
        } catch {
            close(ends[0])
            throw error
        }
        pid = child
        spawnedAt = .now()
        pipe = ends[0]
        _ = fcntl(pipe, F_SETFL, fcntl(pipe, F_GETFL) | O_NONBLOCK)
    }

    deinit { closePipe() }

    /// Standard input from /dev/null, standard output and error into `output`, every other
    /// descriptor closed.
    private static func redirect(_ actions: inout posix_spawn_file_actions_t, output: Int32) throws(HookSpawnError) {
        try HookSpawnError.check("open /dev/null", posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0))
        try HookSpawnError.check("dup2 stdout", posix_spawn_file_actions_adddup2(&actions, output, 1))
        try HookSpawnError.check("dup2 stderr", posix_spawn_file_actions_adddup2(&actions, output, 2))
        try HookSpawnError.check("closefrom", posix_spawn_file_actions_addclosefrom_np(&actions, 3))
    }

    /// A process group of its own, no signal blocked, every signal at its default action.
    private static func isolate(_ attributes: inout posix_spawnattr_t) throws(HookSpawnError) {
        var none = sigset_t()
        sigemptyset(&none)
        // Every bit set: sigfillset leaves out glibc's two internal signals (32 and 33), which
        // posix_spawn would then set to ignored in the child.
        var all = sigset_t()
        memset(&all, 0xff, MemoryLayout<sigset_t>.size)
        sigdelset(&all, SIGKILL)
        sigdelset(&all, SIGSTOP)
        try HookSpawnError.check("setpgroup", posix_spawnattr_setpgroup(&attributes, 0))
        try HookSpawnError.check("setsigmask", posix_spawnattr_setsigmask(&attributes, &none))
        try HookSpawnError.check("setsigdefault", posix_spawnattr_setsigdefault(&attributes, &all))
        let flags = POSIX_SPAWN_SETPGROUP | POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        try HookSpawnError.check("setflags", posix_spawnattr_setflags(&attributes, Int16(flags)))
    }

    /// Waits for the process itself to exit, reading its output meanwhile so it never blocks
    /// on a full pipe; then takes what is already in the pipe and closes it, without waiting
    /// for processes it left behind to close their copies. Its deadline is kept elsewhere
    /// (`HookGroups`), so this returns once that has killed it.
    func waitForExit() -> HookExit {
        while true {
            if let exit = reap() {
                drain()
                closePipe()
                return exit
            }
            if pipe >= 0 {
                var ready = pollfd(fd: pipe, events: Int16(POLLIN), revents: 0)
                if poll(&ready, 1, 5) > 0 { drain() }
            } else {
                usleep(5_000)
            }
        }
    }

    /// How the process ended, once it has (reaping it), else nil.
    private func reap() -> HookExit? {
        var status: Int32 = 0
        switch waitpid(pid, &status, WNOHANG) {
        case pid: return HookExit(waitStatus: status)
        case 0: return nil
        default: return errno == EINTR ? nil : .unknown
        }
    }

    /// Reads what the pipe holds now (a bounded amount, so a flood cannot keep the caller
    /// here); closes it at end of file.
    private func drain() {
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        for _ in 0..<16 where pipe >= 0 {
            let n = buffer.withUnsafeMutableBytes { read(pipe, $0.baseAddress, $0.count) }
            if n > 0 {
                buffer.withUnsafeBytes { output.append(UnsafeRawBufferPointer(rebasing: $0.prefix(n))) }
            } else if n == 0 {
                closePipe()
            } else if errno != EINTR {
                return  // EAGAIN: nothing more for now
            }
        }
    }

    private func closePipe() {
        if pipe >= 0 { close(pipe) }
        pipe = -1
    }
}

/// How a hook's process ended.
enum HookExit: Equatable {
    case exited(Int32)
    case signalled(Int32)
    /// Reaped by someone else; nothing is known.
    case unknown

    /// From a `waitpid` status.
    init(waitStatus: Int32) {
        let signal = waitStatus & 0x7f
        self = signal == 0 ? .exited((waitStatus >> 8) & 0xff) : .signalled(signal)
    }

    /// What went wrong, for the log; nil when it succeeded or nothing is known.
    var problem: String? {
        switch self {
        case .exited(0), .unknown: nil
        case .exited(let status): "exited with status \(status)"
        case .signalled(let signal): "killed by signal \(signal)"
        }
    }
}

/// A system call that failed while starting a hook.
struct HookSpawnError: Error, CustomStringConvertible {
    let call: String
    let code: Int32

    var description: String { "\(call): \(String(cString: strerror(code)))" }

    /// Throws unless `result` (an errno-style return, 0 = success) is 0.
    static func check(_ call: String, _ result: Int32) throws(HookSpawnError) {
        guard result == 0 else { throw HookSpawnError(call: call, code: result) }
    }
}

/// Calls `body` with `strings` as a NULL-terminated array of C strings (for argv and envp).
private func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafeMutablePointer<CChar>?>) -> R) -> R {
    let pointers = strings.map { strdup($0) } + [nil]
    defer { pointers.forEach { free($0) } }
    return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
}
