import InkMetrics
import InkOutput

/// One figure of the results: every fact about it in one place.
///
/// A figure's CSV name, unit, printed digits, which way is better, default check tolerance,
/// whether it is a headline figure, its table heading and the ``/InkMetrics/TraceFigures``
/// field it is read from are all here, in ``all``. The CSV writers, the terminal table, `bench check`,
/// `bench compare`, the report, the chart titles and the baselines read this registry, so a new
/// figure is one entry and no two commands can judge a figure differently.
///
/// ```swift
/// let p95 = Figure.named("overshoot_p95_mm")!
/// p95.unit                       // .mm
/// p95.direction                  // .lowerIsBetter
/// p95.text(4.0493)               // "4.049"
/// Figure.perceivedLatency.cost(in: ["perceived_latency_ms": -11.0])   // 11.0: |Λ|
/// ```
package struct Figure: Sendable, Identifiable {
    /// A figure's unit, as its CSV name ends.
    package enum Unit: String, Sendable {
        /// Milliseconds (`_ms`).
        case ms
        /// Millimetres on the writing surface (`_mm`).
        case mm
        /// A ratio or a share of frames (no unit).
        case none = ""
    }

    /// Which way a figure is better, so that every command judges it the same way.
    package enum Direction: Sendable, Equatable {
        /// Overshoot, errors, jitter: smaller is better; the ideal is 0.
        case lowerIsBetter
        /// Perceived latency, along-track lead: closer to zero is better (ink ahead of the pen is
        /// no better than ink equally far behind it).
        case closerToZeroIsBetter
        /// Judged by the magnitude of another figure of the same row: latency removed is better
        /// only as far as it brings `|Λ|` closer to zero (removing more than `none` shows runs
        /// ahead of the pen), so no figure is "higher is better" past its ideal.
        case byMagnitudeOf(String)
        /// Horizons and the share of frames with a prediction describe what a strategy does, not
        /// how well: a change is reported, never a regression.
        case descriptive

        /// The phrase for chart titles and help: "lower is better", ...
        package var phrase: String {
            switch self {
            case .lowerIsBetter: "lower is better"
            case .closerToZeroIsBetter: "closer to 0 is better"
            case .byMagnitudeOf(let other): "better as |\(other)| gets closer to 0"
            case .descriptive: "neither better nor worse"
            }
        }
    }

    /// The tables and files, besides `summary.csv` and the report's per-trace tables (every
    /// figure, and the headline figures), that show a subset of the figures: each takes the
    /// figures whose ``shownIn`` holds it, in registry order (``shown(in:)``).
    package struct Views: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// The terminal's compact table (`ResultTable`).
        package static let terminal = Views(rawValue: 1)
        /// The report's suite-mean table.
        package static let reportSuite = Views(rawValue: 2)
        /// `sweep.csv`'s figure columns.
        package static let sweep = Views(rawValue: 4)
    }

    /// The CSV column name, e.g. `overshoot_p95_mm`.
    package let name: String
    package var id: String { name }
    /// The unit.
    package let unit: Unit
    /// Digits printed after the point in tables and reports.
    package let digits: Int
    /// Which way is better.
    package let direction: Direction
    /// The default absolute tolerance of `bench check` and `bench compare`, in ``unit``
    /// (see `ToleranceTable` for how these were measured).
    package let tolerance: Double
    /// Whether it is a headline figure: shown in the terminal table and per-trace report
    /// tables, with a seed-spread column in `summary.csv`.
    package let headline: Bool
    /// The tables and files besides `summary.csv` (which holds every figure) that show it.
    package let shownIn: Views
    /// The short heading of tables, with its unit: `overshoot p95 mm`.
    package let heading: String
    /// One sentence: how to read it.
    package let about: String
    /// The ``/InkMetrics/TraceFigures/Field`` it is read from, by column name (the figure's
    /// own name unless it is stored otherwise, as the latencies are, in exact tenths).
    package let field: String
    /// Reads it from one run's figures (its ``field``'s figure value); `nil` is an empty cell.
    package let value: @Sendable (TraceFigures) -> Double?

    /// A registry entry; its value is read from the ``/InkMetrics/TraceFigures`` field named
    /// `field` (default: `name`), so an entry states no reading code of its own.
    ///
    /// - Parameters:
    ///   - name: the CSV column name, ending in its unit (`overshoot_p95_mm`).
    ///   - unit: the unit its name ends in.
    ///   - digits: digits printed after the point.
    ///   - direction: which way is better.
    ///   - tolerance: the default absolute tolerance of `bench check`, in `unit`.
    ///   - headline: whether it is a headline figure.
    ///   - shownIn: the other tables and files that show it.
    ///   - heading: the short table heading, with its unit.
    ///   - about: one sentence: how to read it.
    ///   - field: the `TraceFigures.fields` column it is read from (`nil`: `name`).
    init(
        name: String, unit: Unit, digits: Int, direction: Direction, tolerance: Double, headline: Bool, shownIn: Views,
        heading: String, about: String, field: String? = nil
    ) {
        self.name = name
        self.unit = unit
        self.digits = digits
        self.direction = direction
        self.tolerance = tolerance
        self.headline = headline
        self.shownIn = shownIn
        self.heading = heading
        self.about = about
        let source = field ?? name
        self.field = source
        let stored = TraceFigures.field(named: source)
        self.value = { figures in stored?.figureValue(in: figures) }
    }

    /// The value as printed, with ``digits`` digits: `4.049`.
    package func text(_ v: Double) -> String { NumberText.fixed(v, digits) }

    /// The value with its unit: `4.049 mm`.
    package func textWithUnit(_ v: Double) -> String {
        text(v) + (unit == .none ? "" : " " + unit.rawValue)
    }

    /// How bad a row's value is (lower is better), or `nil` when the figure has no better
    /// direction or the row lacks the values: the value for lower-is-better figures, its
    /// magnitude for closer-to-zero ones, and the other figure's magnitude for
    /// ``Direction/byMagnitudeOf(_:)``.
    ///
    /// - Parameter values: a row's figures by CSV name.
    package func cost(in values: [String: Double]) -> Double? {
        switch direction {
        case .lowerIsBetter: values[name]
        case .closerToZeroIsBetter: values[name].map(abs)
        case .byMagnitudeOf(let other): values[name] == nil ? nil : values[other].map(abs)
        case .descriptive: nil
        }
    }

    /// The figure whose cost judges this one (itself, or the one named by
    /// ``Direction/byMagnitudeOf(_:)``).
    package var judgedFigure: Figure {
        if case .byMagnitudeOf(let other) = direction, let f = Figure.named(other) { return f }
        return self
    }
}

