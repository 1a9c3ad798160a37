import InkTraces
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkOutput
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// A parameter `bench tune` searches: its name, its range, and whether the search steps in its
/// logarithm (`:log`, for scale parameters such as a noise variance).
///
/// ```swift
/// let cap = try TuneParameter(parsing: "cap_ms=4...33")
/// let sigma = try TuneParameter(parsing: "sigma_p=0.0005...0.05:log")
/// sigma.value(at: 0.5)   // 0.005: the geometric middle
/// ```
package struct TuneParameter: Sendable, Equatable {
    package var name: String
    /// The smallest value searched.
    package var low: Double
    /// The largest value searched.
    package var high: Double
    /// Whether the search is uniform in `log(value)`.
    package var logarithmic: Bool

    /// Parses `name=low...high` or `name=low...high:log`.
    ///
    /// - Throws: `TuneError` naming the text and what was expected (low < high, finite
    ///   numbers, positive bounds for `:log`).
    package init(parsing text: String) throws(TuneError) {
        let t = text.filter { $0 != " " }
        guard let eq = t.firstIndex(of: "="), eq != t.startIndex else {
            throw TuneError("--param: '\(text)' is not name=low...high; expected e.g. cap_ms=4...33 or sigma_p=0.0005...0.05:log")
        }
        name = String(t[..<eq])
        var range = String(t[t.index(after: eq)...])
        logarithmic = range.hasSuffix(":log")
        if logarithmic { range.removeLast(4) }
        let parts = range.components(separatedBy: "...")
        guard parts.count == 2, let lo = DecimalText.value(parts[0]), let hi = DecimalText.value(parts[1]) else {
            throw TuneError("--param \(name): '\(range)' is not a range low...high of finite numbers, e.g. 4...33")
        }
        guard lo < hi else { throw TuneError("--param \(name): low \(parts[0]) must be smaller than high \(parts[1])") }
        if logarithmic && lo <= 0 {
            throw TuneError("--param \(name): a :log range needs low > 0 (got \(parts[0]))")
        }
        low = lo
        high = hi
    }

    /// The value at position `u` in 0...1 of the range (linear or logarithmic), rounded to 3
    /// significant digits so that specs read well and repeat exactly.
    package func value(at u: Double) -> Double {
        let c = min(max(u, 0), 1)
        let v = logarithmic ? exp(log(low) + c * (log(high) - log(low))) : low + c * (high - low)
        return TuneParameter.threeDigits(min(max(v, low), high))
    }

    static func threeDigits(_ v: Double) -> Double {
        guard v != 0, v.isFinite else { return v }
        let e = floor(log10(abs(v))) - 2
        let scale = pow(10, e)
        let r = (v / scale).rounded() * scale
        return Double(NumberText.printf(r, max(0, Int(-e)))) ?? r
    }
}

/// A `bench tune` option that cannot be used, with what was expected.
package struct TuneError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
