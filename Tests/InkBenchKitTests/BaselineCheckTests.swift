import Foundation
import InkBaseline
import InkFigures
import InkOutput
import InkPrediction
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import Testing

/// `linear`, deliberately worsened: asked for the pen at `t`, it answers `linear`'s position at
/// `t + shiftMs` (negative: earlier, i.e. it hides less latency).
struct ShiftedLinearPredictor: Predictor {
    var inner = LinearPredictor()
    var shiftMs: Double
    mutating func update(_ sample: PenPoint) { inner.update(sample) }
    func predict(at t: Double) -> PenPoint? {
        guard let p = inner.predict(at: t + shiftMs / 1000) else { return nil }
        return PenPoint(t: t, x: p.x, y: p.y)
    }
    mutating func reset() { inner.reset() }
}

/// Shared runs: the default suite (seed 1, default timing) with `none` and `linear`, or with
/// `linear` replaced by the worsened wrapper under the same name. A baseline also carries each
/// row's seed-to-seed spread over seeds 1...10, as `bench check --update-baseline` writes it.
enum CheckFixture {
    static let timing = Timing()

    static func record(linearShiftMs: Double? = nil, timing: Timing = CheckFixture.timing, spreads: Bool = false, drawsOfSeed seed: UInt64 = 1) async throws -> BenchRecord {
        let none = try StrategySpec.parse("none")
        var linear = try StrategySpec.parse("linear")
        if let shift = linearShiftMs {
            linear = Strategy(name: "linear", parameters: linear.parameters) { _ in ShiftedLinearPredictor(shiftMs: shift) }
        }
        let seeds: [UInt64] = spreads ? Array(1...10) : [seed]
        let plan = BenchPlan(
            specs: SyntheticSuite.sCurves(inputRateHz: timing.inputRateHz).specs, seeds: seeds, strategies: [none, linear], timing: timing)
        var outcome = try await BenchSession.run(plan)
        let all = outcome
        outcome.groups = outcome.groups.map { g in var g = g; g.perSeed = Array(g.perSeed.prefix(1)); return g }
        var record = BenchRecord(outcome: outcome, strategies: [none, linear], suite: "default", seeds: [1], timing: timing)
        if spreads { record.attachSpreads(from: all, seeds: seeds) }
        return record
    }

    /// The baseline with spreads, computed once.
    static let baseline = Task { try await record(spreads: true) }
}

