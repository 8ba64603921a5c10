import CSDL2
import RotaryKit

/// A line of text as the panel shows it: cut into runs (``TextRuns``), each drawn by the
/// theme's font or, for characters it lacks, by a fallback font (``FontFallback``), shaped
/// by HarfBuzz for its script and direction, and laid out left to right on one baseline.
/// Colour emoji fonts, whose glyphs are fixed bitmaps far taller than the line, are scaled
/// down to it.
struct TextLine {
    /// A run with the font that draws it.
    fileprivate struct Piece {
        let run: TextRuns.Run
        let font: Font
        /// How much the run is scaled (1 unless its font is far taller than the line).
        let scale: Double
        /// Width on the line, pixels (after scaling).
        let width: Int
    }

    private let pieces: [Piece]
    /// Width of the line, pixels.
    let width: Int
    /// Whether it is set in one run of one font (no fallback font, one direction).
    var isOneRun: Bool { pieces.count == 1 }

    /// `text` set at `size` points with `book`'s fonts, in the direction its first strong
    /// letter gives.
    init(_ text: String, size: Int, book: FontBook) throws {
        let primary = try book.font(size: size)
        let runs = TextRuns(text) { book.faceNumber(for: $0, emoji: $1, primary: primary) }
        var pieces: [Piece] = []
        for run in runs.runs {
            let font = try book.face(run.font, size: size)
            font.shape(rightToLeft: run.rightToLeft, script: run.script)
            let scale = font.height > primary.height * 3 / 2 ? Double(primary.height) / Double(font.height) : 1
            let width = Int((Double(font.measure(run.text).width) * scale).rounded())
            pieces.append(Piece(run: run, font: font, scale: scale, width: width))
        }
        self.pieces = pieces
        width = pieces.reduce(0) { $0 + $1.width }
    }

    /// The line drawn anti-aliased in `color` on a transparent surface (colour emoji keep
    /// their colours); an empty line is a 1×1 transparent surface.
    func render(color: RGBA) throws -> Surface {
        guard !pieces.isEmpty else { return try Surface(width: 1, height: 1) }
        if pieces.count == 1 { return try pieces[0].render(color: color) }
        let ascent = pieces.map { Int((Double($0.font.ascent) * $0.scale).rounded()) }.max() ?? 0
        let descent = pieces.map { Int((Double($0.font.height - $0.font.ascent) * $0.scale).rounded()) }.max() ?? 0
        let line = try Surface(width: max(1, width), height: max(1, ascent + descent))
        var x = 0
        for piece in pieces {
            try line.copy(piece.render(color: color), toX: x, y: ascent - Int((Double(piece.font.ascent) * piece.scale).rounded()))
            x += piece.width
        }
        return line
    }
}

extension TextLine.Piece {
    /// The run shaped and drawn by its font in `color`, scaled to the line.
    func render(color: RGBA) throws -> Surface {
        font.shape(rightToLeft: run.rightToLeft, script: run.script)
        let drawn = try font.render(run.text, color: color)
        guard scale != 1 else { return drawn }
        return try drawn.scaled(width: width, height: max(1, Int((Double(drawn.height) * scale).rounded())))
    }
}
