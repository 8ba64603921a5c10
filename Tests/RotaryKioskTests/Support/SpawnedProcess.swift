import Foundation
import Glibc

/// Runs a program to its end with `posix_spawnp` and `waitpid`, its output discarded: for
/// helpers that must never hang a test run. Foundation's `Process.waitUntilExit` on Linux
/// once missed the end of an `xvfb-run` (left a zombie, unreaped, and waited forever).
enum SpawnedProcess {
    /// Runs `arguments` (the first is the program, looked up in `$PATH`) and returns its exit
    /// status (128 + the signal when one ended it).
    @discardableResult
    static func run(_ arguments: [String]) throws -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var argv = arguments.map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}
