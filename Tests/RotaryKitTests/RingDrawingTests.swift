import Testing
@testable import RotaryKit

/// A ring's look made from the ring itself, and its marker drawn with it.
@Suite("Ring looks and the marker")
struct RingDrawingTests {
    static let wheel = RingControl(id: "weapon", kind: .wheel, labels: ["Bolt", "Fire", "Ice"], center: Point(x: 200, y: 200),
                                   innerRadius: 40, outerRadius: 120)

    @Test("RingLook(for:) draws something: an item per label, names in the band, gaps, the others dimmed")
    func defaults() {
        let look = RingLook(for: Self.wheel)
        #expect(look.items.map(\.label) == ["Bolt", "Fire", "Ice"])
        #expect(look.labelRadius == 80 && look.labelSize == 14)
        #expect(look.iconSize == 0, "no icons asked for")
        #expect(look.style.gapPixels == 2 && look.style.dimmedOpacity == 0.6)
    }

    @Test("with icons: icons two thirds out at 30 % of the band, names a third out; a missing icon is none")
    func withIcons() {
        let look = RingLook(for: Self.wheel, icons: [.builtIn("icons/bolt"), nil])
        #expect(look.items.map(\.icon) == [.builtIn("icons/bolt"), nil, nil])
        #expect(look.iconSize == 24 && abs(look.iconRadius - 92.8) < 1e-9 && abs(look.labelRadius - 66.4) < 1e-9)
    }

    @Test("the marker comes with the ring: over it, outside the rim at the marker's angle, pointing at the centre")
    func marker() {
        let look = MarkerLook(size: 14)
        let commands = RingDrawing.commands(Self.wheel, look: RingLook(for: Self.wheel), marker: look)
        #expect(commands.count == 2)
        guard case .ring = commands[0], case .image(let image) = commands[1] else {
            Issue.record("ring, then marker: \(commands)")
            return
        }
        #expect(abs(image.center.x - 200) < 1e-9 && abs(image.center.y - (200 - 120 - 7.7)) < 1e-9)
        #expect(image.degrees == 0 && image.width == 14)
        #expect(RingDrawing.commands(Self.wheel, look: RingLook(for: Self.wheel)).count == 1, "no marker unless asked")
    }

