#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkFigures
import InkOutput
import InkReport
import InkSession
import InkTraces

/// A run, from its request to its folder: replays the request's traces through its strategies
/// (``run(_:to:startedAt:progress:)``), then writes the data files, the charts and the report,
/// lists every output in the manifest and swaps the folder in. `bench run` calls the first;
/// `bench merge` (which rebuilds a run from its shards) calls ``write(_:rows:manifest:noCharts:requireCharts:into:elapsedSeconds:)``
/// with the rows it merged. Printing is the caller's: this writes files and returns what it wrote.
///
/// ```swift
/// let written = try await RunOutputs.run(request, to: "bench-results", startedAt: start)
/// print(written.files)   // ["summary.csv", "frames.csv", ...]
/// ```
package enum RunOutputs {
    /// A file of the run folder: its name and bytes.
    package typealias File = (name: String, bytes: [UInt8])

    /// What ``run(_:to:startedAt:progress:)`` wrote: the rows, the manifest, the data files'
    /// names and the session's counts.
    package struct Written: Sendable {
        /// The summary rows (a shard's: the part of the run it replayed).
        package var rows: [SummaryRow]
        /// The manifest as written.
        package var manifest: Manifest
        /// The data files written, in order (a shard's: its part of them).
        package var files: [String]
        /// Whether the charts were rendered (never for a shard).
        package var chartsRendered: Bool
        /// The (trace, strategy) units replayed.
        package var units: Int
        /// The traces of the run.
        package var traceCount: Int
        /// Input samples fed through the timing model.
        package var samplesReplayed: Int
        /// Wall time of the replays (s).
        package var replaySeconds: Double
        /// The answer `report.md` opens with (`nil` for a shard, which writes no report).
        package var answer: Answer?
    }

    /// Runs the request and writes its folder at `path` (created if needed) as one whole run:
    /// every file goes into a staging folder that is swapped in at the end, or removed when
    /// anything fails (the folder then keeps its last whole run).
    ///
    /// - Parameters:
    ///   - request: the run; its ``/InkSession/RunRequest/shard`` makes this a shard's folder
    ///     (its data files and manifest, no report: `bench merge` joins the shards).
    ///   - path: the results folder (`--out`).
    ///   - startedAt: when the command started; the manifest's `elapsedSeconds` counts from it.
    ///   - progress: a progress line for each session replayed (its label), or `nil` for none.
    /// - Throws: ``RunError`` for a chart trace that is not one of the request's traces (before
    ///   anything is written), a replay that fails (a synthetic spec that does not generate),
    ///   figures that are not finite or charts required but not rendered; `OutputError` for a
    ///   folder that cannot be written.
    package static func run(
        _ request: RunRequest, to path: String, startedAt: ContinuousClock.Instant, progress: Bool = true
    ) async throws -> Written {
        if let message = request.checkedChartTrace() { throw RunError(message) }
        let folder = try WorkSpans.shared.span("run folder") { try RunFolder(path: path, startFrom: .empty) }
        PhaseTimes.shared.mark("inputs and run folder")
        do {
            return try await write(request, into: folder, startedAt: startedAt, progress: progress)
        } catch {
            folder.abandon()
            throw error
        }
    }

    /// Runs the plan and writes every output into the run's staging folder, then swaps it in.
    static func write(_ request: RunRequest, into run: RunFolder, startedAt start: ContinuousClock.Instant, progress: Bool) async throws -> Written {
        let clock = ContinuousClock()
        let planned = try await plan(request, progress: progress)
        let plan = planned.plan
        var chartTrace = planned.chartTrace
        var outcome = try await replay(plan, progress: progress)
        PhaseTimes.shared.mark("session wrap-up")
        let rows = SummaryRow.rows(outcome, frameRateHz: request.timing.frameRateHz, minMovingFrames: request.minMovingFrames)
        try refuseNonFinite(rows)
        if planned.chosenLater && request.shard == nil, let busiest = busiestTrace(rows) {
            // The chart trace is the one with the most moving frames: its frames and tails are
            // replayed again for the charts.
            chartTrace = busiest.trace
            await BenchSession.keepTails(of: busiest.traceIndex, in: &outcome, plan: plan)
        }
        PhaseTimes.shared.mark("summary rows")
        let files = dataFiles(outcome, chartTrace: chartTrace, request: request)
        PhaseTimes.shared.mark("CSV files")
        var manifest = baseManifest(request, outcome: outcome, chartTrace: chartTrace, elapsedSeconds: seconds(clock.now - start))
        PhaseTimes.shared.mark("manifest record")
        var written = Written(
            rows: rows, manifest: manifest, files: (request.shard == nil ? [SummaryCSV.file] : []) + files.map(\.name), chartsRendered: false, units: outcome.groups.count,
            traceCount: outcome.traceNames.count, samplesReplayed: outcome.samplesReplayed, replaySeconds: outcome.replaySeconds)
        if request.shard != nil {
            try writeShard(files, manifest: &manifest, into: run)
        } else {
            let status = try write(
                files, rows: rows, manifest: &manifest, noCharts: request.noCharts, requireCharts: request.requireCharts, into: run
            ) { seconds(clock.now - start) }
            written.chartsRendered = status.rendered
            written.answer = status.answer
        }
        written.manifest = manifest
        return written
    }

    /// The session's plan and the chart trace: `--chart-trace`, else the fast S-curve, else
    /// (`chosenLater`) the trace with the most moving frames, known only after the run. A shard
    /// cannot see every trace's runs, so it learns that trace first from a replay of `none`
    /// alone (moving frames depend on the trace and timing, not the strategy).
    static func plan(_ request: RunRequest, progress: Bool) async throws -> (plan: BenchPlan, chartTrace: String?, chosenLater: Bool) {
        // Without frames no per-frame data is kept or written: no frames.csv, and no per-frame charts.
        let noFrames = !request.keepFrames
        let chosenLater = !noFrames && request.chartTrace == nil && !request.specs.contains { $0.name == RunRequest.defaultChartTrace }
        let names = request.traceNames
        let asked = request.chartTrace ?? names.first { $0 == RunRequest.defaultChartTrace } ?? names.first
        var chartTrace = noFrames ? nil : asked
        if chosenLater, request.shard != nil {
            let probe = request.plan(strategies: [.none], seeds: Array(request.seeds.prefix(1)))
            let rows = SummaryRow.rows(
                try await replay(probe, label: "bench: finding the chart trace", progress: progress), frameRateHz: request.timing.frameRateHz)
            chartTrace = busiestTrace(rows)?.trace
        }
        var plan = request.plan()
        plan.keepFrames = !noFrames
        plan.tailsForTraces = (chosenLater && request.shard == nil) || noFrames ? [] : chartTrace.map { [$0] } ?? []
        if let shard = request.shard {
            let strategyCount = request.strategies.count
            plan.owns = { t, s in shard.owns(t * strategyCount + s) }
        }
        return (plan, chartTrace, chosenLater)
    }

    /// The trace row with the most moving frames (the first such trace on a tie).
    static func busiestTrace(_ rows: [SummaryRow]) -> SummaryRow? {
        rows.filter { !$0.isSuiteMean }.max(by: { ($0.movingFrames, $1.traceIndex) < ($1.movingFrames, $0.traceIndex) })
    }

    /// Replays the plan, with a progress line when `progress`.
    static func replay(_ plan: BenchPlan, label: String = "bench: replaying traces", progress: Bool) async throws -> BenchOutcome {
        let line = ProgressLine(label: label, enabled: progress && Console.stderrIsTerminal)
        defer { line.finish() }
        do {
            return try await BenchSession.run(plan) { done, total in line.update(done: done, total: total) }
        } catch {
            throw RunError(error.description)
        }
    }

    /// The data files of the run besides `summary.csv` (which ``write(_:rows:manifest:noCharts:requireCharts:into:elapsedSeconds:)``
    /// writes from the rows; a shard: its part of the files, and the figures in full precision
    /// instead of `summary.csv`), in the order they are written.
    static func dataFiles(_ outcome: BenchOutcome, chartTrace: String?, request: RunRequest) -> [File] {
        var files: [File] = []
        if request.shard != nil {
            files.append((RunShardCSV.figuresFile, RunShardCSV.figures(outcome).bytes))
            files.append((RunShardCSV.tracesFile, RunShardCSV.traces(outcome).bytes))
        }
        if request.keepFrames { files.append(("frames.csv", FramesCSV.write(outcome).bytes)) }
        if let chartIndex = outcome.traceNames.firstIndex(where: { $0 == chartTrace }) {
            files.append(("chart-frames.csv", FramesCSV.write(outcome, traceIndex: chartIndex).bytes))
            files.append(("tails.csv", TailsCSV.write(outcome).bytes))
            files.append(("paths.csv", PathsCSV.write(traces: [(chartIndex, outcome.traces[chartIndex])]).bytes))
        }
        return files
    }

    /// The manifest before the outputs are listed.
    static func baseManifest(_ request: RunRequest, outcome: BenchOutcome, chartTrace: String?, elapsedSeconds: Double) -> Manifest {
        var options = request.recordedOptions
        options["strategies"] = request.strategies.map(\.name).joined(separator: ",")
        if let shard = request.shard { options["shard"] = shard.text }
        var manifest = Manifest(
            command: "run", arguments: request.arguments, options: options,
            timing: Manifest.TimingRecord(request.timing, preset: request.preset), timingSummary: outcome.timingSummary(request.timing),
            suite: request.suiteName, seeds: request.seeds, strategies: request.strategyRecords,
            traces: outcome.traces.map { t in
                Manifest.TraceRecord(
                    name: t.name, source: t.source, strokes: t.strokes.count, samples: t.sampleCount,
                    seedDependent: request.specs.first { $0.name == t.name }?.isNoisy ?? false)
            },
            chartTrace: chartTrace, charts: "", inputs: request.inputRecords,
            outputs: [], samplesReplayed: outcome.samplesReplayed, replaySeconds: outcome.replaySeconds,
            elapsedSeconds: elapsedSeconds)
        manifest.chartWindow = outcome.traceNames.firstIndex { $0 == chartTrace }.map { ChartWindow(trace: outcome.traces[$0]).note }
        return manifest
    }

    /// Writes `summary.csv` of `rows`, the other data files, the charts, the report and the
    /// manifest, and commits the folder.
    ///
    /// - Parameters:
    ///   - files: the data files besides `summary.csv`, in the order they are written.
    ///   - rows: the rows `summary.csv` holds (written first, ``/InkFigures/SummaryCSV/write(_:into:)``),
    ///     which the report renders and judges.
    ///   - noCharts: write the chart scripts without rendering them (`--no-charts`).
    ///   - requireCharts: throw ``RunError`` when the charts cannot be rendered (`--require-charts`).
    ///   - elapsedSeconds: the run's time so far, read just before the manifest is written.
    package static func write(
        _ files: [File], rows: [SummaryRow], manifest: inout Manifest, noCharts: Bool, requireCharts: Bool, into run: RunFolder,
        elapsedSeconds: () -> Double
    ) throws -> ChartsAndReport.Status {
        try refuseNonFinite(rows)
        let folder = run.files
        try SummaryCSV.write(rows, into: folder)
        for f in files { try folder.write(f.name, bytes: f.bytes) }
        PhaseTimes.shared.mark("data files written")
        let status = try ChartsAndReport.build(
            in: folder, rows: rows, manifest: manifest, chartTrace: manifest.chartTrace,
            noCharts: noCharts, requireCharts: requireCharts)
        PhaseTimes.shared.mark("report status")
        var written = [SummaryCSV.file] + files.map(\.name)
        written += status.scripts.map { $0.name + ".gp" }
        if status.rendered { written += status.scripts.flatMap { [$0.name + ".svg", $0.name + ".png"] } }
        written += ["report.md", "report.html"]
        manifest.charts = status.note
        manifest.outputs = outputs(written, in: folder)
        manifest.elapsedSeconds = elapsedSeconds()
        try folder.write("manifest.json", bytes: manifest.encoded())
        PhaseTimes.shared.mark("output checksums and manifest.json")
        try run.commit()
        PhaseTimes.shared.mark("commit run folder")
        return status
    }

    /// Refuses figures that are not finite (a strategy whose predictions overflowed: a huge
    /// parameter, a damaged model). The CSVs' empty cell means "no frames", so an infinite
    /// figure written as empty would read as missing, and a verdict could pick the strategy.
    ///
    /// - Throws: ``RunError`` naming the strategy, the trace and the figure.
    package static func refuseNonFinite(_ rows: [SummaryRow]) throws {
        for row in rows {
            guard let (figure, value) = row.values.sorted(by: { $0.key < $1.key }).first(where: { !$0.value.isFinite }) else { continue }
            throw RunError(
                "strategy \(row.strategy) gave \(figure) = \(value) on trace '\(row.trace)': its predictions are not finite "
                    + "(a parameter too large, or a damaged model file?); expected finite predictions. Nothing was written")
        }
    }

    /// A shard's folder: its data files and manifest, no report (`bench merge` makes it).
    package static func writeShard(_ files: [File], manifest: inout Manifest, into run: RunFolder) throws {
        let folder = run.files
        for f in files { try folder.write(f.name, bytes: f.bytes) }
        manifest.charts = "off (a shard: bench merge draws them)"
        manifest.outputs = outputs(files.map(\.name), in: folder)
        try folder.write("manifest.json", bytes: manifest.encoded())
        try run.commit()
    }

    /// Each written file's record (name, SHA-256, bytes).
    package static func outputs(_ names: [String], in folder: OutputFolder) -> [Manifest.FileRecord] {
        names.compactMap { name in
            Manifest.FileRecord(hashing: folder.file(name)).map { Manifest.FileRecord(path: name, sha256: $0.sha256, bytes: $0.bytes) }
        }
    }
}

/// Seconds in a duration.
package func seconds(_ d: Duration) -> Double {
    Double(d.components.seconds) + Double(d.components.attoseconds) * 1e-18
}
