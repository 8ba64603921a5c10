import CSDL2

/// One opened face of a font file, shared by the ``Font``s of a ``FontBook`` at every size:
/// each face SDL_ttf opens keeps its own copy of the file's tables and a HarfBuzz font
/// (measured here: 9 sizes of DejaVu Sans Bold as 9 faces took 1.7 MB of heap, as one face
/// 0.3 MB, and opened faster). Before each use the face is set to the using font's size,
/// direction and script, where they differ from the last use's. Not for use from two threads
/// at once, as a ``FontBook`` is not.
final class FontFace {
    private let pointer: OpaquePointer
    /// What the face is set to now: size in points, direction, ISO 15924 script tag.
    private var current: (size: Int, rightToLeft: Bool, script: String)

    /// Face `index` of the file at `path`, opened at `size` points.
    init(path: String, index: Int, size: Int) throws {
        pointer = try FontLibrary.open(path: path, index: index, size: Int32(clamping: size))
        current = (size, false, Font.anyScript)
    }

    deinit { FontLibrary.close(pointer) }

    /// The face set to `size` points, read right to left or not, shaped as `script`.
    func prepared(size: Int, rightToLeft: Bool, script: String) -> OpaquePointer {
        // A size SDL_ttf refused leaves the face as it was, and the next use tries again.
        if current.size != size, TTF_SetFontSize(pointer, Int32(clamping: size)) != 0 { return pointer }
        if current.rightToLeft != rightToLeft { TTF_SetFontDirection(pointer, rightToLeft ? TTF_DIRECTION_RTL : TTF_DIRECTION_LTR) }
        if current.script != script { TTF_SetFontScriptName(pointer, script) }
        current = (size, rightToLeft, script)
        return pointer
    }
}