extension Figure {
    /// The registry name of every figure in `summary.csv`, in column order.
    package static let all: [Figure] = [
        perceivedLatency,
        latencyRemoved,
        overshootP95,
        Figure(
            name: "overshoot_max_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: true, shownIn: [.reportSuite, .sweep],
            heading: "overshoot max mm", about: "the largest overshoot of any in-stroke frame"),
        Figure(
            name: "end_overshoot_mean_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: true, shownIn: [.terminal, .reportSuite, .sweep],
            heading: "end overshoot mean mm",
            about: "ink drawn past the point where the pen lifted, per stroke and phase, on average"),
        Figure(
            name: "end_overshoot_max_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: true, shownIn: [.terminal, .reportSuite, .sweep],
            heading: "end overshoot max mm", about: "the worst ink past a pen lift"),
        Figure(
            name: "lead_mean_mm", unit: .mm, digits: 3, direction: .closerToZeroIsBetter, tolerance: 0.05, headline: false, shownIn: [.reportSuite],
            heading: "lead mean mm", about: "along-track error of the tip: positive ahead of the pen, negative behind"),
        Figure(
            name: "lead_sd_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: false, shownIn: [],
            heading: "lead SD mm", about: "how much the along-track error varies"),
        Figure(
            name: "cross_track_rms_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: false, shownIn: [.reportSuite],
            heading: "cross-track RMS mm", about: "error across the pen's direction"),
        Figure(
            name: "spatial_lag_mean_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: false, shownIn: [],
            heading: "spatial lag mm", about: "mean distance from the tip to where the pen is"),
        Figure(
            name: "remaining_lag_ratio", unit: .none, digits: 3, direction: .lowerIsBetter, tolerance: 0.01, headline: false, shownIn: [.reportSuite],
            heading: "remaining lag", about: "mean spatial lag as a share of none's"),
        Figure(
            name: "wrong_direction_rate", unit: .none, digits: 3, direction: .lowerIsBetter, tolerance: 0.01, headline: false, shownIn: [.reportSuite],
            heading: "wrong direction", about: "share of moving frames whose tip moved against the pen"),
        Figure(
            name: "jitter_rms_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: false, shownIn: [.reportSuite],
            heading: "jitter RMS mm", about: "frame-to-frame change of the error"),
        Figure(
            name: "horizon_mean_ms", unit: .ms, digits: 1, direction: .descriptive, tolerance: 0.5, headline: false, shownIn: [.reportSuite, .sweep],
            heading: "horizon mean ms", about: "how far ahead the shown prediction reaches, on average"),
        Figure(
            name: "horizon_p95_ms", unit: .ms, digits: 1, direction: .descriptive, tolerance: 0.5, headline: false, shownIn: [.sweep],
            heading: "horizon p95 ms", about: "how far ahead the shown prediction reaches, 95th percentile"),
        Figure(
            name: "predicted_share", unit: .none, digits: 3, direction: .descriptive, tolerance: 0.01, headline: false, shownIn: [.sweep],
            heading: "predicted share", about: "share of open frames that show a prediction"),
    ]

