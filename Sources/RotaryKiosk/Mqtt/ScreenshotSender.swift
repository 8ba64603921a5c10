import Foundation
import RotarySDL

/// Sends the panel's picture to `<base>/screenshot` when `set/screenshot` asked for it:
/// scaled to at most ``maxSide`` pixels on its longer side and encoded as a PNG of at most
/// ``maxBytes`` (halved again until it fits), on a thread of its own, so the render loop only
/// copies the frame and never waits for the encoding. One picture at a time, and at most one
/// every ``leastSeconds``: a picture is on its way until the broker has acknowledged it
/// (libmosquitto sends it again after a reconnect until it does), so a stalled uplink never
/// queues pictures in memory; one asked for meanwhile is dropped, with a problem saying so.
final class ScreenshotSender: @unchecked Sendable {
    /// The longest side of a picture sent, in pixels.
    static let maxSide = 1080
    /// The most bytes a picture sent may have (2 MiB).
    static let maxBytes = 2 << 20
    /// Why a picture asked for while another is being sent is dropped.
    static let busy = "another one is still on its way; this one is dropped"
    /// The shortest longer side a picture is halved down to before it is given up.
    static let leastSide = 120
    /// The least time between two pictures, in seconds.
    static let leastSeconds = 5.0

    private let link: MqttLink
    private let topic: String
    private let problems: @Sendable (String) -> Void
    private let lock = NSLock()
    private var worker: JoinableThread?
    private var busy = false
    /// When (``LiveLoop/seconds()``) the last picture was taken, and whether the broker has
    /// yet to acknowledge the last one handed to the link.
    private var takenAt = -Double.infinity
    private var unacknowledged = false

    /// A sender publishing through `link` on `topic`, posting what went wrong to `problems`.
    init(link: MqttLink, topic: String, problems: @escaping @Sendable (String) -> Void) {
        self.link = link
        self.topic = topic
        self.problems = problems
    }

    /// Why a picture would not be sent now (nil: it would): one still on its way, or the
    /// link down.
    var refusal: String? {
        let now = LiveLoop.seconds()
        let why = lock.withLock { () -> String? in
            if busy { return Self.busy }
            if unacknowledged { return "the broker has not yet taken the last one; this one is dropped" }
            if now - takenAt < Self.leastSeconds { return "one was taken less than \(Int(Self.leastSeconds)) s ago; this one is dropped" }
            return nil
        }
        if let why { return why }
        return link.isConnected ? nil : "not sent, the MQTT link is down"
    }

    /// Encodes and publishes `picture` on the sender's thread.
    func send(_ picture: Surface) {
        let (taken, previous) = lock.withLock { () -> (Bool, JoinableThread?) in
            guard !busy else { return (false, nil) }
            busy = true
            takenAt = LiveLoop.seconds()
            defer { worker = nil }
            return (true, worker)
        }
        guard taken else {
            problems("screenshot: \(Self.busy)")
            return
        }
        previous?.join()  // done already: it cleared `busy` as it ended
        do {
            let thread = try JoinableThread(name: "rotary-shot") { [self] in
                defer { lock.withLock { busy = false } }
                do {
                    let bytes = try Self.png(of: picture)
                    lock.withLock { unacknowledged = true }
                    let handed = link.publish(bytes: bytes, on: topic) { [self] in lock.withLock { unacknowledged = false } }
                    if !handed {
                        lock.withLock { unacknowledged = false }
                        problems("screenshot: not sent, the MQTT link is down")
                    }
                } catch {
                    problems("screenshot: \(error)")
                }
            }
            lock.withLock { worker = thread }
        } catch {
            lock.withLock { busy = false }
            problems("screenshot: no thread to encode it on: \(error)")
        }
    }

    /// Waits for the picture on its way, if any, so it is handed to the link before it stops.
    func finish() {
        let thread = lock.withLock { () -> JoinableThread? in
            defer { worker = nil }
            return worker
        }
        thread?.join()
    }

    /// `picture` as a PNG within the limits: at most ``maxSide`` pixels, halved until its
    /// bytes fit ``maxBytes``.
    static func png(of picture: Surface) throws -> [UInt8] {
        var side = min(maxSide, max(picture.width, picture.height))
        while true {
            do { return try picture.fitted(within: side).pngBytes(limit: maxBytes) } catch is PNGTooLarge where side / 2 >= leastSide {
                side /= 2
            }
        }
    }
}
