import Testing
@testable import RotaryKit

@Suite("Angular geometry")
struct DegreesTests {
    let c = Point(x: 100, y: 100)

    @Test("screen angles: 0° right, 90° down (clockwise), −90° up")
    func screenAngles() {
        #expect(Degrees.angle(of: Point(x: 150, y: 100), around: c) == 0)
        #expect(abs(Degrees.angle(of: Point(x: 100, y: 150), around: c) - 90) < 1e-12)
        #expect(abs(Degrees.angle(of: Point(x: 100, y: 50), around: c) + 90) < 1e-12)
        #expect(abs(abs(Degrees.angle(of: Point(x: 50, y: 100), around: c)) - 180) < 1e-12)
    }

    @Test("normalisation", arguments: [(540.0, -180.0), (-190, 170), (179.5, 179.5), (-720, 0), (360, 0)])
    func normalisation(input: Double, expected: Double) {
        #expect(abs(Degrees.normalized(input) - expected) < 1e-9)
        #expect(Degrees.normalizedPositive(input) >= 0 && Degrees.normalizedPositive(input) < 360)
    }

    @Test("the shortest delta across 9 o'clock is small, not 360°")
    func deltaAcrossNineOClock() {
        #expect(abs(Degrees.delta(from: 170, to: -170) - 20) < 1e-9)
        #expect(abs(Degrees.delta(from: -170, to: 170) + 20) < 1e-9)
    }

    @Test("the unwrapper follows a point twice round through 9 o'clock without a jump")
    func unwrapTwoTurns() {
        var unwrapper = AngleUnwrapper(startingAt: 0)
        var previous = 0.0
        for step in 1...720 {
            let raw = Degrees.angle(of: Degrees.point(at: Double(step), radius: 50, around: c), around: c)
            let now = unwrapper.update(raw: raw)
            #expect(abs(now - previous - 1) < 1e-9)
            previous = now
        }
        #expect(abs(unwrapper.degrees - 720) < 1e-6)
    }

    @Test("every sector centre and both sides of every boundary, for 1…64 sectors", arguments: 1...64)
    func sectorIndices(count: Int) {
        let spacing = 360 / Double(count)
        let first = -90.0
        for i in 0..<count {
            let centre = first - Double(i) * spacing  // next items lie counter-clockwise
            #expect(Degrees.sectorIndex(of: centre, count: count, firstCenterDegrees: first) == i)
            #expect(Degrees.sectorIndex(of: centre + spacing / 2 - 0.01, count: count, firstCenterDegrees: first) == i)
            #expect(Degrees.sectorIndex(of: centre - spacing / 2 + 0.01, count: count, firstCenterDegrees: first) == i)
        }
    }

    @Test("sector index survives nonsense input")
    func sectorNonsense() {
        #expect(Degrees.sectorIndex(of: .nan, count: 8, firstCenterDegrees: 0) == 0)
        #expect(Degrees.sectorIndex(of: 10, count: 0, firstCenterDegrees: 0) == 0)
    }
}