    /// Perceived latency `Λ` (ms), judged by its magnitude.
    package static let perceivedLatency = Figure(
        name: "perceived_latency_ms", unit: .ms, digits: 1, direction: .closerToZeroIsBetter, tolerance: 0.5, headline: true, shownIn: [.terminal, .reportSuite, .sweep],
        heading: "latency ms", about: "how long ago the pen was where the ink now ends; negative runs ahead of the pen",
        field: "perceived_latency_tenths_ms")

    /// Latency removed, `Λ_none - Λ` (ms), judged through `|Λ|`.
    package static let latencyRemoved = Figure(
        name: "latency_removed_ms", unit: .ms, digits: 1, direction: .byMagnitudeOf("perceived_latency_ms"), tolerance: 0.5,
        headline: true, shownIn: [.terminal, .reportSuite, .sweep], heading: "removed ms",
        about: "latency hidden against none on the same trace; more than none shows means running ahead",
        field: "latency_removed_tenths_ms")

    /// Overshoot, 95th percentile (mm).
    package static let overshootP95 = Figure(
        name: "overshoot_p95_mm", unit: .mm, digits: 3, direction: .lowerIsBetter, tolerance: 0.05, headline: true, shownIn: [.terminal, .reportSuite, .sweep],
        heading: "overshoot p95 mm", about: "distance from the tip to the pen's last 250 ms of path, 95th percentile")

    /// The figure of that CSV name, or `nil`.
    package static func named(_ name: String) -> Figure? { byName[name] }

    static let byName: [String: Figure] = Dictionary(all.map { ($0.name, $0) }, uniquingKeysWith: { a, _ in a })

    /// The figures `view` shows, in registry (column) order.
    package static func shown(in view: Views) -> [Figure] { all.filter { $0.shownIn.contains(view) } }

    /// The headline figures, in column order.
    package static let headlines: [Figure] = all.filter(\.headline)

    /// The spread column of a figure in `summary.csv`: `overshoot_p95_mm` -> `overshoot_p95_sd_mm`.
    static func spreadColumn(_ name: String) -> String {
        guard let i = name.lastIndex(of: "_") else { return name + "_sd" }
        return name[..<i] + "_sd" + name[i...]
    }

    /// The digits of a figure (3 for a name this version does not know).
    package static func digits(of name: String) -> Int { named(name)?.digits ?? 3 }

    /// The unit text of a figure (`ms`, `mm`, or empty), from the registry or its name's ending.
    package static func unitText(of name: String) -> String {
        if let f = named(name) { return f.unit.rawValue }
        return name.hasSuffix("_ms") ? "ms" : name.hasSuffix("_mm") ? "mm" : ""
    }
}
