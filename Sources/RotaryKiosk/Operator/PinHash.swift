import CCrypt
import Foundation

/// The service PIN's hash: yescrypt through the system's libxcrypt, the scheme
/// `/etc/shadow` uses: salted, deliberately slow, self-describing (`$y$…`, so a hash made at
/// another cost still checks), so the PIN is never stored in clear and a copied config does
/// not give it away.
enum PinHash {
    /// The shortest and longest PIN accepted, in digits.
    static let digits = ServicePIN.digits

    /// Why a PIN cannot be used, or nil when it can.
    static func problem(withPIN pin: String) -> String? {
        guard pin.allSatisfy({ $0.isASCII && $0.isNumber }) else { return "a PIN is made of the digits 0 to 9 only" }
        guard digits.contains(pin.count) else { return "a PIN has \(digits.lowerBound) to \(digits.upperBound) digits, not \(pin.count)" }
        return nil
    }

    /// yescrypt's cost for new hashes: 3 (`$y$j7T$`, about 4 MiB and 5 ms on a desktop core)
    /// rather than libxcrypt's default 5 (16 MiB, 20 ms). The kiosk checks a PIN on its render
    /// thread, and that memory is its peak; a PIN of 4 to 8 digits is guarded by the lock after
    /// five wrong tries, which no hash cost replaces.
    static let cost: UInt = 3

    /// A new hash of `pin` with a fresh random salt at ``cost``.
    static func make(pin: String) throws -> String {
        if let problem = problem(withPIN: pin) { throw PinHashError.badPIN(problem) }
        var setting = [CChar](repeating: 0, count: Int(CRYPT_GENSALT_OUTPUT_SIZE))
        guard crypt_gensalt_rn("$y$", cost, nil, 0, &setting, Int32(setting.count)) != nil else {
            throw PinHashError.noHash("libxcrypt could not make a salt (\(String(cString: strerror(errno))))")
        }
        guard let hash = hash(pin, setting: setting), hash.hasPrefix("$y$") else {
            throw PinHashError.noHash("libxcrypt could not hash the PIN")
        }
        return hash
    }

    /// Whether `pin` is the one `hash` was made from.
    static func matches(pin: String, hash stored: String) -> Bool {
        guard isUsable(stored), let computed = hash(pin, setting: Array(stored.utf8CString)) else { return false }
        // Constant time, so how long a comparison takes tells nothing about how much matched.
        let a = Array(computed.utf8), b = Array(stored.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(0) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// Whether `hash` is a salted hash of a method libxcrypt still counts as strong.
    static func isUsable(_ hash: String) -> Bool {
        hash.hasPrefix("$") && crypt_checksalt(hash) == CRYPT_SALT_OK
    }

    private static func hash(_ pin: String, setting: [CChar]) -> String? {
        var data = crypt_data()
        let size = Int32(MemoryLayout<crypt_data>.size)
        guard let output = crypt_rn(pin, setting, &data, size) else { return nil }
        let text = String(cString: output)
        return text.hasPrefix("*") ? nil : text  // "*0"/"*1": libxcrypt's failure tokens
    }
}

/// Why a PIN could not be hashed.
enum PinHashError: Error, CustomStringConvertible {
    case badPIN(String)
    case noHash(String)

    var description: String {
        switch self {
        case .badPIN(let why), .noHash(let why): why
        }
    }
}
