import RotaryKioskCore
import Testing

/// How large a pixel is, and what the layout makes of it: pure arithmetic.
@Suite("The panel's size: a finger's 9 mm in pixels")
struct PanelSizeTests {
    @Test("a 7-inch 800×480 panel's pixel is 0.19 mm, so a finger is 48 px; a 5-inch one's 0.136 mm, 67 px")
    func sizes() {
        #expect(abs(PanelSize.assumed.millimetresPerPixel - 0.1906) < 0.0005 && PanelSize.assumed.fingerPixels == 48)
        let five = PanelSize(diagonalInches: 5, width: 800, height: 480)
        #expect(five.source == .config && abs(five.millimetresPerPixel - 0.1361) < 0.0005 && five.fingerPixels == 67)
        #expect(PanelSize(dotsPerInch: 96).source == .display && abs(PanelSize(dotsPerInch: 96).millimetresPerPixel - 0.2646) < 0.0005)
    }

    @Test("a figure no kiosk panel has (0, negative, NaN, infinite, under 25 or over 500 dpi) is not believed: the assumed panel instead",
          arguments: [0.0, -3, .nan, .infinity, 1e-6, 10, 2000])
    func nonsense(dotsPerInch: Double) {
        #expect(PanelSize(dotsPerInch: dotsPerInch) == .assumed)
    }

    @Test("on a small dense panel the layout grows what a finger taps, and the running view's digits to 15 mm")
    func layout() {
        for (panel, zones) in [(PanelSize.assumed, 3), (PanelSize(diagonalInches: 5, width: 800, height: 480), 0)] {
            let layout = ScreenLayout(width: 800, height: 480, hasStrip: true, hasSetting: true, zones: zones, panel: panel)
            let finger = panel.fingerPixels
            #expect(layout.dialOuterRadius - layout.dialInnerRadius >= finger - 0.001)
            #expect(layout.stripRect!.height >= finger && layout.zoneTiles.allSatisfy { $0.height >= finger && $0.width >= finger })
            #expect(layout.settingThumbRadius * 2 >= finger && layout.remoteArmSize >= finger)
        }
        // A 4-inch panel's finger (82 px) is more than the tiles' 64: the tiles grow to it.
        let four = PanelSize(diagonalInches: 4, width: 800, height: 480)
        #expect(four.fingerPixels > 64)
        #expect(ScreenLayout(width: 800, height: 480, zones: 2, panel: four).zoneTiles.allSatisfy { $0.height >= four.fingerPixels })
        let known = ScreenLayout(width: 800, height: 480, panel: PanelSize(diagonalInches: 5, width: 800, height: 480))
        #expect(known.heroPoints * 0.72 >= 15 / known.panel.millimetresPerPixel, "\(known.heroPoints)")
        // Assumed, the digits are 19 % of the height, as before.
        #expect(ScreenLayout(width: 800, height: 480).heroPoints == (480 * 0.19 / 0.72).rounded(.up))
    }
}
