import Foundation

/// The two-sentence reading of each strategy's trade-off, computed from the suite means: how
/// much latency it removes at what overshoot, and how it compares with the strategies beside
/// it (dominated, or on the front with the cost of each extra millisecond removed).
///
/// Remaining latency is judged by its magnitude `|Λ|` (ink ahead of the pen is not better
/// than ink behind it; overshoot counts that separately).
///
/// ```swift
/// let lines = TradeoffReading.sentences(for: points)
/// // ["linear removes 31.0 ms of none's 35.4 ms (Λ 4.4 ms) at an overshoot p95 of 3.829 mm ...", ...]
/// ```
public enum TradeoffReading {
    /// One strategy's suite means.
    public struct Point: Sendable, Equatable {
        public var strategy: String
        public var latencyMs: Double
        public var removedMs: Double?
        public var overshootP95MM: Double
        public var endOvershootMeanMM: Double?

        public init(strategy: String, latencyMs: Double, removedMs: Double?, overshootP95MM: Double, endOvershootMeanMM: Double?) {
            self.strategy = strategy
            self.latencyMs = latencyMs
            self.removedMs = removedMs
            self.overshootP95MM = overshootP95MM
            self.endOvershootMeanMM = endOvershootMeanMM
        }
    }

    static func f(_ v: Double, _ digits: Int) -> String {
        String(format: "%.\(digits)f", locale: Locale(identifier: "en_US_POSIX"), v)
    }

    /// Whether `a` is no worse than `b` on both |Λ| and overshoot p95 and better on one.
    public static func dominates(_ a: Point, _ b: Point) -> Bool {
        let la = abs(a.latencyMs), lb = abs(b.latencyMs)
        return la <= lb && a.overshootP95MM <= b.overshootP95MM && (la < lb || a.overshootP95MM < b.overshootP95MM)
    }

    /// The reading of every strategy but `none`, in the given order: (strategy, text).
    public static func sentences(for points: [Point]) -> [(strategy: String, text: String)] {
        let none = points.first { $0.strategy == "none" }
        let front = points.filter { p in !points.contains { dominates($0, p) } }
        return points.filter { $0.strategy != "none" }.map { p in
            var first = "`\(p.strategy)` "
            if let removed = p.removedMs, let none {
                if p.latencyMs < 0 {
                    first += "removes all of the \(f(none.latencyMs, 1)) ms that `none` shows and \(f(-p.latencyMs, 1)) ms more, so the ink runs ahead of the pen (perceived latency \(f(p.latencyMs, 1)) ms)"
                } else {
                    first += "removes \(f(removed, 1)) ms of the \(f(none.latencyMs, 1)) ms that `none` shows (perceived latency \(f(p.latencyMs, 1)) ms)"
                }
            } else {
                first += "shows a perceived latency of \(f(p.latencyMs, 1)) ms"
            }
            first += " at an overshoot p95 of \(f(p.overshootP95MM, 3)) mm"
            if let end = p.endOvershootMeanMM { first += " and an end overshoot of \(f(end, 3)) mm on average" }
            first += "."
            var second: String
            if let better = points.filter({ dominates($0, p) }).min(by: { abs($0.latencyMs) + $0.overshootP95MM < abs($1.latencyMs) + $1.overshootP95MM }) {
                second = "It is dominated: `\(better.strategy)` is closer to zero latency or equal (\(f(better.latencyMs, 1)) ms) with less or equal overshoot (\(f(better.overshootP95MM, 3)) mm), so it has no reason to be chosen on these figures."
            } else {
                let cheaper = front.filter { $0.strategy != p.strategy && $0.overshootP95MM < p.overshootP95MM }
                    .max { $0.overshootP95MM < $1.overshootP95MM }
                let dearer = front.filter { $0.strategy != p.strategy && $0.overshootP95MM > p.overshootP95MM }
                if let cheaper {
                    let gain = abs(cheaper.latencyMs) - abs(p.latencyMs)
                    let cost = p.overshootP95MM - cheaper.overshootP95MM
                    second = "It is on the trade-off front: against `\(cheaper.strategy)`, the next strategy with less overshoot, it removes \(f(gain, 1)) ms more latency for \(f(cost, 3)) mm more overshoot p95"
                    second += cost > 0 ? " (\(f(gain / cost, 1)) ms per mm)" : ""
                } else {
                    second = "It is on the trade-off front with the least overshoot of the predicting strategies"
                }
                second += dearer.isEmpty
                    ? "; no strategy removes more latency."
                    : "; for an overshoot p95 of at most \(f(p.overshootP95MM, 3)) mm no strategy removes more latency."
            }
            return (p.strategy, first + " " + second)
        }
    }
}