    @Test("names drawn readable stand along the ring and never more than 90° from level, all the way round; upright ones level; as art, no texts",
          arguments: Array(stride(from: 0.0, to: 360, by: 7.5)))
    func labelOrientation(turn: Double) {
        var ring = RingControl(id: "w", kind: .wheel, labels: (0..<8).map { "P\($0)" }, center: Point(x: 200, y: 200),
                               innerRadius: 40, outerRadius: 120)
        _ = ring.advance(by: 0)
        var look = RingLook(for: ring)
        look.labelOrientation = .readable
        let coordinate = turn / ring.spacingDegrees
        let texts = RingDrawing.labels(ring, look: look, showing: coordinate).compactMap { if case .text(let t) = $0 { t } else { nil } }
        #expect(texts.count == 8)
        for (index, text) in texts.enumerated() {
            #expect(abs(Degrees.normalized(text.degrees)) <= 90, "\(text.text) at \(text.degrees)°")
            // On its item's centre line, at the look's radius, along the tangent.
            let angle = ring.markerDegrees + turn - Double(index) * ring.spacingDegrees
            let expected = Degrees.point(at: angle, radius: look.labelRadius, around: ring.center)
            #expect(abs(text.center.x - expected.x) < 1e-6 && abs(text.center.y - expected.y) < 1e-6)
            #expect(abs(Degrees.normalized(text.degrees - angle - 90).truncatingRemainder(dividingBy: 180)) < 1e-6)
            #expect(text.color.a == (index == Int((coordinate).rounded()) % 8 ? 255 : look.labelColor.fading(look.style.dimmedOpacity).a))
        }
        let commands = RingDrawing.labels(ring, look: look, showing: coordinate)
        #expect(commands.first == .clip(Rect(center: ring.center, radius: ring.outerRadius + 1)) && commands.last == .clip(nil),
                "clipped to the ring's square, so a turning ring changes nothing beyond it")
        look.labelOrientation = .upright
        #expect(RingDrawing.labels(ring, look: look, showing: coordinate).allSatisfy {
            switch $0 { case .text(let t): t.degrees == 0; case .clip: true; default: false }
        })
        look.labelOrientation = .turning
        #expect(RingDrawing.labels(ring, look: look, showing: coordinate).isEmpty)
        #expect(RingDrawing.commands(ring, look: look, showing: coordinate).count == 1, "the names are in the ring's art")
    }

    @Test("level numbers on a dial of many values name every k-th item, k from 1, 2, 3, 4, 5, 6, 8, 10…, so no two crowd each other")
    func busyDial() {
        func dial(_ count: Int) -> (RingControl, RingLook) {
            let ring = RingControl(id: "dial", kind: .dial, labels: (1...count).map(String.init), center: Point(x: 240, y: 240),
                                   innerRadius: 190, outerRadius: 226)
            var look = RingLook(for: ring)
            look.labelOrientation = .upright
            look.labelSize = 22
            return (ring, look)
        }
        let (twelve, twelveLook) = dial(12)
        #expect(RingDrawing.uprightStride(twelve, look: twelveLook) == 1)
        #expect(RingDrawing.labels(twelve, look: twelveLook).filter { if case .text = $0 { true } else { false } }.count == 12)
        let (many, manyLook) = dial(120)
        let stride = RingDrawing.uprightStride(many, look: manyLook)
        #expect(stride == 5, "120 values 3° apart at radius 208: 10.9 px each, '120' needs about 46")
        let texts = RingDrawing.labels(many, look: manyLook).compactMap { command -> TextDraw? in
            if case .text(let text) = command { text } else { nil }
        }
        #expect(texts.map(\.text) == Swift.stride(from: 1, through: 120, by: 5).map(String.init))
        // Neighbours named are at least a name's width apart, and each may be as wide.
        let apart = texts[0].center.distance(to: texts[1].center)
        #expect(texts.allSatisfy { TextLines.estimatedWidth($0.text[...], points: 22) <= min(apart, $0.maxWidth) }, "\(apart)")
        // 110 values at stride 4 would name 109 two items before 1: the last multiple is left out.
        let (odd, oddLook) = dial(110)
        #expect(RingDrawing.uprightStride(odd, look: oddLook) == 4)
        let named = RingDrawing.labels(odd, look: oddLook).compactMap { command -> String? in
            if case .text(let text) = command { text.text } else { nil }
        }
        #expect(named.first == "1" && named.last == "105", "\(named)")
    }

    @Test("a name too wide for its item breaks at the space nearest its middle onto two lines; one word, or one that fits, stays whole")
    func twoLines() {
        #expect(TextLines.split("Finnish sauna", points: 14, width: 60) == ["Finnish", "sauna"])
        #expect(TextLines.split("Wash 40 °C eco", points: 14, width: 60) == ["Wash 40", "°C eco"])
        #expect(TextLines.split("Finnish sauna", points: 14, width: 200) == ["Finnish sauna"])
        #expect(TextLines.split("Steambath", points: 14, width: 20) == ["Steambath"])
        #expect(TextLines.split("岩盤浴 サウナ", points: 20, width: 100) == ["岩盤浴", "サウナ"], "wide characters count as wide")
    }

    @Test("every control has a look made from the control: the button's from its radius, the marker from the ring's band")
    func looksFor() {
        let button = CenterButton(id: "go", center: Point(x: 200, y: 200), radius: 30)
        #expect(ButtonLook(for: button) == ButtonLook(radius: 30))
        #expect(MarkerLook(for: Self.wheel).size == 8)
        let big = RingControl(id: "dial", kind: .dial, labels: ["0", "5"], center: Point(x: 300, y: 300), innerRadius: 100, outerRadius: 300)
        #expect(MarkerLook(for: big).size == 20)
    }

    @Test("the DrawingAsData article's example: a fill, the ring, its marker")
    func articleExample() {
        let ring = RingControl(id: "program", kind: .wheel, labels: ["Sauna", "Steam", "Cold"],
                               center: Point(x: 240, y: 240), innerRadius: 60, outerRadius: 200)
        let look = RingLook(for: ring, fill: RGBA(30, 36, 50))
        let background = RGBA(15, 18, 26)
        var list = DrawList([.fill(nil, background)])
        list.append(contentsOf: RingDrawing.commands(ring, look: look, backdrop: background, marker: MarkerLook(size: 16)))
        let kinds = list.commands.map { command -> String in
            switch command {
            case .fill: "fill"
            case .ring: "ring"
            case .image: "image"
            default: "other"
            }
        }
        #expect(kinds == ["fill", "ring", "image"])
    }
}
