import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkBenchKit
import InkFigures
import InkOutput
import InkReplay
import InkTuning

/// `bench tune STRATEGY --evaluate`: no search; the strategy as given, scored on every trace and
/// judged device by device (the leave-one-device-out check of a default chosen elsewhere).
extension TuneCommand {
    /// Every file a tune may write beside the report; a tune removes those it does not write, so
    /// the folder holds one whole tune.
    static let tuneFiles = [
        "tune.csv", "tune-chart.csv", "tune-front.csv", "tune.gp", "tune.svg", "tune.png", "tune-spec.txt", "tune-test.csv", "tune-transfer.csv",
        "tune-devices.csv",
    ]

    /// Removes the optional tune files (`tune-test.csv`, `tune-transfer.csv`, `tune-devices.csv`)
    /// an earlier tune left in `folder`, except `keeping`.
    static func removeStale(in folder: OutputFolder, keeping: [String], optional: [String] = ["tune-test.csv", "tune-transfer.csv", "tune-devices.csv"]) throws {
        for name in optional where !keeping.contains(name) && folder.exists(name) {
            do { try FileManager.default.removeItem(atPath: folder.file(name)) } catch {
                throw BenchInputError("\(folder.file(name)): cannot remove an earlier tune's file (\(ErrorReason.text(error)))")
            }
        }
    }

    /// Scores the strategy spec as given on every trace; writes `tune-devices.csv`, `tune.md`
    /// and the report, and prints each device's figures, the worst device and the mean over devices.
    func runEvaluation(_ setup: Setup, start: ContinuousClock.Instant, clock: ContinuousClock) async throws {
        let perTrace = try await Self.perTrace(setup.base, specs: [strategy], minMovingFrames: suiteOptions.minMovingFrames)[0]
        let scores = DeviceScores(perTrace: perTrace, traces: setup.devices, budget: setup.budget)
        let all = setup.budget.judge([Tuner.candidate(perTrace, over: setup.traces)]).judgements[0]
        let run = try RunFolder(path: output.out, startFrom: .copyOfExisting)
        var committed = false
        defer { if !committed { run.abandon() } }
        let folder = run.files
        try Self.removeStale(in: folder, keeping: ["tune-devices.csv"], optional: Self.tuneFiles + [TuneShardCSV.file, TuneShardCSV.manifestFile])
        try folder.write("tune-devices.csv", bytes: DeviceScores.csv(perTrace: perTrace, traces: setup.devices, budget: setup.budget, spec: strategy).bytes)
        var md = "## Evaluating `\(strategy)` by device\n\n"
        md += "**Budget:** " + setup.budget.bounds.map { "`\($0.text)`" }.joined(separator: ", ") + " (\(setup.budget.scope.rawValue)), judged on each device's suite mean. "
        md += "**No search:** the strategy as given, on \(setup.traces.count) traces from \(scores.rows.count) device\(scores.rows.count == 1 ? "" : "s") "
        md += "(every trace in `tune-devices.csv`). A device's figures are held out only if the spec was chosen without it.\n\n"
        md += "All traces (suite mean): " + figureText(all, perTrace, over: setup.traces) + ".\n\n"
        md += scores.markdown() + "\n"
        try folder.write("tune.md", text: md)
        let written = ["tune-devices.csv", "tune.md"] + (try TuneReport.write(in: folder, noCharts: output.noCharts, requireCharts: output.requireCharts))
        try run.commit()
        committed = true
        if !output.quiet {
            var lines = ["evaluate \(strategy) (no search): \(setup.traces.count) traces, \(scores.rows.count) devices; \(BudgetTable.title(setup.budget.judge([])))"]
            lines.append("  all traces: " + figureText(all, perTrace, over: setup.traces))
            for r in scores.rows {
                let tight = r.tightest.map { "; tightest " + (Figure.named($0.margin.bound.figure)?.heading ?? $0.margin.bound.figure) + " " + BudgetTable.marginText($0.margin) } ?? ""
                lines.append("  \(r.device) (\(r.traces.count) trace\(r.traces.count == 1 ? "" : "s")): " + figureText(r.judgement, perTrace, over: r.traces) + tight)
            }
            lines.append("  " + scores.summaryLine())
            print(lines.joined(separator: "\n"))
            print("wrote \(run.path)/: " + written.joined(separator: ", "))
        }
        print("done in \(NumberText.fixed(seconds(clock.now - start), 2)) s: 1 evaluation over \(setup.traces.count) traces")
    }

    /// `9.8 ms removed, overshoot p95 0.412 mm, end overshoot max 0.950 mm (within the budget)`.
    func figureText(_ j: Budget.Judgement, _ perTrace: Tuner.PerTrace, over traces: [String]) -> String {
        let v = Tuner.mean(perTrace, over: traces)
        let parts = ["latency_removed_ms", "overshoot_p95_mm", "end_overshoot_max_mm"].compactMap { n -> String? in
            guard let f = Figure.named(n), let x = v[n] else { return nil }
            return f.heading + " " + f.text(x)
        }
        return parts.joined(separator: ", ") + (j.fits ? " (within the budget)" : " (outside the budget)")
    }
}