@Suite("BaselineCheck")
struct BaselineCheckTests {
    @Test("an unchanged run passes with exit 0 and nothing moved")
    func unchangedRunPasses() async throws {
        let baseline = try await CheckFixture.baseline.value
        let now = try await CheckFixture.record()
        let report = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable())
        #expect(report.exitCode == 0)
        #expect(report.changes.isEmpty)
        #expect(report.compared > 100)
        #expect(report.verdictLine.hasPrefix("check passed"))
    }

    @Test("linear predicting X ms too far fails with exit 1 and names the figure", arguments: [2.0, 4.0, 1000.0 / 60])
    func overshootingLinearFails(shiftMs: Double) async throws {
        let baseline = try await CheckFixture.baseline.value
        let now = try await CheckFixture.record(linearShiftMs: shiftMs)
        let report = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable())
        #expect(report.exitCode == 1)
        // Every clean trace's overshoot regresses; from 4 ms on, the suite mean's too (at 2 ms
        // it lies within the suite mean's seed-to-seed spread).
        for trace in ["s-curve slow", "s-curve medium", "s-curve fast"] {
            #expect(report.regressions.contains { $0.trace == trace && $0.strategy == "linear" && $0.figure == "overshoot_p95_mm" }, "\(trace)")
        }
        let suiteMean = report.regressions.filter { $0.trace == BenchRecord.suiteMeanTrace && $0.strategy == "linear" }.map(\.figure)
        if shiftMs >= 4 { #expect(suiteMean.contains("overshoot_p95_mm")) }
        #expect(report.verdictLine.contains("check FAILED"))
        #expect(report.terminalText().contains("overshoot_p95_mm"))
        #expect(report.markdown().contains("overshoot\\_p95\\_mm"))
        // The latency it removes is reported as an improvement, not a failure.
        #expect(report.improvements.contains { $0.figure == "latency_removed_ms" && $0.strategy == "linear" })
        #expect(!report.changes.contains { $0.strategy == "none" })
    }

    @Test("linear predicting a frame's worth too short fails on perceived latency", arguments: [3.0, 1000.0 / 60])
    func laggingLinearFails(shiftMs: Double) async throws {
        let baseline = try await CheckFixture.baseline.value
        let now = try await CheckFixture.record(linearShiftMs: -shiftMs)
        let report = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable())
        #expect(report.exitCode == 1)
        let regressed = Set(report.regressions.filter { $0.trace == BenchRecord.suiteMeanTrace }.map(\.figure))
        #expect(regressed.contains("perceived_latency_ms"))
        #expect(regressed.contains("latency_removed_ms"))
    }

    @Test("0.1 mm more overshoot always fails on a clean trace, and when every row moves")
    func tenthOfAMillimetreFails() async throws {
        let baseline = try await CheckFixture.baseline.value
        for figure in ["overshoot_p95_mm", "overshoot_max_mm", "end_overshoot_mean_mm", "end_overshoot_max_mm"] {
            var everywhere = baseline
            for i in baseline.rows.indices where baseline.rows[i].strategy == "linear" {
                guard let v = baseline.rows[i].values[figure] else { continue }
                everywhere.rows[i].values[figure] = v + 0.1
                guard baseline.rows[i].spreads[figure] == 0 else { continue }
                var now = baseline
                now.rows[i].values[figure] = v + 0.1
                let report = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable())
                #expect(report.exitCode == 1, "\(figure) on \(now.rows[i].trace)")
                #expect(report.regressions.map(\.figure) == [figure])
            }
            let report = try BaselineCheck.compare(baseline: baseline, now: everywhere, tolerances: ToleranceTable())
            #expect(report.exitCode == 1)
            #expect(Set(report.regressions.map(\.trace)) == ["s-curve slow", "s-curve medium", "s-curve fast"], "\(figure)")
        }
        // Clean traces have no seed-to-seed spread; noisy ones do.
        #expect(baseline.rows.filter { !$0.trace.hasSuffix("noisy") && !$0.isSuiteMean }.allSatisfy { $0.spreads.values.allSatisfy { $0 == 0 } })
        #expect(baseline.rows.contains { $0.trace.hasSuffix("noisy") && ($0.spreads["overshoot_p95_mm"] ?? 0) > 0 })
    }

    @Test("noise-level differences pass: other noise draws under the same seed stay within the row spreads")
    func otherNoiseDrawsPass() async throws {
        let baseline = try await CheckFixture.baseline.value
        for seed: UInt64 in [2, 7] {
            let now = try await CheckFixture.record(drawsOfSeed: seed)
            let report = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable())
            #expect(report.exitCode == 0, "\(report.terminalText())")
            #expect(!report.changes.isEmpty)
            #expect(report.changes.allSatisfy { $0.trace.hasSuffix("noisy") || $0.trace == BenchRecord.suiteMeanTrace })
        }
    }

    @Test("a baseline made with another timing or strategy set is an error that says what differs")
    func mismatchSaysWhy() async throws {
        var promotion = Timing()
        promotion.frameRateHz = 120
        let baseline = try await CheckFixture.record(timing: promotion)
        let now = try await CheckFixture.record()
        #expect {
            _ = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable())
        } throws: { error in
            guard let m = error as? BaselineMismatch else { return false }
            return m.description.contains("timing frame_rate_hz: baseline 120, now 60")
        }
        var fewer = now
        fewer.strategies.removeAll { $0.name == "linear" }
        fewer.rows.removeAll { $0.strategy == "linear" }
        #expect {
            _ = try BaselineCheck.compare(baseline: now, now: fewer, tolerances: ToleranceTable())
        } throws: { error in
            (error as? BaselineMismatch)?.description.contains("missing now: linear") == true
        }
    }

    @Test("the baseline file round-trips exactly and is deterministic")
    func baselineRoundTrips() async throws {
        let record = try await CheckFixture.baseline.value
        let text = BaselineFile.render(record)
        var back = try BaselineFile.parse(text, path: "mem.csv")
        back.source = record.source
        #expect(back == record)
        #expect(BaselineFile.render(back) == text)
        #expect(text.contains("# timing.frame_rate_hz: 60\n"))
        #expect(text.contains("# strategy: linear | cap_ms=off gap_ms=off\n"))
        #expect(text.contains("# spread_seeds: 1 2 3 4 5 6 7 8 9 10\n"))
        #expect(text.contains(",spread_overshoot_p95_mm,"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-baseline-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("sub/base.csv").path
        try BaselineFile.write(record, to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.appendingPathComponent("sub").path) == ["base.csv"])
    }

    @Test("a malformed baseline names the file and line")
    func malformedBaselineNamesLine() throws {
        let text = "# format: inkbench-baseline 1\n# timing.frame_rate_hz: 60\ntrace,strategy,frames,overshoot_p95_mm\ns,linear,10,0.5\ns,none,10,abc\n"
        #expect(throws: BaselineFileError(path: "b.csv", line: 5, "overshoot_p95_mm = 'abc': expected a number or an empty cell")) {
            try BaselineFile.parse(text, path: "b.csv")
        }
        #expect(throws: BaselineFileError.self) { try BaselineFile.parse("# just a comment\ntrace,strategy\n", path: "c.csv") }
        #expect(throws: BaselineFileError(path: "d.csv", line: 1, "format 'inkbench-baseline 9' is not supported; expected 'inkbench-baseline 1' (rewrite it with --update-baseline)")) {
            try BaselineFile.parse("# format: inkbench-baseline 9\n", path: "d.csv")
        }
    }

    @Test("summary.csv is read by header name, with extra and reordered columns")
    func readsSummaryByHeader() throws {
        let csv = """
            strategy,trace,extra_note,frame_rate_hz,input_rate_hz,frames,overshoot_p95_mm,perceived_latency_ms,something_sd
            linear,"s-curve slow",hello,60,240,388,0.838,1.2,9
            linear,suite mean,,60,,2000,0.9,2.5,
            """
        let r = try BaselineFile.parse(csv, path: "summary.csv")
        #expect(r.figures == ["overshoot_p95_mm", "perceived_latency_ms"])
        #expect(r.row(trace: "s-curve slow", strategy: "linear")?.values["perceived_latency_ms"] == 1.2)
        #expect(r.row(trace: "suite mean", strategy: "linear")?.frames == nil)
        #expect(r.timing.map(\.key) == ["input_rate_hz", "frame_rate_hz"])
        #expect(r.traces == ["s-curve slow"])
    }

    @Test("the Markdown summary is a well-formed table")
    func markdownIsWellFormed() async throws {
        let baseline = try await CheckFixture.baseline.value
        let now = try await CheckFixture.record(linearShiftMs: 4)
        let markdown = try BaselineCheck.compare(baseline: baseline, now: now, tolerances: ToleranceTable()).markdown()
        let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first?.hasPrefix("### InkBench check: FAILED") == true)
        let table = lines.filter { $0.hasPrefix("|") }
        #expect(table.count >= 3)
        #expect(table[0] == "| trace | strategy | figure | baseline | now | change | tolerance | verdict |")
        #expect(table[1].allSatisfy { "|-: ".contains($0) })
        func columns(_ line: String) -> Int {
            var count = 0, escaped = false
            for ch in line {
                if ch == "|" && !escaped { count += 1 }
                escaped = ch == "\\" && !escaped
            }
            return count - 1
        }
        for line in table { #expect(columns(line) == 8, "\(line)") }
        #expect(table.contains { $0.contains("**regressed**") })
        // The table is one block: every row follows the header with no blank line in between.
        let start = try #require(lines.firstIndex(of: table[0]))
        #expect(Array(lines[start..<(start + table.count)]) == table)
    }

    @Test("tolerances: defaults, options, files and errors")
    func tolerances() throws {
        var table = ToleranceTable()
        #expect(table["overshoot_p95_mm"].absolute < 0.1)
        try table.apply(option: "overshoot_max_mm=0.05,2%")
        #expect(table["overshoot_max_mm"] == FigureTolerance(absolute: 0.05, relative: 0.02, unit: "mm"))
        #expect(table["overshoot_max_mm"].allowed(baseline: 10) == 0.2)
        #expect(throws: ToleranceError.self) { try table.apply(option: "overshoot=1") }
        #expect(throws: ToleranceError.self) { try table.apply(option: "overshoot_p95_mm=-1") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tol-\(UUID().uuidString).txt").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try "# ci tolerances\nperceived_latency_ms = 1\n\njitter_rms_mm=x\n".write(toFile: path, atomically: true, encoding: .utf8)
        #expect {
            try table.apply(file: path)
        } throws: { error in
            (error as? ToleranceError)?.message.hasPrefix("\(path):4: ") == true
        }
        #expect(table["perceived_latency_ms"].absolute == 1)
    }

    @Test("compare: the benchmark model's rule")
    func strategyComparisonRule() async throws {
        let strategies = try StrategySpec.parseList("none,linear,kalman-chromium")
        let outcome = try await BenchSession.run(BenchPlan(specs: SyntheticSuite.default.specs, strategies: strategies))
        let record = BenchRecord(outcome: outcome, strategies: strategies, suite: "default", seeds: [1], timing: Timing())
        let t = ToleranceTable()
        #expect(try StrategyComparison(a: record, strategyA: "linear", b: record, strategyB: "kalman-chromium", tolerances: t).verdict == .tradeOff)
        #expect(try StrategyComparison(a: record, strategyA: "linear", b: record, strategyB: "linear", tolerances: t).verdict == .equivalent)
        // Worse on one, the same on the other: worse. Better on both: better.
        let i = try #require(record.rows.firstIndex { $0.isSuiteMean && $0.strategy == "linear" })
        var worse = record
        worse.rows[i].values["perceived_latency_ms", default: 0] += 2
        let c = try StrategyComparison(a: record, strategyA: "linear", labelA: "before", b: worse, strategyB: "linear", labelB: "after", tolerances: t)
        #expect(c.verdict == StrategyComparison.Verdict.worse)
        #expect(c.sentence.hasPrefix("after is worse than before"))
        var better = record
        better.rows[i].values["perceived_latency_ms", default: 0] -= 2
        better.rows[i].values["overshoot_p95_mm", default: 0] -= 0.5
        #expect(try StrategyComparison(a: record, strategyA: "linear", b: better, strategyB: "linear", tolerances: t).verdict == .better)
        // Predicting 8 ms less far: more latency, less overshoot: a trade-off.
        let shorter = try await CheckFixture.record(linearShiftMs: -8)
        #expect(try StrategyComparison(a: record, strategyA: "linear", b: shorter, strategyB: "linear", tolerances: t).verdict == .tradeOff)
        #expect(c.table().contains("perceived_latency_ms"))
    }
}

