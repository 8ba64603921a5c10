import Foundation
import Testing

/// Debian's Mosquitto broker, started by a test on a free loopback port with its own config
/// (no persistence; by default anonymous), and its command-line clients to look at what
/// reached it.
final class MqttBroker {
    let port: Int
    let directory: URL
    /// The listener's settings: `allow_anonymous true`, or a password file, an ACL, TLS.
    private let settings: String
    /// What `mosquitto_sub` and `mosquitto_pub` need besides host and port (TLS, a user).
    var clientArguments: [String] = []
    private var process: Process?

    /// Starts a broker with the listener `settings` (files it names live in ``directory``,
    /// made by `prepare` first, and readable by all: run as root, Mosquitto drops to its
    /// own user) and waits until it takes connections.
    init(settings: String = "allow_anonymous true", prepare: (URL) throws -> Void = { _ in }) throws {
        directory = try KioskProcess.temporaryDirectory()
        port = try Self.freePort()
        self.settings = settings
        try prepare(directory)
        for file in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: directory.appendingPathComponent(file).path)
        }
        try start()
    }

    deinit { stop() }

    /// The URL the kiosk's config names.
    var url: String { "mqtt://127.0.0.1:\(port)" }

    /// Starts it (again, on the same port, after ``stop()``).
    func start() throws {
        let config = directory.appendingPathComponent("mosquitto.conf")
        try "listener \(port) 127.0.0.1\n\(settings)\npersistence false\n".write(to: config, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/sbin/mosquitto")
        process.arguments = ["-c", config.path]
        process.currentDirectoryURL = directory  // the files its settings name
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        self.process = process
        let deadline = Date().addingTimeInterval(10)
        while !Self.accepts(port), Date() < deadline { usleep(20_000) }
        guard Self.accepts(port) else { throw BrokerError("mosquitto did not listen on port \(port) within 10 s") }
    }

    /// Stops it at once. (SIGKILL: the test process hands its children SIGTERM blocked.)
    func stop() {
        guard let process, process.isRunning else { return }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// The retained message on `topic` (nil when there is none), as a new subscriber gets it.
    /// `mosquitto_sub --retained-only` ends at the first message that is not retained: a
    /// probe on a topic of its own, published until it ends. (Its `-W` timeout never fires
    /// here: the test process hands its children SIGALRM blocked.)
    func retained(_ topic: String) throws -> String? {
        let probe = "rotary-tests/probe/\(UUID().uuidString)"
        let process = Process()
        let out = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
        process.arguments = ["-h", "127.0.0.1", "-p", String(port)] + clientArguments + ["--retained-only", "-v", "-t", topic, "-t", probe]
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let deadline = Date().addingTimeInterval(10)
        while process.isRunning, Date() < deadline {
            try publish(probe, "probe")
            usleep(30_000)
        }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        let lines = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        return lines.first { $0.hasPrefix(topic + " ") }.map { String($0.dropFirst(topic.count + 1)) }
    }

    /// The retained message on `topic`, read again until `done` says so or `seconds` pass;
    /// the last one read.
    func waitForRetained(_ topic: String, seconds: Double = 15, until done: (String?) -> Bool) throws -> String? {
        let deadline = Date().addingTimeInterval(seconds)
        var value = try retained(topic)
        while !done(value), Date() < deadline { value = try retained(topic) }
        return value
    }

    /// Publishes `message` on `topic` (retained when `retain`).
    func publish(_ topic: String, _ message: String, retain: Bool = false) throws {
        try publish(["-t", topic, "-m", message] + (retain ? ["-r"] : []))
    }

    /// Runs `mosquitto_pub` with `arguments` on this broker.
    func publish(_ arguments: [String]) throws {
        _ = try KioskProcess.runHeadless(["-h", "127.0.0.1", "-p", String(port)] + clientArguments + arguments, timeout: 10,
                                         program: URL(fileURLWithPath: "/usr/bin/mosquitto_pub"))
    }

    /// A subscriber to `prefix/#` (`topic payload` lines) running in the background, once it
    /// is subscribed.
    func listen(_ prefix: String) throws -> Listener { try Listener(broker: self, prefix: prefix) }

    /// A `mosquitto_sub` writing into a file. A probe message published to `prefix/probe`
    /// tells when it is subscribed, and when it has everything published before the probe
    /// (the broker keeps one publisher's order).
    final class Listener {
        private let broker: MqttBroker
        private let prefix: String
        private let process = Process()
        private let file: URL

        init(broker: MqttBroker, prefix: String) throws {
            self.broker = broker
            self.prefix = prefix
            file = broker.directory.appendingPathComponent("sub-\(UUID().uuidString).txt")
            FileManager.default.createFile(atPath: file.path, contents: nil)
            process.executableURL = URL(fileURLWithPath: "/usr/bin/mosquitto_sub")
            process.arguments = ["-h", "127.0.0.1", "-p", String(broker.port)] + broker.clientArguments + ["-v", "-t", prefix + "/#"]
            process.standardOutput = try FileHandle(forWritingTo: file)
            process.standardError = FileHandle.nullDevice
            try process.run()
            try probe("subscribed")
        }

        /// Publishes probes until one comes back (at most 10 s).
        private func probe(_ word: String) throws {
            let deadline = Date().addingTimeInterval(10)
            while Date() < deadline {
                try broker.publish(prefix + "/probe", word)
                usleep(50_000)
                if received.contains("\(prefix)/probe \(word)") { return }
            }
            throw BrokerError("mosquitto_sub on \(prefix)/# never got its probe; it got \(received.prefix(5))")
        }

        /// The lines so far (bytes that are not UTF-8, as a hostile payload has, as U+FFFD).
        private var received: [String] {
            String(decoding: (try? Data(contentsOf: file)) ?? Data(), as: UTF8.self).split(separator: "\n").map(String.init)
        }

        /// Stops listening once everything published so far has arrived; every line but the
        /// probes. (SIGKILL: mosquitto_sub writes each line out at once.)
        func lines() throws -> [String] {
            try probe("done")
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            return received.filter { !$0.hasPrefix(prefix + "/probe ") }
        }
    }

    struct BrokerError: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }

    private static func freePort() throws -> Int {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound else { throw BrokerError("no free port") }
        return Int(UInt16(bigEndian: address.sin_port))
    }

    private static func accepts(_ port: Int) -> Bool {
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        return withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) == 0 }
        }
    }
}
