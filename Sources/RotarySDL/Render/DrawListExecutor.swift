import CSDL2
import RotaryKit

/// Turns RotaryKit's `DrawList`s into pixels on a ``Renderer``: the window's own one or a
/// program's adopted one (``Renderer/init(adopting:)``), where the controls are drawn over
/// the program's frame. Everything slow is cached and made again only when it changes:
/// pictures per art and pixel size, texts per text, size and colour, ring art per look and
/// geometry. Commands are drawn in order; nothing is presented.
///
/// The renderer's draw colour, blend mode, clip, logical size, scale and viewport are left as
/// they were found. A `clip` command clips within the clip the program had set, and
/// `clip(nil)` returns to it. Coordinates are the program's own: with a logical size or a
/// render scale (`DrawScale`), the list is drawn where SDL would put the program's own
/// drawing, but made at the output's pixels, so names and art stay sharp at scale 2.
/// ``changedRegions`` and what ``drawChanges(_:)`` returns are output pixels.
public final class DrawListExecutor {
    /// What changed between the last two frames drawn (by ``draw(_:)`` or ``drawChanges(_:)``): regions of the target, merged so they
    /// do not overlap; empty when nothing changed; nil for the whole target (the first
    /// frame, a new target size, a failed frame before, or a change without bounds).
    /// Worked out when read, from the last two frames kept.
    public var changedRegions: [Rect]? {
        guard let before, let last, before.width == last.width, before.height == last.height else { return nil }
        return last.list.changedRegions(since: before.list)
    }
    /// Why art could not be drawn, for a person: each broken picture or ring art once, in
    /// the order met. Its commands draw nothing; the rest of the frame is drawn.
    public private(set) var failures: [String] = []

    private let renderer: Renderer
    private let images: ImageCache
    private let texts: TextCache
    private let rings: RingComposer
    /// A frame drawn through to its end.
    private struct Frame {
        let list: DrawList
        let width: Int
        let height: Int
    }
    /// The last frame drawn through, and the one drawn through just before it (nil when a
    /// frame between them failed).
    private var last: Frame?
    private var before: Frame?

    /// An executor drawing on `renderer` with texts set in `fonts`. `threads` says whether
    /// drawing may split its per-pixel work over worker threads inside ``draw(_:)`` and
    /// ``drawChanges(_:)`` (see ``DrawingThreads``); by default it stays on the calling thread.
    /// With a `ringArt` store, rings' art is read from it when kept there and kept there once
    /// painted, so the next run's first frame is sooner.
    public init(renderer: Renderer, fonts: FontBook, threads: DrawingThreads = .callerOnly, ringArt: RingArtStore? = nil) {
        self.renderer = renderer
        images = ImageCache(renderer: renderer)
        texts = TextCache(renderer: renderer, fonts: fonts)
        rings = RingComposer(renderer: renderer, fonts: fonts, threads: threads, store: ringArt)
    }

    /// How many text pictures it keeps, and their bytes.
    var keptTexts: (count: Int, bytes: Int) { texts.kept }

    /// Every text of `list` as it is drawn: what it writes, at which size, in which box (for
    /// checks and `--draw-list-out`; texts that draw nothing are left out).
    public func placedTexts(_ list: DrawList) throws -> [PlacedText] {
        try list.commands.compactMap { command in
            if case .text(let text) = command { try texts.placement(of: text) } else { nil }
        }
    }

    /// Lets go of every texture and ring raster the executor made (they belong to its
    /// renderer): call it before the program destroys an adopted renderer, or to give the
    /// memory back while the controls are not shown. What is drawn next is made again, and
    /// drawn whole.
    public func releaseTextures() {
        images.removeAll()
        texts.removeAll()
        rings.removeAll()
        forgetFrame()
    }

    /// How many times a ring group was composed into its texture so far: a ring drawn again
    /// as it stood is only copied (for tests).
    var ringCompositions: Int { rings.compositions }

    /// How long making ring art took since this executor was made (the bulk of a first frame).
    public var ringArtTime: RingArtTime { rings.making }

    /// Draws every command of `list` in order and keeps it for ``changedRegions``. Broken art is
    /// skipped and reported in ``failures``; an SDL failure throws.
    public func draw(_ list: DrawList) throws {
        let (width, height) = try renderer.outputSize()
        let space = ProgramSpace(of: renderer)
        try draw(space.transform.apply(list), in: space, width: width, height: height,
                 regions: [Rect(x: 0, y: 0, width: Double(width), height: Double(height))])
    }

    /// Forgets the last frame drawn, so the next ``drawChanges(_:)`` draws everything: for when
    /// the target lost its pixels (SDL makes a window's surface anew whenever the window
    /// reports a size, even the same one).
    public func forgetFrame() {
        last = nil
        before = nil
    }

