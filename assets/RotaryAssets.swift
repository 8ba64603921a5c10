// The built-in theme: this folder's SVG files, embedded in the binary by SwiftPM
// (`.embedInCode`), so `rotary-kiosk` needs no files beside it.

/// The art of the default theme, as SVG bytes.
public enum RotaryAssets {
    /// Built-in icon names (a program's `icon` may name one), sorted.
    public static let iconNames: [String] = icons.map(\.name)

    /// The SVG of the built-in icon called `name`, if there is one.
    public static func icon(named name: String) -> [UInt8]? {
        icons.first { $0.name == name }?.svg
    }

    /// The built-in segment textures, used in turn for the wheel's segments.
    public static let segments: [[UInt8]] = [
        PackageResources.segment_1_svg, PackageResources.segment_2_svg, PackageResources.segment_3_svg,
        PackageResources.segment_4_svg, PackageResources.segment_5_svg, PackageResources.segment_6_svg,
        PackageResources.segment_7_svg, PackageResources.segment_8_svg,
    ]

    /// The centre button's face (a disc; the label is drawn over it).
    public static let button: [UInt8] = PackageResources.button_svg

    /// The marker: a triangle pointing down, turned to point at each ring.
    public static let marker: [UInt8] = PackageResources.marker_svg

    /// The service badge: a wrench in a small disc, shown in a corner while something needs
    /// an operator's attention (the details go to the log and `error` events).
    public static let serviceBadge: [UInt8] = PackageResources.service_badge_svg

    /// The remote-start arming control: a disc with a mast sending waves (the time it stays
    /// armed is written in its lower part).
    public static let remoteArm: [UInt8] = PackageResources.remote_arm_svg

    /// The knob's face: a round, rimmed disc, transparent outside the circle; drawn unturned.
    public static let knobFace: [UInt8] = PackageResources.knob_face_svg

    /// The knob's pointer: a short bar near the top pointing up, transparent elsewhere, the
    /// face's size; turned about its centre to the knob's value.
    public static let knobPointer: [UInt8] = PackageResources.knob_pointer_svg

    /// The countdown's state as an icon, white on transparent: a play triangle (running), two
    /// bars (paused), a check mark (done).
    public static let stateRunning: [UInt8] = PackageResources.state_running_svg
    public static let statePaused: [UInt8] = PackageResources.state_paused_svg
    public static let stateDone: [UInt8] = PackageResources.state_done_svg

    /// A built-in SVG by its path under `assets/` without `.svg`: `"ui/button"`,
    /// `"ui/marker"`, `"ui/service-badge"`, `"ui/remote-arm"`, `"ui/knob-face"`, `"ui/knob-pointer"`,
    /// `"ui/state-running"`, `"ui/state-paused"`, `"ui/state-done"`,
    /// `"icons/<name>"` or `"segments/segment-<1…8>"`.
    public static func named(_ name: String) -> [UInt8]? {
        let parts = name.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return nil }
        switch parts[0] {
        case "icons": return icon(named: parts[1])
        case "segments":
            guard parts[1].hasPrefix("segment-"), let n = Int(parts[1].dropFirst(8)), segments.indices.contains(n - 1) else { return nil }
            return segments[n - 1]
        case "ui": return ui.first { $0.name == parts[1] }?.svg
        default: return nil
        }
    }

    private static let ui: [(name: String, svg: [UInt8])] = [
        ("button", button), ("marker", marker), ("service-badge", serviceBadge), ("remote-arm", remoteArm),
        ("knob-face", knobFace), ("knob-pointer", knobPointer),
        ("state-running", stateRunning), ("state-paused", statePaused), ("state-done", stateDone),
    ]

    private static let icons: [(name: String, svg: [UInt8])] = [
        ("bolt", PackageResources.bolt_svg), ("drop", PackageResources.drop_svg),
        ("feather", PackageResources.feather_svg), ("flame", PackageResources.flame_svg),
        ("snowflake", PackageResources.snowflake_svg), ("steam", PackageResources.steam_svg),
        ("sun", PackageResources.sun_svg), ("wash-hot", PackageResources.wash_hot_svg),
        ("wash-warm", PackageResources.wash_warm_svg), ("wind", PackageResources.wind_svg),
    ]
}
