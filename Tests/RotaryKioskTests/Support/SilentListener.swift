import Foundation

/// A TCP port on 127.0.0.1 that takes connections (the kernel completes them from its
/// backlog) and never says a word: a broker that hangs, or a port that speaks no MQTT.
final class SilentListener {
    let port: Int
    private let descriptor: Int32

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.descriptor = descriptor
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) == 0 && listen(descriptor, 16) == 0
                && getsockname(descriptor, $0, &length) == 0 }
        }
        guard descriptor >= 0, bound else { throw POSIXError(.init(rawValue: errno) ?? .EIO) }
        port = Int(UInt16(bigEndian: address.sin_port))
    }

    deinit { close(descriptor) }
}
