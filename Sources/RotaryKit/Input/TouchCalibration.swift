/// An affine correction of a touchscreen's positions, in the convention of libinput's
/// `LIBINPUT_CALIBRATION_MATRIX`: coordinates are normalised to the panel (0…1 across its
/// width and height, origin top-left) and a reported `(x, y)` becomes
/// `(a·x + b·y + c, d·x + e·y + f)`. Skew, scale, offset, swapped axes and mirrored axes are
/// all such maps. Solve one from three taps with
/// ``solve(reported:targets:)``, or let ``CalibrationRun`` take the taps.
public struct TouchCalibration: Equatable, Sendable {
    /// The six coefficients `a, b, c, d, e, f`, row by row.
    public let matrix: [Double]

    /// Positions as the panel reports them.
    public static let identity = TouchCalibration(uncheckedMatrix: [1, 0, 0, 0, 1, 0])

    /// The calibration with `matrix` (`a, b, c, d, e, f`), or nil unless it has six finite
    /// coefficients and is ``isUsable``.
    public init?(matrix: [Double]) {
        guard matrix.count == 6, matrix.allSatisfy(\.isFinite) else { return nil }
        self.init(uncheckedMatrix: matrix)
        guard isUsable else { return nil }
    }

    private init(uncheckedMatrix: [Double]) { matrix = uncheckedMatrix }

    /// Whether it is the identity.
    public var isIdentity: Bool { self == .identity }

    /// Where reported point `p` (normalised) really is (normalised).
    public func apply(_ p: Point) -> Point {
        let m = matrix
        return Point(x: m[0] * p.x + m[1] * p.y + m[2], y: m[3] * p.x + m[4] * p.y + m[5])
    }

    /// Where reported point `p`, in pixels of a `width`×`height` panel, really is (pixels).
    public func apply(_ p: Point, width: Double, height: Double) -> Point {
        guard !isIdentity, width > 0, height > 0 else { return p }
        let q = apply(Point(x: p.x / width, y: p.y / height))
        return Point(x: q.x * width, y: q.y * height)
    }

    /// Whether it could be a real panel's correction and leaves the panel touchable: it keeps
    /// areas within a factor of 4 either way (a determinant of 0.25…4 in magnitude), and a
    /// touch on the panel can still reach every corner: the points 3 % in from each corner
    /// are where some reported position (within 0…1) lands. (An operator's gesture on the
    /// corners stays possible.)
    public var isUsable: Bool {
        let m = matrix
        let determinant = m[0] * m[4] - m[1] * m[3]
        guard (0.25...4).contains(abs(determinant)) else { return false }
        return [Point(x: 0.03, y: 0.03), Point(x: 0.97, y: 0.03), Point(x: 0.03, y: 0.97), Point(x: 0.97, y: 0.97)].allSatisfy { corner in
            // The reported position that lands on `corner`: the inverse of the map.
            let dx = corner.x - m[2], dy = corner.y - m[5]
            let x = (m[4] * dx - m[1] * dy) / determinant, y = (m[0] * dy - m[3] * dx) / determinant
            return (0...1).contains(x) && (0...1).contains(y)
        }
    }

    /// The map that takes the three `reported` points (normalised) to the three `targets`
    /// (normalised), or nil when the reported points (nearly) lie on one line, or the map is
    /// not ``isUsable``.
    public static func solve(reported: [Point], targets: [Point]) -> TouchCalibration? {
        guard reported.count == 3, targets.count == 3, (reported + targets).allSatisfy(\.isFinite) else { return nil }
        let (p0, p1, p2) = (reported[0], reported[1], reported[2])
        // Twice the signed area of the reported triangle: the determinant of the rows (x, y, 1).
        let determinant = (p1.x - p0.x) * (p2.y - p0.y) - (p2.x - p0.x) * (p1.y - p0.y)
        guard abs(determinant) >= 0.01 else { return nil }
        // Cramer's rule for u = α·x + β·y + γ through the three pairs (p_i, u_i).
        func row(_ u: [Double]) -> [Double] {
            let alpha = ((u[1] - u[0]) * (p2.y - p0.y) - (u[2] - u[0]) * (p1.y - p0.y)) / determinant
            let beta = ((p1.x - p0.x) * (u[2] - u[0]) - (p2.x - p0.x) * (u[1] - u[0])) / determinant
            return [alpha, beta, u[0] - alpha * p0.x - beta * p0.y]
        }
        return TouchCalibration(matrix: row(targets.map(\.x)) + row(targets.map(\.y)))
    }
}
