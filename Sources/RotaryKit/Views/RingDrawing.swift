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
    /// changes nothing outside it. Where level names would crowd each other (a dial of many
    /// values), only every second, third, fifth… item is named (``uprightStride(_:look:)``).
    public static func labels(_ ring: RingControl, look: RingLook, showing coordinate: Double? = nil) -> [DrawCommand] {
        guard look.labelOrientation != .turning else { return [] }
        let texts = names(ring, look: look, showing: coordinate)
        return texts.isEmpty ? [] : [.clip(Rect(center: ring.center, radius: ring.outerRadius + 1))] + texts + [.clip(nil)]
    }

    /// The names of ``labels(_:look:showing:)``, unclipped.
    private static func names(_ ring: RingControl, look: RingLook, showing coordinate: Double?) -> [DrawCommand] {
        let (rotationDegrees, highlighted) = turn(ring, showing: coordinate)
        let spacing = ring.spacingDegrees
        let stride = look.labelOrientation == .upright ? uprightStride(ring, look: look) : 1
        // Round the ring the last name named comes back to the first: it must leave as much room.
        let lastNamed = stride == 1 ? look.items.count - 1 : ((look.items.count - 1) / stride - (look.items.count % stride == 0 ? 0 : 1)) * stride
        let halfAngle = min(90, spacing * Double(stride) / 2) * Double.pi / 180
        let dimmed = look.labelColor.fading(look.dimmedLabelOpacity ?? look.style.dimmedOpacity)
        let points = Double(look.labelSize)
        let step = points * 1.1
        return look.items.enumerated().compactMap { index, item -> [DrawCommand]? in
            guard !item.label.isEmpty, index % stride == 0, index <= lastNamed else { return nil }
            let angle = Degrees.normalized(ring.markerDegrees + rotationDegrees - Double(index) * spacing)
            // Along the ring its letters stand on the tangent; past level, turned round.
            var degrees = 0.0
            if look.labelOrientation == .readable {
                degrees = Degrees.normalized(angle + 90)
                if abs(degrees) > 90 { degrees = Degrees.normalized(degrees + 180) }
            }
            let tangential = look.labelOrientation == .readable
            let oneLine = Self.room(atRadius: min(look.labelRadius, ring.outerRadius - 2 - step / 2), halfAngle: halfAngle,
                                    lineHeight: points, ring: ring, tangential: tangential)
            let lines = TextLines.split(item.label, points: look.labelSize, width: oneLine)
            // The lines stack across the baseline, first on top as read: outwards or inwards
            // as the name is turned. The block keeps clear of the rim.
            let down: Double = Double.cos((degrees + 90 - angle) * Double.pi / 180) >= 0 ? 1 : -1
            let shifts = lines.indices.map { down * (Double($0) - Double(lines.count - 1) / 2) * step }
            // Along the ring, each line's ends and outer edge inside the rim (at its estimated width).
            let rim = ring.outerRadius - 2
            let middle = tangential
                ? zip(lines, shifts).map { text, shift in
                    (max(0, rim * rim - Double.pow(TextLines.estimatedWidth(text[...], points: look.labelSize) / 2, 2))).squareRoot()
                        - points * 0.55 - shift
                }.reduce(look.labelRadius, min)
                : look.labelRadius
            return lines.enumerated().map { line, text in
                let radius = middle + shifts[line]
                return .text(TextDraw(text, points: look.labelSize, center: Degrees.point(at: angle, radius: radius, around: ring.center),
                                      maxWidth: Self.room(atRadius: radius, halfAngle: halfAngle, lineHeight: points, ring: ring,
                                                          tangential: tangential),
                                      degrees: degrees, color: index == highlighted ? look.labelColor : dimmed))
            }
        }.flatMap { $0 }
    }

    /// Every how many items a level name is written so the names keep apart: 1 where the
    /// widest (estimated) fits its item's arc at the label radius with a third of its size to
    /// spare, else the first of 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30 or 60 that leaves
    /// that room. Where the count is no multiple of it, the last multiple is left unnamed, so
    /// it does not crowd the first round the ring.
    public static func uprightStride(_ ring: RingControl, look: RingLook) -> Int {
        let widest = look.items.map { TextLines.estimatedWidth($0.label[...], points: look.labelSize) }.max() ?? 0
        let needed = widest + Double(look.labelSize) / 3
        let arc = max(1e-6, look.labelRadius * ring.spacingDegrees * Double.pi / 180)
        return [1, 2, 3, 4, 5, 6, 8, 10, 12, 15, 20, 24, 30, 60].first { Double($0) * arc >= needed } ?? 60
    }

    /// How wide a name's line centred `radius` pixels out on an item's centre line may be:
    /// within the item's sector (`halfAngle` either side, radians) and, along the ring
    /// (`tangential`), with its ends and its outer edge (`lineHeight` high) inside the rim.
    private static func room(atRadius radius: Double, halfAngle: Double, lineHeight: Double, ring: RingControl,
                             tangential: Bool) -> Double {
        let sector = 2 * radius * Double.sin(halfAngle) * 0.86
        guard tangential else { return sector }
        let rim = ring.outerRadius - 2, outer = radius + lineHeight * 0.55
        return max(0, min(sector, 2 * (max(0, rim * rim - outer * outer)).squareRoot() * 0.95))
    }

    /// The marker of `ring` alone: `look`'s picture centred just outside the rim (its centre
    /// `look.size × 0.55` pixels out) at the ring's marker angle, pointing at the centre. For
    /// a program that draws something of its own between the ring and its marker.
    public static func marker(_ ring: RingControl, look: MarkerLook) -> [DrawCommand] {
        MarkerDrawing.commands(center: ring.center, radius: ring.outerRadius + look.size * 0.55, degrees: ring.markerDegrees,
                               look: look)
    }
}
