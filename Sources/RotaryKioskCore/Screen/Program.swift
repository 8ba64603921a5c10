/// One program on the wheel: a name, an icon, a preselected duration, and optionally the
/// category it is listed under and a set point.
public struct Program: Equatable, Sendable {
    /// The name shown on the segment (UTF-8).
    public var name: String
    /// A built-in icon name (see `RotaryAssets.iconNames`) or a path to an SVG or PNG file.
    public var icon: String
    /// The duration the dial turns to when this program is picked, in minutes.
    public var minutes: Int
    /// The category strip's name it is listed under (nil: no categories).
    public var category: String?
    /// The set point chosen with it, if it has one.
    public var setting: ProgramSetting?
    /// The longest it may run, in minutes, extensions included (nil: the `[safety]` cap, if
    /// any).
    public var maxOnMinutes: Int?

    /// A program.
    public init(name: String, icon: String, minutes: Int, category: String? = nil, setting: ProgramSetting? = nil,
                maxOnMinutes: Int? = nil) {
        self.name = name
        self.icon = icon
        self.minutes = minutes
        self.category = category
        self.setting = setting
        self.maxOnMinutes = maxOnMinutes
    }

    /// The eight demo programs of the built-in default.
    public static let demo = [
        Program(name: "Finnish sauna", icon: "flame", minutes: 15),
        Program(name: "Steam bath", icon: "steam", minutes: 20),
        Program(name: "Infrared", icon: "sun", minutes: 30),
        Program(name: "Cold plunge", icon: "snowflake", minutes: 5),
        Program(name: "Wash 40°", icon: "wash-warm", minutes: 45),
        Program(name: "Wash 60°", icon: "wash-hot", minutes: 55),
        Program(name: "Quick dry", icon: "wind", minutes: 20),
        Program(name: "Gentle dry", icon: "feather", minutes: 40),
    ]

    /// The demo programs in two categories, the first with a temperature set on an arc and
    /// the fifth with a spin speed on a knob: a screen with every control (bench, pictures).
    public static let demoInCategories = demo.enumerated().map { index, program in
        var program = program
        program.category = demoCategories[index < 4 ? 0 : 1]
        if index == 0 { program.setting = ProgramSetting(name: "Temperature", unit: "°C", min: 60, max: 100, step: 5, defaultValue: 80) }
        if index == 4 {
            program.setting = ProgramSetting(name: "Spin", unit: "rpm", min: 400, max: 1400, step: 100, defaultValue: 1000, style: .knob)
        }
        return program
    }
    /// The categories of ``demoInCategories``.
    public static let demoCategories = ["Sauna", "Laundry"]

    /// The default dial: 0, 5, … 55 minutes.
    public static let defaultDialMinutes = Array(stride(from: 0, through: 55, by: 5))
}
