import Foundation

/// One file in the state folder written atomically (``AtomicFile``) on a queue of its own, so
/// the render thread never waits for the disk. A write that fails (a full disk, a card the
/// kernel remounted read-only) is told to `failed` once, as "cannot save `what` to `path`:
/// why", and tried again every ``retrySeconds`` and at ``flush()`` until it lands or a newer
/// write replaces it: what the file says is never left behind what the kiosk last said. Where
/// a shadow path is given (a file in `$RUNTIME_DIRECTORY`, which outlives the process but not
/// the boot), the contents that could not be written wait there until the file has them, so
/// a restart in between reads them (``TimerStore``). A file in a folder that is only readable
/// is read as usual and never written.
final class BackgroundFile: @unchecked Sendable {
    let path: String
    /// Where the newest contents wait while the file cannot take them (nil: nowhere).
    let shadowPath: String?
    private let what: String
    private let kept: Bool
    private let queue: DispatchQueue
    private let failed: @Sendable (String) -> Void
    /// The newest contents not yet on disk (nil: none). Touched on `queue` only.
    private var unsaved: Data?
    /// How many writes were asked for; a retry goes ahead only if none came since.
    private var writes = 0
    /// The write whose failure was last told (so a retry that fails again says nothing).
    private var toldFailure = 0

    /// How long between two tries of a write that failed, in seconds.
    static let retrySeconds = 5.0

    /// The file `name` in `directory`, holding `what` (for messages); written only when `kept`.
    /// `shadowDirectory` is where the contents wait while the file cannot take them.
    init(_ name: String, in directory: String, kept: Bool = true, holding what: String, shadowDirectory: String? = nil,
         failed: @escaping @Sendable (String) -> Void) {
        path = (directory as NSString).appendingPathComponent(name)
        shadowPath = shadowDirectory.map { ($0 as NSString).appendingPathComponent(name) }
        self.kept = kept
        self.what = what
        queue = DispatchQueue(label: "rotary.\(name)")
        self.failed = failed
    }

    /// Replaces the file with `data` in the background.
    func write(_ data: Data) {
        guard kept else { return }
        queue.async { [self] in
            writes += 1
            unsaved = data
            attempt()
        }
    }

    /// Waits until every write so far is on disk or has failed, trying once more one that
    /// failed before (at exit: the space may be back).
    func flush() { queue.sync { attempt() } }

    /// Why a file of `bytes` bytes could not be written beside it now (nil: it could): a probe
    /// written and removed on the file's own queue, waited for at most `seconds` (a card that
    /// hangs counts as one that cannot take a write).
    func whyNotWritable(bytes: Int, waitingUpTo seconds: Double) -> String? {
        let done = DispatchSemaphore(value: 0)
        let answer = Answer()
        queue.async { [path] in
            let probe = path + ".probe"
            do { try AtomicFile.write(Data(repeating: 0x20, count: bytes), to: probe) } catch {
                answer.set("the state folder cannot take a write (\(AtomicFile.reason(error))), so a stop would not be kept")
            }
            unlink(probe)
            done.signal()
        }
        guard done.wait(timeout: .now() + seconds) == .success else {
            return "the state folder did not take a write within \(Int(seconds)) s, so a stop would not be kept"
        }
        return answer.get()
    }

    /// A probe's answer, handed from the file's queue to the thread that waits for it.
    private final class Answer: @unchecked Sendable {
        private let lock = NSLock()
        private var why: String?
        func set(_ text: String) { lock.withLock { why = text } }
        func get() -> String? { lock.withLock { why } }
    }

    /// Tries to put the unsaved contents on disk; on `queue`.
    private func attempt() {
        guard let data = unsaved else { return }
        do {
            try AtomicFile.write(data, to: path)
            unsaved = nil
            if let shadowPath { unlink(shadowPath) }
        } catch {
            var keptAside = ""
            if let shadowPath {
                do {
                    try AtomicFile.write(data, to: shadowPath)
                    keptAside = "; kept in \(shadowPath) until it can be"
                } catch {
                    // An older copy there must never count for newer contents.
                    unlink(shadowPath)
                    keptAside = "; not even in \(shadowPath) (\(AtomicFile.reason(error)))"
                }
            }
            if toldFailure != writes {
                toldFailure = writes
                failed("cannot save \(what) to \(path): \(AtomicFile.reason(error))\(keptAside); trying again every "
                       + "\(Int(Self.retrySeconds)) s")
            }
            let asked = writes
            queue.asyncAfter(deadline: .now() + Self.retrySeconds) { [weak self] in
                guard let self, self.writes == asked else { return }
                self.attempt()
            }
        }
    }
}
