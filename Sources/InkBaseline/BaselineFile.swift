#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkFigures
import InkImport
import InkOutput

/// The baseline file: a CSV table of every figure per trace and strategy (and suite mean),
/// preceded by `#` lines that record where the figures came from. CSV readers that skip `#`
/// lines (pandas `comment="#"`, gnuplot) read the table directly; diffs show each figure that
/// moved on its own line.
///
/// ```text
/// # InkBench baseline: the figures `bench check --baseline FILE` compares a run with.
/// # Rewrite it on purpose with: swift run bench check --baseline FILE --update-baseline
/// # format: inkbench-baseline 1
/// # tool_version: 0.1.0
/// # suite: default
/// # seeds: 1
/// # spread_seeds: 1 2 3 4 5 6 7 8 9 10
/// # timing.input_rate_hz: 240
/// # timing.frame_rate_hz: 60
/// # timing.input_latency_ms: 8
/// # timing.display_latency: 1.5 frames
/// # timing.phases: 4
/// # timing.horizon_cap_ms: off
/// # strategy: kalman-chromium | sigma_p=0.01 sigma_m=1 ready_after=4 px_mm=0.15875 cap_ms=25 gap_ms=20
/// # trace: s-curve slow
/// trace,strategy,frames,perceived_latency_ms,latency_removed_ms,overshoot_p95_mm,...,spread_perceived_latency_ms,...
/// s-curve slow,kalman-chromium,388,10.1,25.3,0.16,...,0,...
/// suite mean,kalman-chromium,,10.3,25.2,2.632,...,0.3,...
/// ```
///
/// The `spread_` columns hold each figure's seed-to-seed spread on that row (max - min over
/// the `spread_seeds`; 0 on traces without noise), measured when the baseline is written. A
/// check widens a row's tolerance to 1.25 times its spread, so noise-level differences pass
/// while the clean traces still hold every figure to the tight defaults.
///
/// ```text
/// ```
///
/// Every number is written as the shortest text that reads back to the same value, so writing
/// the same record twice gives the same bytes. ``read(path:)`` also accepts a `summary.csv`
/// (see `ResultsFolder`).
///
/// ```swift
/// try BaselineFile.write(record, to: "Benchmarks/baseline/default-ipad-60.csv")
/// let baseline = try BaselineFile.read(path: "Benchmarks/baseline/default-ipad-60.csv")
/// ```
package enum BaselineFile {
    /// The format line's value.
    package static let formatName = "inkbench-baseline 1"

    /// The prefix of the spread columns: `spread_overshoot_p95_mm` is the seed-to-seed spread of
    /// `overshoot_p95_mm` on that row.
    static let spreadPrefix = "spread_"

    /// The file's text.
    package static func render(_ record: BenchRecord) -> String {
        var out = "# InkBench baseline: the figures `bench check --baseline FILE` compares a run with.\n"
        out += "# Rewrite it on purpose with: swift run bench check --baseline FILE --update-baseline\n"
        out += "# format: \(formatName)\n"
        if let v = record.toolVersion { out += "# tool_version: \(v)\n" }
        if let s = record.suite { out += "# suite: \(s)\n" }
        if let seeds = record.seeds { out += "# seeds: \(seeds.map(String.init).joined(separator: " "))\n" }
        if let seeds = record.spreadSeeds { out += "# spread_seeds: \(seeds.map(String.init).joined(separator: " "))\n" }
        for (key, value) in record.timing { out += "# timing.\(key): \(value)\n" }
        for s in record.strategies {
            out += "# strategy: \(s.name)" + (s.parameters.isEmpty ? "" : " | " + s.parameters.joined(separator: " ")) + "\n"
        }
        for t in record.traces { out += "# trace: \(t)\n" }
        let spreads = record.spreadSeeds == nil ? [] : record.figures
        out += CSVFields.join(["trace", "strategy", "frames"] + record.figures + spreads.map { spreadPrefix + $0 }) + "\n"
        for row in record.rows {
            var cells = [row.trace, row.strategy, row.frames.map(String.init) ?? ""]
            for f in record.figures { cells.append(row.values[f].map(NumberText.exact) ?? "") }
            for f in spreads { cells.append(row.spreads[f].map(NumberText.exact) ?? "") }
            out += CSVFields.join(cells) + "\n"
        }
        return out
    }

    /// Writes `record` to `path` atomically.
    package static func write(_ record: BenchRecord, to path: String) throws(BaselineFileError) {
        try AtomicFile.write(render(record), to: path)
    }

    /// Reads a baseline file, or a `summary.csv` (a file whose first line is its header).
    ///
    /// - Throws: `BaselineFileError` naming the file, the line and what was expected.
    package static func read(path: String) throws(BaselineFileError) -> BenchRecord {
        let text: String
        do { text = try String(contentsOfFile: path, encoding: .utf8) } catch {
            if let isDir = PathText.isFolder(path) {
                if isDir { throw BaselineFileError(path: path, line: nil, "is a folder; expected a baseline file (for a results folder use --results)") }
                throw BaselineFileError(path: path, line: nil, "cannot read: \(ErrorReason.text(error))")
            }
            throw BaselineFileError(path: path, line: nil, "no such file; make one with `bench check --baseline \(path) --update-baseline`")
        }
        return try parse(text, path: path)
    }

    /// Parses a baseline's text (or a `summary.csv`'s); `path` is for messages.
    package static func parse(_ text: String, path: String) throws(BaselineFileError) -> BenchRecord {
        let lines = TextLines.lines(of: text)
        guard let first = lines.first(where: { !$0.trimmingWhitespace().isEmpty }) else {
            throw BaselineFileError(path: path, line: 1, "the file is empty; expected a baseline ('# format: \(formatName)') or a summary.csv")
        }
        if !first.hasPrefix("#") { return try ResultsFolder.parseSummary(text, path: path) }

        var record = BenchRecord(
            source: path, toolVersion: nil, suite: nil, seeds: nil, timing: [], strategies: [], traces: [], figures: [], rows: [])
        var sawFormat = false
        var index = 0
        while index < lines.count {
            let line = lines[index]
            let n = index + 1
            if line.trimmingWhitespace().isEmpty { index += 1; continue }
            guard line.hasPrefix("#") else { break }
            index += 1
            let body = line.dropFirst().trimmingWhitespace()
            guard let colon = body.firstIndex(of: ":") else { continue }
            let key = String(body[..<colon]), value = body[body.index(after: colon)...].trimmingWhitespace()
            switch key {
            case "format":
                guard value == formatName else {
                    throw BaselineFileError(path: path, line: n, "format '\(value)' is not supported; expected '\(formatName)' (rewrite it with --update-baseline)")
                }
                sawFormat = true
            case "tool_version": record.toolVersion = value
            case "suite": record.suite = value
            case "seeds", "spread_seeds":
                var seeds: [UInt64] = []
                for word in value.split(separator: " ") {
                    guard let s = UInt64(word) else { throw BaselineFileError(path: path, line: n, "seed '\(word)': expected a whole number >= 0") }
                    seeds.append(s)
                }
                if key == "seeds" { record.seeds = seeds } else { record.spreadSeeds = seeds }
            case "strategy":
                let parts = value.split(separator: "|", maxSplits: 1).map { $0.trimmingWhitespace() }
                guard let name = parts.first, !name.isEmpty else { throw BaselineFileError(path: path, line: n, "expected 'strategy: NAME | param=value ...'") }
                let parameters = parts.count > 1 ? parts[1].split(separator: " ").map(String.init) : []
                record.strategies.append(BenchRecord.StrategyEntry(name: name, parameters: parameters))
            case "trace":
                guard !value.isEmpty else { throw BaselineFileError(path: path, line: n, "expected 'trace: NAME'") }
                record.traces.append(value)
            default:
                if key.hasPrefix("timing.") {
                    let k = String(key.dropFirst("timing.".count))
                    guard !k.isEmpty, !value.isEmpty else { throw BaselineFileError(path: path, line: n, "expected 'timing.KEY: VALUE'") }
                    record.timing.append((k, value))
                }
            }
        }
        guard sawFormat else {
            throw BaselineFileError(path: path, line: 1, "expected a '# format: \(formatName)' line before the table; this is not an InkBench baseline")
        }
        let table = try FigureTableReader.read(lines: Array(lines[index...]), firstLine: index + 1, path: path)
        record.figures = table.figures
        record.rows = table.rows
        if record.traces.isEmpty { record.traces = orderedUnique(table.rows.filter { !$0.isSuiteMean }.map(\.trace)) }
        if record.strategies.isEmpty {
            record.strategies = orderedUnique(table.rows.map(\.strategy)).map { BenchRecord.StrategyEntry(name: $0, parameters: []) }
        }
        return record
    }

    static func orderedUnique(_ xs: [String]) -> [String] {
        var seen = Set<String>()
        return xs.filter { seen.insert($0).inserted }
    }
}
