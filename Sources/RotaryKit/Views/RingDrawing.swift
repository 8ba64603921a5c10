import RealModule

/// How a ``RingControl`` is drawn: one ``DrawCommand/ring(_:)`` command from its state and
/// look. The ring's art (segments, icons, names, ticks) is made once per look by the
/// executor; each frame only says how far it is turned and which item is bright.
public enum RingDrawing {
    /// The commands for `ring` as it is now.
    ///
    /// - Parameters:
    ///   - ring: the model: where it is, how far it is turned, which item is chosen.
    ///   - look: items, pictures, colours.
    ///   - backdrop: an opaque colour to paint around the ring within its square (fast, for a
    ///     full-screen kiosk), or nil to blend over what is already drawn (embedded).
    ///   - coordinate: an item coordinate to show instead of the model's own position (2.5: half
    ///     way between items 2 and 3), e.g. a dial unwinding with a countdown. The item
    ///     nearest to it is the bright one.
    ///   - marker: the pointer at the ring's marker angle, drawn just outside its rim over the
    ///     ring (nil: none, e.g. when the program draws its own; see ``marker(_:look:)``).
    ///   - labels: whether the names the look draws as texts (see ``RingLook/labelOrientation``)
    ///     come with the ring; without, draw ``labels(_:look:showing:)`` later, e.g. over a
    ///     neighbouring ring whose opaque backdrop would cover them.
    public static func commands(_ ring: RingControl, look: RingLook, backdrop: RGBA? = nil,
                                showing coordinate: Double? = nil, marker: MarkerLook? = nil, labels: Bool = true) -> [DrawCommand] {
        let (rotation, highlighted) = turn(ring, showing: coordinate)
        return [.ring(RingDraw(look: look, center: ring.center, innerRadius: ring.innerRadius,
                               outerRadius: ring.outerRadius, markerDegrees: ring.markerDegrees,
                               rotationDegrees: rotation, highlighted: highlighted, backdrop: backdrop))]
            + (labels ? Self.labels(ring, look: look, showing: coordinate) : [])
            + (marker.map { Self.marker(ring, look: $0) } ?? [])
    }

    /// How far the ring is drawn turned, degrees, and its bright item: its own, or those of
    /// the item coordinate it shows.
    private static func turn(_ ring: RingControl, showing coordinate: Double?) -> (degrees: Double, highlighted: Int) {
        let layout = ring.drag.axis.layout
        return (coordinate.map { $0 * ring.spacingDegrees } ?? ring.rotationDegrees,
                coordinate.map { layout.index(ofCoordinate: Int(saturating: $0.rounded())) } ?? ring.selectedIndex)
    }

    /// The item names as texts over the ring (as ``commands(_:look:backdrop:showing:marker:labels:)``
    /// turns it), when the look stands them ``RingLabelOrientation/readable`` or
    /// ``RingLabelOrientation/upright`` (none when they are part of the art): each at the
    /// look's label radius on its item's centre line, as wide as its item allows there,
    /// dimmed as the item is; clipped to the ring's square (then no clip), so a turning ring
    /// changes nothing outside it.
    public static func labels(_ ring: RingControl, look: RingLook, showing coordinate: Double? = nil) -> [DrawCommand] {
        guard look.labelOrientation != .turning else { return [] }
        let texts = names(ring, look: look, showing: coordinate)
        return texts.isEmpty ? [] : [.clip(Rect(center: ring.center, radius: ring.outerRadius + 1))] + texts + [.clip(nil)]
    }

    /// The names of ``labels(_:look:showing:)``, unclipped.
    private static func names(_ ring: RingControl, look: RingLook, showing coordinate: Double?) -> [DrawCommand] {
        let (rotationDegrees, highlighted) = turn(ring, showing: coordinate)
        let spacing = ring.spacingDegrees
        let chord = 2 * look.labelRadius * Double.sin(min(90, spacing / 2) * Double.pi / 180)
        let dimmed = look.labelColor.fading(look.style.dimmedOpacity)
        return look.items.enumerated().compactMap { index, item -> [DrawCommand]? in
            guard !item.label.isEmpty else { return nil }
            let angle = Degrees.normalized(ring.markerDegrees + rotationDegrees - Double(index) * spacing)
            // Along the ring its letters stand on the tangent; past level, turned round.
            var degrees = 0.0
            if look.labelOrientation == .readable {
                degrees = Degrees.normalized(angle + 90)
                if abs(degrees) > 90 { degrees = Degrees.normalized(degrees + 180) }
            }
            let center = Degrees.point(at: angle, radius: look.labelRadius, around: ring.center)
            let lines = Self.lines(item.label, points: look.labelSize, width: chord * 0.86)
            // Two lines sit either side of the label's centre, across its baseline.
            let step = Double(look.labelSize) * 1.1
            return lines.enumerated().map { line, text in
                let offset = (Double(line) - Double(lines.count - 1) / 2) * step
                return .text(TextDraw(text, points: look.labelSize, center: Degrees.point(at: degrees + 90, radius: offset, around: center),
                                      maxWidth: chord * 0.86, degrees: degrees, color: index == highlighted ? look.labelColor : dimmed))
            }
        }.flatMap { $0 }
    }

    /// `label` as one line, or as two broken at the space nearest its middle when it would be
    /// wider than `width` pixels at `points` (characters taken as 0.58 of the size wide, wide
    /// East Asian ones as 1) and it has a space.
    static func lines(_ label: String, points: Int, width: Double) -> [String] {
        func estimate(_ text: Substring) -> Double {
            text.unicodeScalars.reduce(0) { $0 + ($1.value >= 0x2E80 ? 1 : 0.58) } * Double(points)
        }
        let characters = Array(label)
        guard estimate(label[...]) > width else { return [label] }
        let spaces = characters.indices.filter { characters[$0] == " " }
        guard let cut = spaces.min(by: { abs($0 * 2 - characters.count) < abs($1 * 2 - characters.count) }) else { return [label] }
        return [String(characters[..<cut]), String(characters[(cut + 1)...])]
    }

    /// The marker of `ring` alone: `look`'s picture centred just outside the rim (its centre
    /// `look.size × 0.55` pixels out) at the ring's marker angle, pointing at the centre. For
    /// a program that draws something of its own between the ring and its marker.
    public static func marker(_ ring: RingControl, look: MarkerLook) -> [DrawCommand] {
        MarkerDrawing.commands(center: ring.center, radius: ring.outerRadius + look.size * 0.55, degrees: ring.markerDegrees,
                               look: look)
    }
}
