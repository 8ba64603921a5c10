import Foundation
import RotarySDL

/// This boot's identity as the kernel gives it (`/proc/sys/kernel/random/boot_id`, a new UUID
/// at every boot). A countdown kept running in another boot was cut off by a power cut or a
/// reboot, after which nothing tells whether a stop made just before was kept.
enum BootID {
    /// This boot's (nil: the kernel does not say).
    static let current: String? = {
        guard let bytes = try? BoundedFile.read("/proc/sys/kernel/random/boot_id", limit: 64, followingLinks: true) else { return nil }
        let text = String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        return SavedTimer.isBootID(text) ? text : nil
    }()
}
