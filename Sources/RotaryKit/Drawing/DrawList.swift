/// What to draw for one frame, in order: the commands of every control and overlay. Pure
/// data, so a frame can be checked without pixels, and compared with the last one to find
/// what changed.
public struct DrawList: Equatable, Sendable {
    /// The commands, drawn first to last.
    public var commands: [DrawCommand]

    /// A list of `commands`.
    public init(_ commands: [DrawCommand] = []) {
        self.commands = commands
    }

    /// Adds one command at the end: it is drawn after (over) everything already listed.
    public mutating func append(_ command: DrawCommand) { commands.append(command) }
    /// Adds `more` at the end, in their order: what a view returns goes here whole.
    public mutating func append(contentsOf more: [DrawCommand]) { commands += more }

    /// The regions of the target that differ between `previous` and this list: for each
    /// command that changed, where it was and where it is now. Nil means the whole target
    /// (a command without bounds changed, or the lists differ in length). Overlapping
    /// regions are merged; an unchanged list gives no regions. A command drawn under a
    /// ``DrawCommand/clip(_:)`` changes nothing outside it.
    public func changedRegions(since previous: DrawList) -> [Rect]? {
        guard previous.commands.count == commands.count else { return nil }
        var regions: [Rect] = []
        var clips: (before: Rect?, after: Rect?) = (nil, nil)
        for (old, new) in zip(previous.commands, commands) {
            defer {
                if case .clip(let rect) = old { clips.before = rect }
                if case .clip(let rect) = new { clips.after = rect }
            }
            guard old != new else { continue }
            guard let before = old.bounds, let after = new.bounds else { return nil }
            for (rect, clip) in [(before, clips.before), (after, clips.after)] {
                guard let shown = clip == nil ? rect : clip.flatMap(rect.intersection), !shown.isEmpty else { continue }
                regions = Self.merging(shown, into: regions)
            }
        }
        return regions
    }

    /// `rect` added to `regions`, merged with every region it overlaps (repeatedly, so the
    /// result never overlaps itself).
    private static func merging(_ rect: Rect, into regions: [Rect]) -> [Rect] {
        var merged = rect
        var rest = regions
        var grew = true
        while grew {
            grew = false
            rest.removeAll { other in
                guard merged.intersection(other) != nil else { return false }
                merged = merged.union(other)
                grew = true
                return true
            }
        }
        return rest + [merged]
    }
}
