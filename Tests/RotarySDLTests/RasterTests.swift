import Foundation
import Testing
@testable import RotarySDL

@Suite("Raster arithmetic")
struct RasterTests {
    @Test("the fast angle matches atan2 to well within a polar column, all round")
    func fastAngle() {
        var worst = 0.0
        for i in 0..<3600 {
            let a = Double(i) / 10 * .pi / 180
            for r in [0.7, 13.0, 540.0] {
                let dx = r * cos(a), dy = r * sin(a)
                let exact = atan2(dy, dx) * 180 / .pi
                var error = abs(FastAngle.degrees(dy: dy, dx: dx) - exact)
                if error > 180 { error = 360 - error }
                worst = max(worst, error)
            }
        }
        #expect(worst < 0.001)
    }

    @Test("lerp is exact at its ends and halfway", arguments: [(0xFF00_0000 as UInt32, 0xFFFF_FFFF as UInt32)])
    func lerp(a: UInt32, b: UInt32) {
        #expect(PixelMath.lerp(a, b, 0) == a)
        #expect(PixelMath.lerp(a, b, 256) == b)
        #expect(PixelMath.lerp(a, b, 128) == 0xFF7F_7F7F)
    }

    @Test("a premultiplied colour over a background: opaque keeps the colour, transparent keeps the background")
    func over() {
        #expect(PixelMath.over(0xFF10_2030, coverage: 256, background: 0xFF00_0000) == 0xFF10_2030)
        #expect(PixelMath.over(0x0000_0000, coverage: 256, background: 0xFF40_5060) == 0xFF40_5060)
        let half = PixelMath.over(0xFFFF_FFFF, coverage: 128, background: 0xFF00_0000)
        #expect((half >> 16 & 0xFF) >= 126 && (half >> 16 & 0xFF) <= 129)
    }

    @Test("bilinear sampling between two pixels mixes them; outside fades to transparent")
    func sampling() {
        var buffer = PixelBuffer(width: 2, height: 1)
        buffer.pixels = [0xFF00_0000, 0xFFFF_FFFF]
        #expect(buffer.sample(x: 0.5, y: 0.5) == 0xFF00_0000)
        #expect(buffer.sample(x: 1.5, y: 0.5) == 0xFFFF_FFFF)
        #expect(buffer.sample(x: 1.0, y: 0.5) == 0xFF7F_7F7F)
        #expect(buffer.sample(x: -5, y: -5) == 0)
    }
}
