#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkFigures
import InkImport
import InkTraces

/// The tolerance of every figure: the measured defaults, overridden by a tolerance file and by
/// `--tolerance figure=abs[,rel]` options (an option wins over the file; a figure given twice
/// in the file, or twice among the options, is refused).
///
/// How the defaults were set (measured, not guessed). A check compares a run with a baseline
/// made with the same seed, so unchanged code reproduces every figure exactly; what may
/// legitimately move a figure is (a) floating-point and 0.1 ms-grid differences (another
/// platform, a refactor that reorders arithmetic), on every row, and (b) a reshuffle of the
/// noise draws (a change to the noise generator), on the noisy curves only. The measurement:
/// the default suite with every built-in strategy over seeds 1...10
/// (`swift test --filter ToleranceMeasurement`), spread =
/// max - min over the seeds:
///
/// | figure (ipad-60) | suite mean: none / linear / quadratic / kalman / kalman-chromium | one noisy trace (max) | clean traces |
/// |---|---|---|---|
/// | perceived_latency_ms | 0.05 / 0.93 / 10.38 / 3.77 / 2.20 ms | 36.8 ms | 0 |
/// | overshoot_p95_mm | 0.016 / 0.466 / 1.616 / 1.014 / 0.787 mm | 8.81 mm | 0 |
/// | overshoot_max_mm | 0.022 / 0.484 / 2.834 / 1.104 / 0.749 mm | 12.72 mm | 0 |
/// | end_overshoot_mean_mm | 0 / 0.265 / 3.337 / 0.817 / 0.443 mm | 13.89 mm | 0 |
/// | jitter_rms_mm | 0.006 / 0.066 / 0.922 / 0.477 / 0.235 mm | 6.97 mm | 0 |
/// | wrong_direction_rate | 0.009 / 0.036 / 0.056 / 0.046 / 0.030 | 0.21 | 0 |
///
/// (ipad-promotion: Λ 0.05 / 0.42 / 3.07 / 0.77 / 0.77 ms, overshoot p95 0.010 / 0.221 / 0.584 /
/// 0.287 / 0.285 mm; kalman-chromium as Chromium ships it, see docs/chromium.md.) No single tolerance lies above those spreads and below 0.1 mm, so the
/// tolerance of a figure on a row is `max(default, 1.25 × that row's own spread)`: the spread
/// is measured per row when the baseline is written (`spread_` columns; 10 seeds) and is 0 on
/// the clean S-curves, where the defaults below hold alone. They are above the figures'
/// resolution (Λ is on a 0.1 ms grid, so 0.5 ms is five steps) and below what must fail: any
/// Λ or latency-removed change over 0.5 ms (a frame at 60 Hz is 16.7 ms), any overshoot
/// change over 0.05 mm (so 0.1 mm always fails on a clean trace). The widest per-row
/// tolerance of a suite mean, quadratic's Λ at 60 Hz, is 1.25 × 10.38 = 13.0 ms, still under
/// a frame.
///
/// ```swift
/// var table = ToleranceTable()
/// try table.apply(option: "overshoot_p95_mm=0.02")
/// try table.apply(file: "ci/tolerances.txt")
/// table["overshoot_p95_mm"].allowed(baseline: 3)   // 0.02
/// ```
package struct ToleranceTable: Sendable, Equatable {
    /// Overrides by figure name.
    package private(set) var overrides: [String: FigureTolerance] = [:]

    package init() {}

    /// How the defaults were set, for `bench check --show-tolerances`.
    package static let measurementNote = """
        Defaults (the tolerance of clean traces, whose figures do not depend on the seed): above the
        figures' resolution, below what must fail (0.5 ms of latency; 0.05 mm of overshoot, so 0.1 mm
        always fails). On noisy traces and suite means a row's tolerance widens to 1.25 x its own
        seed-to-seed spread, measured over 10 seeds when the baseline is written (spread_ columns).
        Measured spreads of the suite means at ipad-60 over seeds 1...10 (none / linear / quadratic /
        kalman / kalman-chromium): perceived latency 0.05 / 0.93 / 10.38 / 3.77 / 2.20 ms, overshoot
        p95 0.016 / 0.466 / 1.616 / 1.014 / 0.787 mm; clean traces 0. Re-measure with
        swift test --filter ToleranceMeasurement.
        """

    /// The default tolerance of each figure, in column order: ``Figure/tolerance`` of the
    /// registry (see the table above for how they were set).
    package static var defaults: [(figure: String, tolerance: FigureTolerance)] {
        Figure.all.map { ($0.name, FigureTolerance(absolute: $0.tolerance, unit: $0.unit.rawValue)) }
    }

    /// The tolerance of `figure`: its override, its default, or for columns this version does
    /// not know, 1e-9 (any visible change is reported).
    package subscript(figure: String) -> FigureTolerance {
        overrides[figure] ?? FigureTolerance.defaultFor(figure)
    }

    /// Applies one `figure=abs[,rel]` (`rel` a fraction or a percentage).
    ///
    /// - Throws: `ToleranceError` naming an unknown figure (and listing the known ones) or a bad value.
    package mutating func apply(option text: String) throws(ToleranceError) {
        let (figure, value) = try Self.split(text, context: "tolerance '\(text)'")
        if optionFigures.contains(figure) {
            throw ToleranceError("tolerance '\(text)': \(figure) is given twice in --tolerance; expected each figure once")
        }
        optionFigures.insert(figure)
        overrides[figure] = try FigureTolerance.parse(value, figure: figure)
    }

    /// The figures set by ``apply(option:)`` so far (each may be given once).
    var optionFigures: Set<String> = []

    /// Applies a tolerance file: one `figure=abs[,rel]` per line; blank lines and lines starting
    /// with `#` are skipped.
    ///
    /// - Throws: `ToleranceError` naming the file and line.
    package mutating func apply(file path: String) throws(ToleranceError) {
        guard let isFolder = PathText.isFolder(path) else {
            throw ToleranceError("\(path): no such file; expected a tolerance file of figure=abs[,rel] lines")
        }
        guard !isFolder else { throw ToleranceError("\(path): is a folder; expected a tolerance file of figure=abs[,rel] lines") }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ToleranceError("\(path): cannot be read (permissions?); expected a readable tolerance file")
        }
        guard data.count <= 1 << 20 else { throw ToleranceError("\(path): is \(data.count) bytes; expected a tolerance file of at most 1 MB") }
        guard !data.contains(0), let text = String(data: data, encoding: .utf8) else {
            throw ToleranceError("\(path): is not UTF-8 text (a NUL byte or invalid UTF-8, e.g. an image); expected a tolerance file of figure=abs[,rel] lines")
        }
        try apply(text: text, path: path)
    }

    /// Applies a tolerance file's text (see ``apply(file:)``); `path` names it in errors.
    package mutating func apply(text: String, path: String) throws(ToleranceError) {
        var firstLine: [String: Int] = [:]
        for (i, raw) in TextLines.lines(of: text).enumerated() {
            let line = raw.trimmingWhitespace()
            if line.isEmpty || line.hasPrefix("#") { continue }
            do throws(ToleranceError) {
                let (figure, value) = try Self.split(line, context: "'\(line)'")
                if let first = firstLine[figure] {
                    throw ToleranceError("\(figure) is given twice (first on line \(first)); expected each figure once")
                }
                firstLine[figure] = i + 1
                overrides[figure] = try FigureTolerance.parse(value, figure: figure)
            } catch {
                throw ToleranceError("\(path):\(i + 1): \(error.message)")
            }
        }
    }

    static func split(_ text: String, context: String) throws(ToleranceError) -> (String, String) {
        guard let eq = text.firstIndex(of: "=") else {
            throw ToleranceError("\(context): expected figure=abs[,rel], e.g. overshoot_p95_mm=0.05 or overshoot_max_mm=0.05,2%")
        }
        let figure = text[..<eq].trimmingWhitespace()
        let value = String(text[text.index(after: eq)...])
        guard Figure.named(figure) != nil else {
            throw ToleranceError("\(context): unknown figure '\(figure)'\(Spelling.didYouMean(figure, among: Figure.all.map(\.name))); known: \(Figure.all.map(\.name).joined(separator: ", "))")
        }
        return (figure, value)
    }
}

extension FigureTolerance {
    /// The default tolerance of a figure (1e-9 for a column this version does not know).
    static func defaultFor(_ figure: String) -> FigureTolerance {
        Figure.named(figure).map { FigureTolerance(absolute: $0.tolerance, unit: $0.unit.rawValue) }
            ?? FigureTolerance(absolute: 1e-9, unit: Figure.unitText(of: figure))
    }
}