    /// Draws only what differs from the last frame drawn through, and nothing when nothing
    /// does. Where the target keeps its pixels between frames (``Renderer/keepsFrame``), every
    /// command of `list` that touches a changed region (`DrawList.changedRegions(since:)`)
    /// is drawn again, clipped to it; elsewhere a changed list is drawn whole. The first
    /// frame, a new target size, a frame after a failed one or after ``forgetFrame()``, and
    /// a change without bounds draw everything.
    ///
    /// Returns what was drawn, in target pixels, for ``Renderer/present(regions:)``: empty
    /// when nothing changed, nil when the whole target was drawn.
    @discardableResult
    public func drawChanges(_ list: DrawList) throws -> [Rect]? {
        let (width, height) = try renderer.outputSize()
        let target = Rect(x: 0, y: 0, width: Double(width), height: Double(height))
        let space = ProgramSpace(of: renderer)
        let list = space.transform.apply(list)
        guard let last, last.width == width, last.height == height,
              let changed = list.changedRegions(since: last.list), changed.isEmpty || renderer.keepsFrame else {
            try draw(list, in: space, width: width, height: height, regions: [target])
            return nil
        }
        // Rounded outwards to whole pixels, regions that only met may share a row or column
        // of pixels. It is drawn twice, the same both times: far cheaper than merging the two
        // into the rectangle round both (a wheel's square and a text beside it).
        let regions = changed.compactMap { $0.pixelAligned.intersection(target) }
        try draw(list, in: space, width: width, height: height, regions: regions)
        return regions
    }

    /// Draws the commands of `list` (output pixels) that touch `regions` (whole target pixels,
    /// overlapping at most along an edge), each clipped to every region it touches, with the
    /// program's `space` set aside, and keeps the list.
    private func draw(_ list: DrawList, in space: ProgramSpace, width: Int, height: Int, regions: [Rect]) throws {
        before = last
        last = nil  // until this frame is drawn through
        let host = RendererState(of: renderer)
        space.setAside()
        defer {
            rings.endFrame()
            space.restore()  // first: the program's clip is in its own units
            host.restore()
        }
        try check(SDL_SetRenderDrawBlendMode(renderer.pointer, SDL_BLENDMODE_BLEND), "SDL_SetRenderDrawBlendMode")
        // Where drawing may land: the regions within the program's clip, then within the
        // list's own `clip` command while one is in force.
        let open = host.clip.map { clip in regions.compactMap { $0.intersection(space.transform.apply(Rect(clip)).pixelAligned) } }
            ?? regions
        var areas = open
        var i = 0
        let commands = list.commands
        while i < commands.count {
            let command = commands[i]
            i += 1
            if case .clip(let rect) = command {
                areas = rect.map { rect in open.compactMap { $0.intersection(rect.pixelAligned) } } ?? open
                continue
            }
            if case .ring(let first) = command {
                // Rings on one opaque backdrop are composed together over the first ring's square
                // (one texture, or straight in the software renderer's frame), so only rings
                // lying within that square join it (a dial's wheel, not a ring
                // elsewhere, whose square and the gap between would be painted over).
                var group = [first]
                let square = command.bounds ?? Rect(x: 0, y: 0, width: 0, height: 0)
                while let backdrop = first.backdrop, i < commands.count, case .ring(let next) = commands[i],
                      next.backdrop == backdrop, let inner = commands[i].bounds, square.contains(inner) {
                    group.append(next)
                    i += 1
                }
                try rings.draw(group, regions: areas, width: width, height: height, failure: record)
                continue
            }
            for area in areas where command.bounds.map({ $0.intersection(area) != nil }) ?? true {
                try renderer.clip(to: area)
                try drawShape(command)
            }
        }
        last = Frame(list: list, width: width, height: height)
    }

    /// Draws one command that is neither a ring nor a clip.
    private func drawShape(_ command: DrawCommand) throws {
        switch command {
        case .fill(let rect, let color):
            try renderer.fill(color, rect: rect)
        case .arc(let arc):
            try renderer.strokeArc(center: arc.center, radius: arc.radius, width: arc.width, fromDegrees: arc.fromDegrees,
                                   sweepDegrees: arc.sweepDegrees, color: arc.color, roundCaps: arc.roundCaps)
        case .disc(let center, let radius, let color):
            try renderer.fillDisc(center: center, radius: radius, color: color)
        case .image(let image):
            try images.draw(image, failure: record)
        case .text(let text):
            try texts.draw(text)
        case .ring, .clip:
            break  // drawn by the caller
        }
    }

    /// Notes a failure once.
    private func record(_ message: String) {
        if !failures.contains(message) { failures.append(message) }
    }
}
