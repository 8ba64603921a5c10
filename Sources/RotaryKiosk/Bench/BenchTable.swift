import Foundation

/// The bench results as a table for a person.
enum BenchTable {
    static func text(_ results: [BenchResult]) -> String {
        let header = ["scene", "size", "renderer", "driver", "frames", "median ms", "p99 ms", "CPU ms/frame", "first frame ms", "peak RSS MB"]
        let rows = results.map { r in
            [r.scene, r.size, r.renderer == "software" ? "software" : "\(r.renderer) (\(r.rendererName))", r.videoDriver,
             String(r.frames), String(format: "%.2f", r.medianMs), String(format: "%.2f", r.p99Ms), String(format: "%.2f", r.cpuMsPerFrame),
             String(format: "%.0f", r.firstFrameMs) + (r.ringsRead.map { " (\($0) rings read)" } ?? ""),
             String(format: "%.1f", r.peakRSSMB)]
        }
        let widths = header.indices.map { c in ([header] + rows).map { $0[c].count }.max() ?? 0 }
        func line(_ cells: [String]) -> String {
            cells.enumerated().map { c, cell in cell.padding(toLength: widths[c], withPad: " ", startingAt: 0) }
                .joined(separator: "  ")
        }
        return ([line(header)] + rows.map(line)).joined(separator: "\n")
    }
}
