#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkFigures
import InkImport
import InkOutput

/// Reads a results folder written by `bench` (`summary.csv`, and `manifest.json` when present)
/// as a `BenchRecord`, so `bench check --results DIR` and `bench compare DIR1 DIR2` can use
/// figures that were computed earlier.
///
/// Columns of `summary.csv` are found by header name; extra columns are ignored. Without a
/// manifest, the timing known is the frame and input rates of the rows.
///
/// ```swift
/// let record = try ResultsFolder.read("bench-results")
/// record.timing   // from manifest.json, or frame_rate_hz / input_rate_hz of summary.csv
/// ```
package enum ResultsFolder {
    /// Reads `folder/summary.csv` and, when it exists and decodes, `folder/manifest.json`.
    ///
    /// - Throws: `BaselineFileError` naming the file and line.
    package static func read(_ folder: String) throws(BaselineFileError) -> BenchRecord {
        guard PathText.isFolder(folder) == true else {
            throw BaselineFileError(path: folder, line: nil, "no such folder; expected a results folder written by `bench` (with summary.csv)")
        }
        let summaryPath = PathText.appending(folder, "summary.csv")
        guard let text = try? String(contentsOfFile: summaryPath, encoding: .utf8) else {
            throw BaselineFileError(path: summaryPath, line: nil, "cannot read; expected the summary.csv of a `bench` run in this folder")
        }
        var record = try parseSummary(text, path: summaryPath)
        let manifestPath = PathText.appending(folder, "manifest.json")
        // A manifest that is there must decode and list summary.csv: one replaced by `{` or `{}`
        // would otherwise skip the tamper check. (A missing one is noted by the caller.)
        if FileManager.default.fileExists(atPath: manifestPath) {
            guard let json = try? String(contentsOfFile: manifestPath, encoding: .utf8) else {
                throw BaselineFileError(path: manifestPath, line: nil, "cannot be read as UTF-8 text; expected the manifest.json of a `bench` run")
            }
            let m: Manifest
            do { m = try Manifest.decode(json) } catch {
                throw BaselineFileError(
                    path: manifestPath, line: nil,
                    "is not a readable run manifest (\(Self.decodingProblem(error))); expected the manifest.json `bench run` wrote, so the folder's files can be verified")
            }
            guard m.outputs.contains(where: { $0.path == "summary.csv" }) else {
                throw BaselineFileError(
                    path: manifestPath, line: nil, "lists no SHA-256 of summary.csv; expected the manifest.json of the run that wrote this summary.csv")
            }
            do throws(OutputError) { try m.verifyOutputs(in: OutputFolder(path: folder)) } catch {
                throw BaselineFileError(path: folder, line: nil, error.description)
            }
            record.toolVersion = m.version
            record.suite = m.suite
            record.seeds = m.seeds
            record.timing = BenchRecord.timingFields(m.timing.timing)
            record.strategies = m.strategies.map { s in
                BenchRecord.StrategyEntry(name: s.name, parameters: s.parameters.keys.sorted().map { "\($0)=\(s.parameters[$0] ?? "")" })
            }
            record.traces = m.traces.map(\.name)
            record.source = folder
        }
        return record
    }

    /// A decoding error in a few words: the key or place, not Foundation's whole description.
    static func decodingProblem(_ error: any Error) -> String {
        switch error as? DecodingError {
        case .keyNotFound(let key, _): return "no key '\(key.stringValue)'"
        case .typeMismatch(_, let c), .valueNotFound(_, let c):
            return "wrong value at '\(c.codingPath.map(\.stringValue).joined(separator: "."))'"
        case .dataCorrupted(let c): return c.codingPath.isEmpty ? "not valid JSON" : "bad value at '\(c.codingPath.map(\.stringValue).joined(separator: "."))'"
        default: return "not valid JSON"
        }
    }

    /// Parses a `summary.csv`'s text; `path` is for messages.
    package static func parseSummary(_ text: String, path: String) throws(BaselineFileError) -> BenchRecord {
        let lines = TextLines.lines(of: text)
        guard let start = lines.firstIndex(where: { !$0.trimmingWhitespace().isEmpty }) else {
            throw BaselineFileError(path: path, line: 1, "the file is empty; expected a summary.csv header")
        }
        let table = try FigureTableReader.read(lines: Array(lines[start...]), firstLine: start + 1, path: path)
        var timing: [(key: String, value: String)] = []
        var frameRates: [String] = [], inputRates: [String] = []
        for r in table.rates {
            if let v = Double(r.frameRateHz).map(NumberText.exact), !frameRates.contains(v) { frameRates.append(v) }
            if let v = Double(r.inputRateHz).map(NumberText.exact), !inputRates.contains(v) { inputRates.append(v) }
        }
        if frameRates.count > 1 {
            throw BaselineFileError(path: path, line: nil, "holds figures for several frame rates (\(frameRates.joined(separator: ", ")) Hz); check one timing at a time")
        }
        if inputRates.count == 1 { timing.append(("input_rate_hz", inputRates[0])) }
        if let f = frameRates.first { timing.append(("frame_rate_hz", f)) }
        var traces: [String] = []
        var strategies: [String] = []
        for row in table.rows {
            if !row.isSuiteMean && !traces.contains(row.trace) { traces.append(row.trace) }
            if !strategies.contains(row.strategy) { strategies.append(row.strategy) }
        }
        return BenchRecord(
            source: path, toolVersion: nil, suite: nil, seeds: nil, timing: timing,
            strategies: strategies.map { BenchRecord.StrategyEntry(name: $0, parameters: []) },
            traces: traces, figures: table.figures, rows: table.rows)
    }
}
