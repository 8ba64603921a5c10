/// A conversion from `Double` that cannot trap.
extension Int {
    /// `value` rounded toward zero as an `Int` that never traps: NaN becomes 0 and values
    /// beyond `Int`'s range become `Int.min` or `Int.max`. Swift's `Int(_: Double)` stops the
    /// process on such values, so every Double that came from outside (a saved file, a trace,
    /// a sum of time steps) is converted with this instead.
    ///
    ///     Int(saturating: 2.9)     // 2
    ///     Int(saturating: 1e19)    // Int.max
    ///     Int(saturating: .nan)    // 0
    public init(saturating value: Double) {
        if value.isNaN {
            self = 0
        } else if value >= 0x1p63 {
            self = .max
        } else if value < -0x1p63 {
            self = .min
        } else {
            self.init(value)
        }
    }
}

/// A conversion from `Double` that cannot trap.
extension Int32 {
    /// `value` rounded toward zero, NaN as 0, and clamped to `Int32`'s range (see
    /// `Int(saturating:)`).
    public init(saturating value: Double) {
        self = Int32(clamping: Int(saturating: value))
    }
}
