import InkFigures
import InkTuning
import Testing

/// `bench tune`'s parts: parameter ranges, folds, and the search on a known landscape.
@Suite("Tuner")
struct TunerTests {
    @Test func parsesRangesAndStepsInLogs() throws {
        let cap = try TuneParameter(parsing: "cap_ms=4...33")
        #expect(cap.name == "cap_ms" && cap.low == 4 && cap.high == 33 && !cap.logarithmic)
        #expect(cap.value(at: 0) == 4 && cap.value(at: 1) == 33 && cap.value(at: 0.5) == 18.5)
        let sigma = try TuneParameter(parsing: "sigma_p=0.0005...0.05:log")
        #expect(sigma.logarithmic)
        #expect(sigma.value(at: 0.5) == 0.005)
        for bad in ["cap_ms", "cap_ms=4..33", "cap_ms=33...4", "sigma_p=0...1:log", "cap_ms=a...3"] {
            #expect(throws: TuneError.self) { try TuneParameter(parsing: bad) }
        }
    }

    @Test func foldsAreDeterministicDisjointAndWarnWhenSmall() {
        let names = (1...7).map { "t\($0)" }
        let a = TuneFolds.kFold(traces: names, k: 3, seed: 1), b = TuneFolds.kFold(traces: names.reversed(), k: 3, seed: 1)
        #expect(a == b)
        #expect(a.folds.flatMap(\.test).sorted() == names)
        for f in a.folds { #expect(Set(f.train).isDisjoint(with: f.test) && f.train.count + f.test.count == 7) }
        #expect(a.warning == nil)
        #expect(TuneFolds.kFold(traces: ["a", "b", "c"], k: 3, seed: 1).warning?.contains("3 traces in 3 folds") == true)
        #expect(TuneFolds.kFold(traces: ["a"], k: 3, seed: 1).folds.isEmpty)
        let byDevice = TuneFolds.byDevice(traces: [("a", "pen"), ("b", "pen"), ("c", nil)])
        #expect(byDevice.folds.map(\.name) == ["device (device not named)", "device pen"])
        #expect(TuneFolds.byDevice(traces: [("a", "pen")]).warning?.contains("1 device") == true)
    }

    /// A landscape like a horizon cap: latency falls and overshoot rises with the cap; the
    /// budget binds at overshoot 0.5, reached at cap 12.5 on trace a and 10 on trace b.
    static func landscape(_ configs: [[Double]]) -> [Tuner.PerTrace] {
        configs.map { c in
            let cap = c[0]
            func figures(_ slope: Double) -> SummaryRow {
                SummaryRow.figures(
                    trace: "", values: ["perceived_latency_ms": 35 - cap, "latency_removed_ms": cap, "overshoot_p95_mm": slope * cap, "end_overshoot_max_mm": 0])
            }
            return ["a": figures(0.04), "b": figures(0.05)]
        }
    }

    @Test func findsTheBoundWithinTheBudgetDeterministically() async throws {
        let budget = try Budget(parsing: "overshoot_p95_mm<=0.5")
        let cap = try TuneParameter(parsing: "cap_ms=0...40")
        var t = Tuner(parameters: [cap], budget: budget, gridPoints: 5, refineRounds: 8) { Self.landscape($0) }
        let best = try await t.search(over: ["a", "b"])
        // Mean overshoot 0.045 * cap <= 0.5: cap <= 11.1; the search gets within a grid step / 2^8.
        #expect(best[0] <= 11.12 && best[0] > 10.9, "\(best)")
        let onA = try await t.search(over: ["a"])
        #expect(onA[0] <= 12.5 && onA[0] > 12.3, "\(onA)")
        var again = Tuner(parameters: [cap], budget: budget, gridPoints: 5, refineRounds: 8) { Self.landscape($0) }
        #expect(try await again.search(over: ["a", "b"]) == best)
        #expect(again.evaluated.count > 5 && again.phases.first == "grid")
        // Every trace within the budget: trace b binds at cap 10.
        var perTrace = Tuner(parameters: [cap], budget: try Budget(parsing: "overshoot_p95_mm<=0.5", scope: .everyTrace), gridPoints: 5, refineRounds: 8) {
            Self.landscape($0)
        }
        let strict = try await perTrace.search(over: ["a", "b"])
        #expect(strict[0] <= 10 && strict[0] > 9.8, "\(strict)")
    }
}

/// `bench tune`'s means are the run's suite means: `Λ` and latency removed as exact tenths.
@Suite("Tuner means")
struct TunerMeanTests {
    @Test func latencyIsAnExactMeanOfTenthsAsInSuiteMeans() {
        let rows: Tuner.PerTrace = [
            "a": SummaryRow.figures(trace: "a", values: ["perceived_latency_ms": 0.1, "overshoot_p95_mm": 0.1]),
            "b": SummaryRow.figures(trace: "b", values: ["perceived_latency_ms": 0.2, "overshoot_p95_mm": 0.2]),
        ]
        let mean = Tuner.mean(rows, over: ["a", "b"])
        // A plain mean of doubles gives 0.15000000000000002; the tenths' mean 3/20 is 0.15.
        #expect(mean["perceived_latency_ms"] == 0.15)
        #expect(mean["perceived_latency_ms"] == SummaryRow.meanValues(of: [rows["a"], rows["b"]].compactMap { $0 }).values["perceived_latency_ms"])
        #expect(mean["overshoot_p95_mm"] == (0.1 + 0.2) / 2)
    }

    @Test func preloadedGridIsTheSameSearch() async throws {
        let budget = try Budget(parsing: "overshoot_p95_mm<=0.5")
        let cap = try TuneParameter(parsing: "cap_ms=0...40")
        var whole = Tuner(parameters: [cap], budget: budget, gridPoints: 5, refineRounds: 4) { TunerTests.landscape($0) }
        let best = try await whole.search(over: ["a", "b"])
        var joined = Tuner(parameters: [cap], budget: budget, gridPoints: 5, refineRounds: 4) { TunerTests.landscape($0) }
        let grid = joined.gridConfigs()
        #expect(grid.count == 5)
        joined.preload(grid, TunerTests.landscape(grid), phase: "grid")
        #expect(try await joined.search(over: ["a", "b"]) == best)
        #expect(joined.evaluated == whole.evaluated && joined.phases == whole.phases)
    }
}
