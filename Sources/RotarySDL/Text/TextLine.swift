import CSDL2
import RotaryKit

/// A line of text as the panel shows it: cut into runs (``TextRuns``), each drawn by the
/// theme's font or, for characters it lacks, by a fallback font (``FontFallback``), shaped
/// by HarfBuzz for its script and direction, and laid out left to right on one baseline.
/// Colour emoji fonts, whose glyphs are fixed bitmaps far taller than the line, are scaled
/// down to it.
struct TextLine {
    /// A run with the font that draws it.
    private struct Piece {
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

    /// `text` set at `size` points with `book`'s fonts; `base` is the paragraph direction
    /// when the text's own letters do not tell.
    init(_ text: String, size: Int, book: FontBook, base: TextRuns.BaseDirection = .auto) throws {
        let primary = try book.font(size: size)
        let runs = TextRuns(text, base: base) { book.faceNumber(for: $0, primary: primary) }
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
        if pieces.count == 1, pieces[0].scale == 1 {
            pieces[0].font.shape(rightToLeft: pieces[0].run.rightToLeft, script: pieces[0].run.script)
            return try pieces[0].font.render(pieces[0].run.text, color: color)
        }
        let ascent = pieces.map { Int((Double($0.font.ascent) * $0.scale).rounded()) }.max() ?? 0
        let descent = pieces.map { Int((Double($0.font.height - $0.font.ascent) * $0.scale).rounded()) }.max() ?? 0
        let line = try Surface(width: max(1, width), height: max(1, ascent + descent))
        var x = 0
        for piece in pieces {
            piece.font.shape(rightToLeft: piece.run.rightToLeft, script: piece.run.script)
            var drawn = try piece.font.render(piece.run.text, color: color)
            if piece.scale != 1 {
                drawn = try drawn.scaled(width: piece.width,
                                         height: max(1, Int((Double(drawn.height) * piece.scale).rounded())))
            }
            let top = ascent - Int((Double(piece.font.ascent) * piece.scale).rounded())
            try line.copy(drawn, toX: x, y: top)
            x += piece.width
        }
        return line
    }
}
