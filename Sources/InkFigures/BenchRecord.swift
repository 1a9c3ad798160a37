import InkOutput
import InkReplay
import InkStrategies
import InkSynthesis

/// What a benchmark run produced, as a baseline keeps it: where it came from (suite, traces,
/// timing, strategies with their parameters, seeds, tool version) and, per trace and strategy
/// plus per suite mean, every figure.
///
/// Made from a session's outcome (``init(outcome:strategies:suite:seeds:timing:minMovingFrames:)``,
/// through the same ``SummaryRow`` rows `summary.csv` holds), read from a baseline file
/// (`BaselineFile`) or from a results folder's `summary.csv` (`ResultsFolder`).
///
/// ```swift
/// let plan = BenchPlan(specs: SyntheticSuite.default.specs, strategies: try StrategyCatalog.strategies(named: ["none", "linear"]))
/// let outcome = try await BenchSession.run(plan)
/// let record = BenchRecord(outcome: outcome, strategies: plan.strategies, suite: "default", seeds: [1], timing: Timing())
/// ```
package struct BenchRecord: Sendable, Equatable {
    /// A strategy as recorded: its name in outputs and its parameters (`name=value`, all of them).
    package struct StrategyEntry: Sendable, Equatable {
        package var name: String
        package var parameters: [String]
        package init(name: String, parameters: [String]) {
            self.name = name
            self.parameters = parameters
        }
    }

    /// One (trace, strategy) row, or a suite mean (``trace`` is `BenchRecord.suiteMeanTrace`).
    package struct Row: Sendable, Equatable {
        package var trace: String
        package var strategy: String
        /// Open frames evaluated; `nil` for suite means or when not recorded.
        package var frames: Int?
        /// Each figure by column name; a missing key is an empty cell.
        package var values: [String: Double]
        /// Each figure's seed-to-seed spread (max - min over `BenchRecord.spreadSeeds`); a
        /// missing key is unknown (treated as 0). 0 for a trace that does not depend on the seed.
        package var spreads: [String: Double]
        /// The 1-based line the row was read from, for messages (0 when not read from a file).
        package var line: Int
        /// Whether a trace row counts toward its strategy's suite mean (it has the minimum of
        /// moving frames); true for suite means and for files that do not say.
        package var inSuiteMean: Bool

        package init(
            trace: String, strategy: String, frames: Int?, values: [String: Double], spreads: [String: Double] = [:], line: Int = 0,
            inSuiteMean: Bool = true
        ) {
            self.trace = trace
            self.strategy = strategy
            self.frames = frames
            self.values = values
            self.spreads = spreads
            self.line = line
            self.inSuiteMean = inSuiteMean
        }

        /// Whether this is a suite-mean row.
        package var isSuiteMean: Bool { trace == BenchRecord.suiteMeanTrace }
    }

    /// The trace name of suite-mean rows.
    package static let suiteMeanTrace = "suite mean"

    /// Where the record was read from (a path), or `run` for a fresh run; for messages.
    package var source: String
    /// The InkBench version that made it, when known.
    package var toolVersion: String?
    /// The suite's name, when known (`default` for the six synthetic S-curves).
    package var suite: String?
    /// The seeds of the noisy traces, when known.
    package var seeds: [UInt64]?
    /// The seeds each row's ``Row/spreads`` were measured over; `nil` when not measured.
    package var spreadSeeds: [UInt64]?
    /// The timing, as ordered `key`/`value` text (see ``timingFields(_:)``); only the keys known.
    package var timing: [(key: String, value: String)]
    /// The strategies in report order.
    package var strategies: [StrategyEntry]
    /// The traces in order.
    package var traces: [String]
    /// The figure columns, in order.
    package var figures: [String]
    /// Per-trace rows, then suite means.
    package var rows: [Row]

    package init(
        source: String, toolVersion: String?, suite: String?, seeds: [UInt64]?, timing: [(key: String, value: String)],
        strategies: [StrategyEntry], traces: [String], figures: [String], rows: [Row]
    ) {
        self.source = source
        self.toolVersion = toolVersion
        self.suite = suite
        self.seeds = seeds
        self.timing = timing
        self.strategies = strategies
        self.traces = traces
        self.figures = figures
        self.rows = rows
        self.spreadSeeds = nil
    }

    /// The timing as `key`/`value` text, in a fixed order; `frame_rate_hz` and `input_rate_hz`
    /// are also what `summary.csv` records.
    package static func timingFields(_ t: Timing) -> [(key: String, value: String)] {
        let display: String
        switch t.displayLatency {
        case .frames(let f): display = "\(NumberText.exact(f)) frames"
        case .milliseconds(let ms): display = "\(NumberText.exact(ms)) ms"
        }
        var fields = [
            ("input_rate_hz", NumberText.exact(t.inputRateHz)),
            ("frame_rate_hz", NumberText.exact(t.frameRateHz)),
            ("input_latency_ms", NumberText.exact(t.inputLatencyMs)),
            ("display_latency", display),
            ("phases", String(t.phases)),
            ("horizon_cap_ms", t.capMs.map(NumberText.exact) ?? "off"),
        ]
        // Only when on, so that files of runs without it read as before.
        if t.pressureDelayMs > 0 { fields.append(("pressure_delay_ms", NumberText.exact(t.pressureDelayMs))) }
        return fields
    }

    /// Rebuilds a ``/InkReplay/Timing`` from complete ``timing`` fields.
    ///
    /// - Throws: `BaselineFileError` naming a missing or unreadable field.
    func makeTiming() throws(BaselineFileError) -> Timing {
        func field(_ key: String) throws(BaselineFileError) -> String {
            guard let v = timing.first(where: { $0.key == key })?.value else {
                throw BaselineFileError(path: source, line: nil, "the timing has no '\(key)'; it cannot be run again (use --results DIR)")
            }
            return v
        }
        func number(_ key: String) throws(BaselineFileError) -> Double {
            let text = try field(key)
            guard let v = Double(text) else { throw BaselineFileError(path: source, line: nil, "timing \(key) = '\(text)': expected a number") }
            return v
        }
        var t = Timing()
        t.inputRateHz = try number("input_rate_hz")
        t.frameRateHz = try number("frame_rate_hz")
        t.inputLatencyMs = try number("input_latency_ms")
        let display = try field("display_latency")
        let parts = display.split(separator: " ")
        if parts.count == 2, let v = Double(parts[0]), parts[1] == "frames" {
            t.displayLatency = .frames(v)
        } else if parts.count == 2, let v = Double(parts[0]), parts[1] == "ms" {
            t.displayLatency = .milliseconds(v)
        } else {
            throw BaselineFileError(path: source, line: nil, "timing display_latency = '\(display)': expected 'N frames' or 'N ms'")
        }
        let phases = try number("phases")
        guard phases == phases.rounded(), phases >= 1, phases <= 64 else {
            throw BaselineFileError(path: source, line: nil, "timing phases = \(phases): expected an integer from 1 to 64")
        }
        t.phases = Int(phases)
        let cap = try field("horizon_cap_ms")
        if cap != "off" {
            guard let v = Double(cap) else { throw BaselineFileError(path: source, line: nil, "timing horizon_cap_ms = '\(cap)': expected a number or 'off'") }
            t.capMs = v
        }
        if let delay = timing.first(where: { $0.key == "pressure_delay_ms" })?.value {
            guard let v = Double(delay) else {
                throw BaselineFileError(path: source, line: nil, "timing pressure_delay_ms = '\(delay)': expected a number")
            }
            t.pressureDelayMs = v
        }
        do { try t.validate() } catch { throw BaselineFileError(path: source, line: nil, error.description) }
        return t
    }

    /// The `--strategies` text that rebuilds the recorded strategies: `kalman[sigma_p=0.02]`
    /// becomes `kalman:sigma_p=0.02`.
    package var strategySpecs: [String] {
        strategies.map { s in
            guard let open = s.name.firstIndex(of: "["), s.name.hasSuffix("]") else { return s.name }
            return String(s.name[..<open]) + ":" + String(s.name[s.name.index(after: open)..<s.name.index(before: s.name.endIndex)])
        }
    }

    /// The row of `trace` and `strategy`, if any.
    package func row(trace: String, strategy: String) -> Row? {
        rows.first { $0.trace == trace && $0.strategy == strategy }
    }

    package static func == (a: BenchRecord, b: BenchRecord) -> Bool {
        a.toolVersion == b.toolVersion && a.suite == b.suite && a.seeds == b.seeds
            && a.timing.map(\.key) == b.timing.map(\.key) && a.timing.map(\.value) == b.timing.map(\.value)
            && a.strategies == b.strategies && a.traces == b.traces && a.figures == b.figures
            && a.rows.map(\.trace) == b.rows.map(\.trace) && a.rows.map(\.strategy) == b.rows.map(\.strategy)
            && a.rows.map(\.frames) == b.rows.map(\.frames) && a.rows.map(\.values) == b.rows.map(\.values)
            && a.spreadSeeds == b.spreadSeeds && a.rows.map(\.spreads) == b.rows.map(\.spreads)
            && a.rows.map(\.inSuiteMean) == b.rows.map(\.inSuiteMean)
    }
}
