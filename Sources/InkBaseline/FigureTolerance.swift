import InkFigures
import InkOutput
import InkTraces

/// How far a figure may move from its baseline before a check calls it regressed or improved:
/// a change counts when it exceeds both the absolute tolerance and the relative one,
/// `|now - baseline| > max(absolute, relative × |baseline|)`.
///
/// ```swift
/// let t = try FigureTolerance.parse("0.05,2%", figure: "overshoot_max_mm")   // 0.05 mm or 2 %
/// t.allowed(baseline: 10)   // 0.2
/// ```
package struct FigureTolerance: Sendable, Equatable, CustomStringConvertible {
    /// In the figure's unit (ms, mm, or none for ratios and rates).
    package var absolute: Double
    /// A fraction of the baseline's magnitude (0.02 is 2 %).
    package var relative: Double
    /// The unit of ``absolute``, for messages.
    package var unit: String

    package init(absolute: Double, relative: Double = 0, unit: String = "") {
        self.absolute = absolute
        self.relative = relative
        self.unit = unit
    }

    /// The largest change that still counts as unchanged, for a baseline value.
    package func allowed(baseline: Double) -> Double { max(absolute, relative * abs(baseline)) }

    /// `0.05 mm`, or `0.05 mm or 2%` with a relative part.
    package var description: String {
        var s = NumberText.exact(absolute) + (unit.isEmpty ? "" : " \(unit)")
        if relative > 0 { s += " or " + NumberText.exact((relative * 100 * 1e6).rounded() / 1e6) + "%" }
        return s
    }

    /// Reads `abs[,rel]`: `rel` a fraction (`0.02`) or a percentage (`2%`).
    ///
    /// - Throws: `ToleranceError` when a value is not a finite number >= 0.
    package static func parse(_ text: String, figure: String) throws(ToleranceError) -> FigureTolerance {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false).map { $0.trimmingWhitespace() }
        guard parts.count == 1 || parts.count == 2 else {
            throw ToleranceError("tolerance for \(figure): '\(text)' is not abs[,rel], e.g. 0.05 or 0.05,2%")
        }
        guard let absolute = DecimalText.value(parts[0]), absolute >= 0 else {
            throw ToleranceError("tolerance for \(figure): absolute '\(parts[0])' is invalid: expected a finite number >= 0 (\(Figure.unitText(of: figure).isEmpty ? "no unit" : Figure.unitText(of: figure)))")
        }
        var relative = 0.0
        if parts.count == 2 {
            var r = parts[1]
            let percent = r.hasSuffix("%")
            if percent { r.removeLast() }
            guard let v = DecimalText.value(r.trimmingWhitespace()), v >= 0 else {
                throw ToleranceError("tolerance for \(figure): relative '\(parts[1])' is invalid: expected a fraction >= 0 (0.02) or a percentage (2%)")
            }
            relative = percent ? v / 100 : v
        }
        return FigureTolerance(absolute: absolute, relative: relative, unit: Figure.unitText(of: figure))
    }
}
