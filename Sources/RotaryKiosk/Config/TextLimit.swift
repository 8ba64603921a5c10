/// How many characters a text of the config may have, by where it is drawn.
enum TextLimit {
    /// A program's name, on its segment.
    static let programName = 60
    /// A category, on the strip.
    static let category = 40
    /// A zone's name, on its tile.
    static let zoneName = 24
    /// One of the kiosk screen's words (`[strings]`).
    static let word = 40
    /// A set point's name.
    static let settingName = 40
    /// A set point's unit, after its value.
    static let unit = 12
}
