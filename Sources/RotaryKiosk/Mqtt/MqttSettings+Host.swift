import Glibc

extension MqttSettings {
    /// The host name as an id: what `gethostname` says, with anything but letters, digits,
    /// `-` and `_` made `-`.
    static func hostID() -> String {
        var name = [CChar](repeating: 0, count: 256)
        let host = gethostname(&name, name.count) == 0 ? String(cString: name) : "kiosk"
        let cleaned = String(host.map { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") ? $0 : "-" })
        return cleaned.isEmpty ? "kiosk" : cleaned
    }
}
