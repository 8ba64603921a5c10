import Dispatch

/// Whether drawing may split its per-pixel work over worker threads inside the call that
/// draws (Dispatch's `concurrentPerform`, which waits for them before it returns): the polar
/// rings' pixels each frame, and a ring's art, its pictures and its pixel map when a look or
/// layout is new. The program that draws decides; nothing else in Rotary starts a thread.
public enum DrawingThreads: Sendable {
    /// Everything on the thread that calls: no thread the program did not ask for.
    case callerOnly
    /// Split over Dispatch's worker threads: a ring's pixels in two halves (about half the
    /// time on two cores), pictures and rows of a ring's art on every core.
    case workers

    /// Runs `body` for each of `0..<iterations`: one after the other on the calling thread,
    /// or at once on worker threads, returning when all are done.
    func perform(_ iterations: Int, _ body: @Sendable (Int) -> Void) {
        switch self {
        case .callerOnly: for i in 0..<iterations { body(i) }
        case .workers: DispatchQueue.concurrentPerform(iterations: iterations, execute: body)
        }
    }
}