@Suite("BaselineCheck files")
struct BaselineCheckFileTests {
    @Test("the job summary is appended, never overwritten")
    func stepSummaryAppends() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("summary \(UUID().uuidString).md").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try StepSummary.append("### one", to: path)
        try StepSummary.append("### two", to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "### one\n### two\n")
    }

    /// The manifest's timing goes back through `Timing` and `BenchRecord.timingFields`, the
    /// one timing-to-text conversion, so a results folder and a fresh run state it alike.
    @Test("a manifest's timing reads back to the fields a fresh run records")
    func manifestTimingRoundTrip() throws {
        for name in ["ipad-60", "ipad-promotion"] {
            var timing = try #require(Timing.preset(named: name))
            timing.capMs = 12.5
            let record = Manifest.TimingRecord(timing, preset: name)
            #expect(BenchRecord.timingFields(record.timing).map(\.value) == BenchRecord.timingFields(timing).map(\.value))
        }
        var ms = Timing()
        ms.displayLatency = .milliseconds(25)
        #expect(BenchRecord.timingFields(Manifest.TimingRecord(ms, preset: nil).timing).first { $0.key == "display_latency" }?.value == "25 ms")
    }

    @Test("a results folder without summary.csv names the file it needs")
    func resultsFolderNeedsSummary() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("results \(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect {
            _ = try ResultsFolder.read(folder)
        } throws: { error in
            (error as? BaselineFileError)?.description.contains("summary.csv: cannot read") == true
        }
        #expect(throws: BaselineFileError.self) { _ = try ResultsFolder.read(folder + "/missing") }
    }
}
