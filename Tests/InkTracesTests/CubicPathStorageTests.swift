import Foundation
import InkTraces
import Testing

/// ``CubicPath``'s tables (one unsafe allocation behind typed piece indices) pass their
/// invariant check, and every fast accessor gives, to the bit, what a plain oracle over safe
/// arrays gives: the same coefficients, the same piece for a time, the same position,
/// derivative and second derivative.
@Suite("Cubic path storage")
struct CubicPathStorageTests {
    /// A path written the plain way: knots, and per piece the coefficients `a, b, c, d` of
    /// each axis in arrays, with the held ends.
    struct Oracle {
        let knots: [Double]
        /// `[piece][coefficient]` per axis.
        let x: [[Double]], y: [[Double]]
        let start: (x: Double, y: Double), end: (x: Double, y: Double)

        /// The piece holding `t`: the last one starting at or before it (the first before
        /// the path, the last after it), by linear search.
        func piece(_ t: Double) -> Int {
            var j = 0
            for k in 1..<max(1, knots.count - 1) where knots[k] <= t { j = k }
            return j
        }

        /// Position, derivative and second derivative at `t` (held outside the span).
        func at(_ t: Double) -> (p: SIMD2<Double>, v: SIMD2<Double>, a: SIMD2<Double>, piece: Int) {
            if knots.count < 2 || !(t > knots[0]) { return (SIMD2(start.x, start.y), .zero, .zero, 0) }
            if t >= knots[knots.count - 1] { return (SIMD2(end.x, end.y), .zero, .zero, knots.count - 2) }
            let j = piece(t)
            let s = t - knots[j]
            func axis(_ c: [Double]) -> (Double, Double, Double) {
                (
                    c[0] + s * (c[1] + s * (c[2] + s * c[3])), c[1] + s * (2 * c[2] + (s * 3) * c[3]),
                    2 * c[2] + (6 * s) * c[3]
                )
            }
            let ax = axis(x[j]), ay = axis(y[j])
            return (SIMD2(ax.0, ay.0), SIMD2(ax.1, ay.1), SIMD2(ax.2, ay.2), j)
        }
    }

    static func polyline(_ t: [Double], _ x: [Double], _ y: [Double]) -> (CubicPath, Oracle) {
        var cx: [[Double]] = [], cy: [[Double]] = []
        for j in 0..<(t.count - 1) {
            let dt = t[j + 1] - t[j]
            cx.append([x[j], (x[j + 1] - x[j]) / dt, 0, 0])
            cy.append([y[j], (y[j + 1] - y[j]) / dt, 0, 0])
        }
        return (
            CubicPath(polylineT: t, x: x, y: y),
            Oracle(knots: t, x: cx, y: cy, start: (x[0], y[0]), end: (x[x.count - 1], y[y.count - 1]))
        )
    }

    static func hermite(duration: Double, pieces: Int) -> (CubicPath, Oracle) {
        let position = { (t: Double) in (x: 30 * sin(t * 7), y: 20 * cos(t * 5) + t * 10) }
        let velocity = { (t: Double) in (x: 210 * cos(t * 7), y: -100 * sin(t * 5) + 10) }
        let path = CubicPath(hermiteOver: duration, pieces: pieces, position: position, velocity: velocity)
        let knots = (0...pieces).map { $0 == pieces ? duration : Double($0) * (duration / Double(pieces)) }
        var cx: [[Double]] = [], cy: [[Double]] = []
        for j in 0..<pieces {
            let dt = knots[j + 1] - knots[j]
            func axis(_ p0: Double, _ p1: Double, _ m0: Double, _ m1: Double) -> [Double] {
                let slope = (p1 - p0) / dt
                return [p0, m0, (3 * slope - 2 * m0 - m1) / dt, (m0 + m1 - 2 * slope) / (dt * dt)]
            }
            let p0 = position(knots[j]), p1 = position(knots[j + 1])
            let v0 = velocity(knots[j]), v1 = velocity(knots[j + 1])
            cx.append(axis(p0.x, p1.x, v0.x, v1.x))
            cy.append(axis(p0.y, p1.y, v0.y, v1.y))
        }
        let first = position(0), last = position(duration)
        return (path, Oracle(knots: knots, x: cx, y: cy, start: first, end: last))
    }

    static func cases() -> [(String, CubicPath, Oracle)] {
        let t = (0..<300).map { Double($0) * 0.004 + Double($0 % 3) * 0.0007 }
        let uneven = polyline(t, t.map { 30 * sin($0 * 7) }, t.map { 20 * cos($0 * 5) })
        let hermite = hermite(duration: 1.3, pieces: 1300)
        let one = polyline([2.0], [1], [3])
        let two = polyline([1.0, 1.5], [0, 4], [2, -2])
        // 37 pieces: a last block of 5, and buckets over very uneven knots.
        let k = (0..<38).map { pow(Double($0), 2.5) * 1e-4 }
        let bunched = polyline(k, k.map { $0 * 100 }, k.map { sin($0 * 40) })
        return [("uneven polyline", uneven.0, uneven.1), ("hermite", hermite.0, hermite.1),
                ("one knot", one.0, one.1), ("one piece", two.0, two.1), ("bunched knots", bunched.0, bunched.1)]
    }

    @Test func validPathsPassTheInvariantCheck() {
        for (name, path, oracle) in Self.cases() {
            path.checkInvariants()
            #expect(path.knots == oracle.knots, "\(name)")
            #expect(path.pieceCount == oracle.x.count, "\(name)")
        }
    }

    /// The one coefficient layout: what the tables hold for each piece is what was built.
    @Test func coefficientsAreThoseBuilt() {
        for (name, path, oracle) in Self.cases() {
            for j in 0..<path.pieceCount {
                let c = path.coefficients(ofPiece: CubicPath.PieceIndex(j))
                let x = oracle.x[j], y = oracle.y[j]
                #expect(
                    c == CubicPath.Coefficients(
                        a: SIMD2(x[0], y[0]), b: SIMD2(x[1], y[1]), c: SIMD2(x[2], y[2]), d: SIMD2(x[3], y[3])),
                    "\(name) piece \(j)")
            }
        }
    }

    /// Piece lookup, position, derivative and geometry agree with the oracle to the bit, at
    /// every knot, between knots, before and after the path, and at a time that is no number.
    @Test func fastAccessorsAgreeWithTheOracle() {
        for (name, path, oracle) in Self.cases() {
            var times = oracle.knots
            for k in 0..<(oracle.knots.count - 1) {
                let a = oracle.knots[k], b = oracle.knots[k + 1]
                times += [a + (b - a) * 0.25, a + (b - a) * 0.5, b.nextDown, a.nextUp]
            }
            times += [oracle.knots[0] - 1, oracle.knots[oracle.knots.count - 1] + 1, .nan, -.infinity, .infinity]
            var mismatches = 0
            for t in times {
                let want = oracle.at(t)
                let g = path.geometry(at: t)
                let p = path.position(at: t), v = path.derivative(at: t)
                let same =
                    g.p == want.p && g.v == want.v && g.a == want.a && g.piece.offset == want.piece
                    && p.x == want.p.x && p.y == want.p.y && v.x == want.v.x && v.y == want.v.y
                    && path.positionXY(at: t) == want.p
                if !same { mismatches += 1 }
                if path.pieceCount > 0, t >= oracle.knots[0], t < oracle.knots[oracle.knots.count - 1] {
                    #expect(path.piece(at: t).offset == oracle.piece(t), "\(name) piece at \(t)")
                }
            }
            #expect(mismatches == 0, "\(name): \(mismatches) of \(times.count) times differ from the oracle")
        }
    }
}
