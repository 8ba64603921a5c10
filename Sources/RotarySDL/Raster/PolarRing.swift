import CRotaryRaster
import FoundationEssentials

/// What a ring looks like before it is turned, apart from its items' pictures.
public struct RingArt: Sendable {
    /// Radius of the hole, pixels.
    public var innerRadius: Double
    /// Radius of the rim, pixels.
    public var outerRadius: Double
    /// Number of items (at least 1).
    public var itemCount: Int
    /// The colour behind the ring, 0xAARRGGBB: opaque, blended into gaps, dimmed items and
    /// the rim; or with alpha 0 for a ring blended over whatever is drawn below it, whose
    /// gaps, dimmed items and rim then keep their colours and fade their alpha.
    public var background: UInt32
    /// Gaps, dimming and ticks.
    public var style: RingStyle

    /// A ring of `itemCount` items between the radii on `background` (0xAARRGGBB: alpha 0 is
    /// a transparent background, any other alpha is taken as opaque).
    public init(innerRadius: Double, outerRadius: Double, itemCount: Int, background: UInt32, style: RingStyle) {
        self.innerRadius = innerRadius
        self.outerRadius = outerRadius
        self.itemCount = max(1, itemCount)
        self.background = background >> 24 == 0 ? 0 : background | 0xFF00_0000
        self.style = style
    }

    /// The background word for a ring drawn on `backdrop`: the colour made opaque, or 0 (a
    /// transparent background) when there is none.
    public static func backgroundWord(_ backdrop: RGBA?) -> UInt32 {
        backdrop.map { $0.argb | 0xFF00_0000 } ?? 0
    }

    /// Whether the ring is blended over what lies below it (its background has alpha 0).
    public var isTransparent: Bool { background >> 24 == 0 }
}

/// A ring's art unrolled into polar form: one row per pixel of radius and `columns` angles
/// round the circle. Turning the ring is then a shift of columns, so drawing a turned ring
/// is one lookup per pixel, not a resampling (see ``RingPixelMap``).
///
/// Column `c` covers ring-frame angles from `c·360/columns` degrees, measured clockwise from
/// item 0's centre; item `i`'s centre lies at `−i·360/count` (items run counter-clockwise).
/// About one column per pixel of the rim, so a turned ring is as sharp as an unturned one (up
/// to 8192 columns: a rim beyond about 1185 px radius gets fewer, and turns a little softer).
/// Items are painted one at a time (``paint(item:picture:center:threads:)``), so only one item's
/// picture need exist at once.
public struct PolarRing: Sendable {
    /// Columns round the circle (64 … 8192).
    public let columns: Int
    /// Rows: one per pixel from the inner to the outer radius.
    public let rows: Int
    /// The ring's look.
    public let art: RingArt
    /// Texels with every item at full opacity: opaque with the background blended in, or,
    /// on a transparent background, straight alpha.
    public private(set) var full: [UInt32]
    /// Texels as shown: the selected item from `full`, the others dimmed.
    public private(set) var shown: [UInt32] = []
    /// Which item each column belongs to.
    public let columnItem: [Int]
    /// The same, as C's loop reads it.
    private let columnItemCodes: [Int32]
    /// The item shown at full opacity (−1 until ``show(selected:)``).
    public private(set) var selected = -1
    /// Per column: angle from its item's centre (degrees) and that direction at 12 o'clock.
    private let offsets: [Double]
    private let directionX: [Double], directionY: [Double]

    /// An unpainted ring with `columns` angles (kept within 64 … 8192).
    public init(art: RingArt, columns requested: Int) {
        let (columns, rows) = Self.size(art: art, columns: requested)
        self.init(art: art, columns: columns, rows: rows, full: [UInt32](repeating: art.background, count: rows * columns))
    }

    /// The ring with `art` whose texels with every item at full opacity are `full`, as a
    /// record kept them: `full` must have ``size(art:columns:)``'s rows times columns.
    init(art: RingArt, columns requested: Int, full: [UInt32]) {
        let (columns, rows) = Self.size(art: art, columns: requested)
        precondition(full.count == rows * columns, "a ring's texels do not fit its size")
        self.init(art: art, columns: columns, rows: rows, full: full)
    }

    /// The columns (`requested` kept within 64 … 8192) and rows (one per pixel of radius) of
    /// a ring with `art`.
    static func size(art: RingArt, columns requested: Int) -> (columns: Int, rows: Int) {
        (min(max(requested, 64), 1 << Int(RingPixelMap.columnBits)), max(1, Int((art.outerRadius - art.innerRadius).rounded(.up))))
    }

    private init(art: RingArt, columns: Int, rows: Int, full: [UInt32]) {
        self.columns = columns
        self.art = art
        self.rows = rows
        let count = art.itemCount
        let spacing = 360 / Double(count)
        let items = (0..<columns).map { c -> Int in
            let alpha = (Double(c) + 0.5) * 360 / Double(columns)
            let i = Int((-alpha / spacing).rounded()) % count
            return i < 0 ? i + count : i
        }
        columnItem = items
        columnItemCodes = items.map { Int32($0) }
        offsets = (0..<columns).map { c in
            let alpha = (Double(c) + 0.5) * 360 / Double(columns)
            let d = (alpha + Double(items[c]) * spacing).truncatingRemainder(dividingBy: 360)
            return d >= 180 ? d - 360 : (d < -180 ? d + 360 : d)
        }
        directionX = offsets.map { d in sin(d * .pi / 180) }
        directionY = offsets.map { d in -cos(d * .pi / 180) }
        self.full = full
    }

