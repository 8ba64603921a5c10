/// The service PIN: the hash the config holds, and how a PIN typed on the pad is checked
/// against it (the shell's libxcrypt, handed in: hashing is no business of the pure core).
public struct ServicePIN: Equatable, Sendable {
    /// The shortest and longest PIN accepted, in digits.
    public static let digits = 4...8

    /// The config's hash (`$y$…`).
    public let hash: String
    private let check: @Sendable (_ pin: String, _ hash: String) -> Bool

    /// The PIN whose hash is `hash`, checked by `check(pin, hash)`.
    public init(hash: String, check: @escaping @Sendable (_ pin: String, _ hash: String) -> Bool) {
        self.hash = hash
        self.check = check
    }

    /// Whether `pin` is the PIN.
    func matches(_ pin: String) -> Bool { check(pin, hash) }

    public static func == (a: ServicePIN, b: ServicePIN) -> Bool { a.hash == b.hash }
}
