import Foundation

/// One file in the state folder written atomically (``AtomicFile``) on a queue of its own, so
/// the render thread never waits for the disk; a write that fails is told to `failed` as
/// "cannot save `what` to `path`: why". A file in a folder that is only readable is read as
/// usual and never written.
final class BackgroundFile: @unchecked Sendable {
    let path: String
    private let what: String
    private let kept: Bool
    private let queue: DispatchQueue
    private let failed: @Sendable (String) -> Void

    /// The file `name` in `directory`, holding `what` (for messages); written only when `kept`.
    init(_ name: String, in directory: String, kept: Bool = true, holding what: String,
         failed: @escaping @Sendable (String) -> Void) {
        path = (directory as NSString).appendingPathComponent(name)
        self.kept = kept
        self.what = what
        queue = DispatchQueue(label: "rotary.\(name)")
        self.failed = failed
    }

    /// Replaces the file with `data` in the background.
    func write(_ data: Data) {
        guard kept else { return }
        queue.async { [path, what, failed] in
            do { try AtomicFile.write(data, to: path) } catch {
                failed("cannot save \(what) to \(path): \(AtomicFile.reason(error))")
            }
        }
    }

    /// Waits until every write so far is on disk (or has failed).
    func flush() { queue.sync {} }
}