    /// Paints item `item` from `picture` (premultiplied, drawn upright as if under a
    /// 12 o'clock marker, with the ring's centre at `center` in its pixel coordinates), with
    /// the gaps at its sides and its ticks: laid over an opaque background, or on a
    /// transparent one kept as straight alpha, the gaps fading alpha only. Rows are painted
    /// on every core with `threads` set to ``DrawingThreads/workers``.
    public mutating func paint(item: Int, picture: PixelBuffer, center: (x: Double, y: Double),
                               threads: DrawingThreads = .callerOnly) {
        let mine = columnItemCodes.indices.filter { columnItem[$0] == item }.map { Int32($0) }
        let (art, columns, rows, offsets) = (self.art, Int32(self.columns), self.rows, self.offsets)
        let (directionX, directionY) = (self.directionX, self.directionY)
        let spacing = 360 / Double(art.itemCount)
        let tickSpacing = art.style.ticksPerItem > 0 ? spacing / Double(art.style.ticksPerItem) : 0
        let gap = art.itemCount > 1 ? max(art.style.gapPixels, 0) : 0
        let chunks = (rows + Self.rowsPerTask - 1) / Self.rowsPerTask
        // C's loop: compiled the same in an embedder's debug build as in release.
        full.withUnsafeMutableBufferPointer { out in
            let base = UnsafeSendable(out.baseAddress!)
            threads.perform(chunks) { chunk in
                let from = chunk * Self.rowsPerTask, to = min(rows, from + Self.rowsPerTask)
                picture.pixels.withUnsafeBufferPointer { pixels in
                    var source = RotaryPicture(pixels: pixels.baseAddress, width: Int32(picture.width),
                                               height: Int32(picture.height), center_x: center.x, center_y: center.y)
                    rotary_polar_paint(base.pointer, columns, Int32(from), Int32(to), art.innerRadius, mine, Int32(mine.count),
                                       offsets, directionX, directionY, spacing, gap, &source, art.background,
                                       art.isTransparent ? 1 : 0)
                }
                guard tickSpacing > 0 else { return }
                for row in from..<to {
                    let r = art.innerRadius + Double(row) + 0.5
                    for c in mine {
                        let texel = base.pointer + row * Int(columns) + Int(c)
                        texel.pointee = Self.tick(on: texel.pointee, offset: offsets[Int(c)], radius: r, tickSpacing: tickSpacing,
                                                  art: art)
                    }
                }
            }
        }
    }

    /// Rows of a ring's art painted by one worker at a time.
    private static let rowsPerTask = 16

    /// Fills `shown`: item `selected` at full opacity, the others dimmed.
    public mutating func show(selected index: Int) {
        let (columns, rows, weight) = (Int32(columns), Int32(rows), dimWeight)
        let (transparent, background) = (art.isTransparent ? Int32(1) : 0, art.background)
        let (full, columnItemCodes) = (full, columnItemCodes)
        shown = [UInt32](unsafeUninitializedCapacity: full.count) { shown, count in
            full.withUnsafeBufferPointer { full in
                columnItemCodes.withUnsafeBufferPointer { items in
                    rotary_polar_dim_except(shown.baseAddress, full.baseAddress, items.baseAddress, columns, rows, Int32(index),
                                            weight, transparent, background)
                }
            }
            count = full.count
        }
        selected = index
    }

    /// Shows item `index` at full opacity and the previously selected one dimmed; only their
    /// columns are touched.
    public mutating func select(_ index: Int) {
        guard index != selected else { return }
        if shown.isEmpty { return show(selected: index) }
        let previous = selected
        selected = index
        // C's loop: compiled the same in an embedder's debug build as in release.
        let (columns, rows, weight) = (Int32(columns), Int32(rows), dimWeight)
        let (transparent, background) = (art.isTransparent ? Int32(1) : 0, art.background)
        // Locals, so the closure below holds no copy of `self`: a copy would share `shown`'s
        // storage, and writing to it would then copy the whole ring (measured: +1.5 MB peak).
        let (full, columnItemCodes) = (full, columnItemCodes)
        shown.withUnsafeMutableBufferPointer { shown in
            full.withUnsafeBufferPointer { full in
                columnItemCodes.withUnsafeBufferPointer { items in
                    rotary_polar_select(shown.baseAddress, full.baseAddress, items.baseAddress, columns, rows, Int32(previous),
                                        Int32(index), weight, transparent, background)
                }
            }
        }
    }

    /// How strongly items off the marker are shown, 0…256.
    private var dimWeight: UInt32 { UInt32((min(max(art.style.dimmedOpacity, 0), 1) * 256).rounded()) }

    /// `texel` with the radial tick nearest to `offset` (degrees from the item's centre)
    /// laid over it, anti-aliased across its width.
    private static func tick(on texel: UInt32, offset: Double, radius r: Double, tickSpacing: Double,
                             art: RingArt) -> UInt32 {
        let isMajor = abs(offset) < tickSpacing / 2
        let from = isMajor ? art.style.majorTickFromRadius : art.style.tickFromRadius
        guard r >= from else { return texel }
        let phase = (offset / tickSpacing).rounded() * tickSpacing - offset
        let distance = abs(phase) * Double.pi / 180 * r
        let amount = min(max(art.style.tickWidth / 2 - distance + 0.5, 0), 1) * min(r - from, 1)
        guard amount > 0 else { return texel }
        if art.isTransparent { return PixelMath.straightOver(art.style.tickColor.argb, amount: amount, bottom: texel) }
        return PixelMath.lerp(texel, art.style.tickColor.argb, UInt32((amount * 256).rounded()))
    }
}

/// A pointer handed to parallel loops that write disjoint parts of one buffer.
struct UnsafeSendable<Pointee>: @unchecked Sendable {
    let pointer: UnsafeMutablePointer<Pointee>
    init(_ pointer: UnsafeMutablePointer<Pointee>) { self.pointer = pointer }
}

