import Foundation

/// Runs the executable in a mount namespace of its own (`unshare --map-root-user --mount`,
/// for root and other users alike), after shell lines have mounted there what a test needs:
/// a folder made read-only, a tiny file system that is full. Nothing outside the process sees
/// those mounts, and they go with it.
enum PrivateMounts {
    /// The command that runs `setup` (shell lines, `set -e`) and then the command it is given.
    static func wrapper(_ setup: String) -> [String] {
        ["/usr/bin/unshare", "--map-root-user", "--mount", "--", "/bin/sh", "-c", "set -e\n\(setup)\nexec \"$@\"", "sh"]
    }

    /// `folder` bound onto itself read-only, as an SD card the kernel remounted read-only.
    static func readOnly(_ folder: String) -> [String] {
        wrapper("mount --bind '\(folder)' '\(folder)'\nmount -o remount,bind,ro '\(folder)'")
    }

    /// A file system of `kilobytes` KiB at `folder`, empty, for a test to fill from outside
    /// through `/proc/PID/root`.
    static func small(_ folder: String, kilobytes: Int) -> [String] {
        wrapper("mount -t tmpfs -o size=\(kilobytes)k rotary-small '\(folder)'")
    }

    /// A 64 KiB file system at `folder` holding a copy of `file` (the state a kiosk stopped
    /// with), then filled to the last byte.
    static func full(_ folder: String, holding file: String) -> [String] {
        wrapper("cp '\(file)' '\(folder).keep'\nmount -t tmpfs -o size=64k rotary-full '\(folder)'\n"
                + "cp '\(folder).keep' '\(folder)/\((file as NSString).lastPathComponent)'\n"
                + "dd if=/dev/zero of='\(folder)/filler' bs=4k 2>/dev/null || true")
    }

    /// A 64 KiB file system at `folder`, filled to the last byte.
    static func full(_ folder: String) -> [String] {
        wrapper("mount -t tmpfs -o size=64k rotary-full '\(folder)'\ndd if=/dev/zero of='\(folder)/filler' bs=4k 2>/dev/null || true")
    }
}
