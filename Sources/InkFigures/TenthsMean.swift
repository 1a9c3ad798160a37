/// An exact mean of counts of 0.1 units (perceived latency is stored as an integer count of
/// 0.1 ms): `total / count` tenths, kept as integers so `35.4` stays `35.4` through means.
///
/// ```swift
/// let m = TenthsMean.mean(of: [TenthsMean(total: 354, count: 1), TenthsMean(total: 12, count: 1)])
/// m.value      // 18.3 (ms)
/// ```
package struct TenthsMean: Sendable, Equatable {
    /// Sum of the values, in tenths.
    package var total: Int
    /// How many values.
    package var count: Int

    package init(total: Int, count: Int) {
        self.total = total
        self.count = count
    }

    /// The mean of some counts of tenths; `nil` when empty.
    package init?(_ values: [Int]) {
        guard !values.isEmpty else { return nil }
        self.init(total: values.reduce(0, +), count: values.count)
    }

    /// The mean in whole units (e.g. ms): the nearest `Double` to `total / (10 count)`.
    package var value: Double { Double(total) / Double(10 * count) }

    /// A single value with no fraction beyond tenths (prints from the integer).
    package var exactTenths: Int? { total % count == 0 ? total / count : nil }

    /// The mean of several means, each weighted equally, exactly (`nil` when empty).
    package static func mean(of means: [TenthsMean]) -> TenthsMean? {
        guard !means.isEmpty else { return nil }
        var l = 1
        for m in means { l = lcm(l, m.count) }
        let total = means.reduce(0) { $0 + $1.total * (l / $1.count) }
        return TenthsMean(total: total, count: l * means.count)
    }

    static func gcd(_ a: Int, _ b: Int) -> Int { b == 0 ? a : gcd(b, a % b) }
    static func lcm(_ a: Int, _ b: Int) -> Int { a / gcd(a, b) * b }
}
