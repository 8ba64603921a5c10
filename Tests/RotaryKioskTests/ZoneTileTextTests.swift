import Foundation
import Testing

/// The zone tiles' times are read from the bench: on the frame the real executable draws,
/// each tile's time is half as large again as its name and its digits 5 mm tall on the panel.
@Suite("Zone tiles: a time read from across the room")
struct ZoneTileTextTests {
    @Test("three zones on a 7-inch 800×480 panel and a 10-inch 1280×800 one: each tile's time 1.5 × its name and 5 mm tall",
          arguments: [("800x480", 7.0), ("1280x800", 10.1)])
    func tileTimes(size: String, diagonal: Double) throws {
        let dir = try KioskProcess.temporaryDirectory()
        let config = try ConfigText.write(ZoneReplayTests.twoZones(["Cabin 1", "Cabin 2", "Steam room"],
                                                                   extra: "[display]\ndiagonal = \(diagonal)\n"),
                                          as: "k.toml", in: dir)
        var trace = Trace()
        trace.key("Return")
        trace.wait(2000)
        trace.stamp()
        let (run, record) = try DrawListOutTests.record(trace, size: size, extra: ["--config", config])
        #expect(run.status == 0, "\(run.stderr)")
        let mmPerPixel = try #require((record["panel"] as? [String: Any])?["mm_per_px"] as? Double)
        let texts = DrawListOutTests.texts(record)
        for tile in 0..<3 {
            let own = texts.filter { $0["control"] as? String == "zones.\(tile)" }
            let name = try #require(own.first { ($0["text"] as? String)?.first?.isLetter == true }, "\(own)")
            let time = try #require(own.first { $0["text"] as? String == (tile == 0 ? "14:58" : "–") }, "\(own)")
            let (namePx, timePx) = (Double(name["px"] as? Int ?? 0), Double(time["px"] as? Int ?? 0))
            #expect(timePx >= 1.5 * namePx, "tile \(tile): time \(timePx) px, name \(namePx) px")
            // A font's digits stand about 0.72 of its size.
            #expect(timePx * 0.72 * mmPerPixel >= 5 - 0.05, "tile \(tile): digits \(timePx * 0.72 * mmPerPixel) mm")
            #expect(time["asked"] == nil && name["asked"] == nil, "nothing cut: \(own)")
        }
    }
}
