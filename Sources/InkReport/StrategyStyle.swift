/// How a strategy is drawn in every chart and report of a run: a colour from the Okabe-Ito
/// colour-blind-safe palette in the order of the strategies in the run, then, once the six
/// colours are used, the same colours again with another dash type and point type. `none`
/// (no prediction, the baseline) is always black, solid, with open squares.
///
/// The style depends only on the strategy's position among the run's predicting strategies,
/// so `--strategies none,linear,kalman` draws `linear` in blue and `kalman` in vermillion in
/// the trade-off, error, bars, sweep, horizon and platform-metrics charts and in the report's
/// tables alike; no two strategies of a run share colour and style (up to 6 x 5 = 30 predicting
/// strategies; beyond that styles repeat).
///
/// ```swift
/// let styles = StrategyStyle.styles(for: ["none", "linear", "kalman"])
/// styles[1].colour   // "#0072B2"
/// styles[1].gnuplot  // "lc rgb '#0072B2' dt 1 pt 7"
/// ```
package struct StrategyStyle: Sendable, Equatable {
    /// The line and point colour, `#RRGGBB`.
    package var colour: String
    /// gnuplot's dash type: 1 solid, 2 dashed, 3 dotted, 4 dash-dot, 5 dash-dot-dot.
    var dashType: Int
    /// gnuplot's filled point type for this style (7 circle, 5 square, 9 triangle, 11 inverted triangle, 13 diamond);
    /// `none` uses 4, an open square.
    package var pointType: Int

    /// The Okabe-Ito palette without its black (kept for `none`) and yellow (unreadable on white):
    /// blue, vermillion, bluish green, reddish purple, orange, sky blue.
    static let palette = ["#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9"]
    /// Dash types and point types of the successive rounds through the palette.
    static let dashTypes = [1, 2, 4, 3, 5]
    static let pointTypes = [7, 5, 9, 11, 13]

    /// The baseline's style.
    package static let baseline = StrategyStyle(colour: "#000000", dashType: 1, pointType: 4)

    /// The style of the predicting strategy at `position` among the run's predicting strategies (0-based).
    package static func predicting(at position: Int) -> StrategyStyle {
        let round = (position / palette.count) % dashTypes.count
        return StrategyStyle(colour: palette[position % palette.count], dashType: dashTypes[round], pointType: pointTypes[round])
    }

    /// The styles of `names`, the run's strategies in their order: `none` gets ``baseline``,
    /// the others ``predicting(at:)`` in order.
    package static func styles(for names: [String]) -> [StrategyStyle] {
        var next = 0
        return names.map { name in
            if name == "none" { return baseline }
            defer { next += 1 }
            return predicting(at: next)
        }
    }

    /// gnuplot's colour, dash type and point type: `lc rgb '#0072B2' dt 1 pt 7`.
    package var gnuplot: String { "lc rgb '\(colour)' dt \(dashType) pt \(pointType)" }
    /// gnuplot's colour and dash type, for `with lines` (which takes no point type).
    var gnuplotLine: String { "lc rgb '\(colour)' dt \(dashType)" }
    /// gnuplot's colour and point type only, for charts whose dash type shows something else
    /// (the horizon chart's pools, the platform chart's two figures).
    package var gnuplotColourAndPoint: String { "lc rgb '\(colour)' pt \(pointType)" }
    /// The report's swatch for the strategy (a Unicode glyph by dash type: ● solid, ■ dashed, ▲ ...).
    var glyph: String {
        if self == .baseline { return "□" }
        return ["●", "■", "▲", "▼", "◆"][Self.dashTypes.firstIndex(of: dashType) ?? 0]
    }
}
