/// Where a picture comes from. Drawing commands name art by this value; the executor loads
/// and rasterises it at the size a command asks for, once.
public enum ArtSource: Hashable, Sendable {
    /// One of Rotary's own SVGs by its path under `assets/` without `.svg`, e.g.
    /// `"ui/knob-face"` or `"icons/flame"`.
    case builtIn(String)
    /// SVG text or bytes given by the program.
    case svg([UInt8])
    /// A file: SVG by its `.svg` ending, else PNG.
    case file(String)
}
