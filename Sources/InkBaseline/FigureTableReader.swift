#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkFigures
import InkOutput

/// Reads the figure table shared by baselines and `summary.csv`: a header line naming the
/// columns, then one row per (trace, strategy) and per suite mean. Columns are found by name;
/// `trace` and `strategy` are required, `frames`, `frame_rate_hz` and `input_rate_hz` are read
/// when present, the figures are the registry's names present (``Figure/all``), `in_suite_mean` is read when present, and any other column
/// is ignored.
///
/// ```swift
/// let table = try FigureTableReader.read(lines: lines, firstLine: 1, path: "bench-results/summary.csv")
/// ```
package struct FigureTableReader: Sendable {
    /// The figure columns found, in header order.
    package var figures: [String]
    /// The rows, with suite means named `BenchRecord.suiteMeanTrace`.
    package var rows: [BenchRecord.Row]
    /// Each row's (frame rate, input rate) text, when the table has those columns.
    package var rates: [(line: Int, frameRateHz: String, inputRateHz: String)]

    /// Reads `lines`, the first of which (the header) is line `firstLine` of `path`.
    ///
    /// - Throws: `BaselineFileError` with the line and what was expected.
    package static func read(lines: [Substring], firstLine: Int, path: String) throws(BaselineFileError) -> FigureTableReader {
        guard let headerLine = lines.first else {
            throw BaselineFileError(path: path, line: firstLine, "expected the header line 'trace,strategy,...', found the end of the file")
        }
        let header: [String]
        do { header = try CSVFields.split(headerLine).map { $0.trimmingWhitespace() } } catch {
            throw BaselineFileError(path: path, line: firstLine, error.description)
        }
        guard let traceIndex = header.firstIndex(of: "trace"), let strategyIndex = header.firstIndex(of: "strategy") else {
            throw BaselineFileError(path: path, line: firstLine, "expected a header with the columns 'trace' and 'strategy', found '\(headerLine)'")
        }
        let known = Set(Figure.all.map(\.name))
        var figureIndex: [(String, Int)] = []
        for (i, name) in header.enumerated() where known.contains(name) && !figureIndex.contains(where: { $0.0 == name }) {
            figureIndex.append((name, i))
        }
        guard !figureIndex.isEmpty else {
            throw BaselineFileError(path: path, line: firstLine, "the header names no figure column; expected some of \(Figure.all.map(\.name).joined(separator: ", "))")
        }
        var spreadIndex: [(String, Int)] = []
        for (name, _) in figureIndex {
            if let i = header.firstIndex(of: BaselineFile.spreadPrefix + name) { spreadIndex.append((name, i)) }
        }
        let framesIndex = header.firstIndex(of: "frames")
        let inSuiteIndex = header.firstIndex(of: "in_suite_mean")
        let frameRateIndex = header.firstIndex(of: "frame_rate_hz"), inputRateIndex = header.firstIndex(of: "input_rate_hz")
        var rows: [BenchRecord.Row] = []
        var rates: [(Int, String, String)] = []
        var seen = Set<String>()
        for (offset, raw) in lines.enumerated().dropFirst() {
            let n = firstLine + offset
            if raw.trimmingWhitespace().isEmpty { continue }
            let cells: [String]
            do { cells = try CSVFields.split(raw) } catch { throw BaselineFileError(path: path, line: n, error.description) }
            guard cells.count >= header.count else {
                throw BaselineFileError(path: path, line: n, "expected \(header.count) fields as in the header, found \(cells.count)")
            }
            var trace = cells[traceIndex]
            if trace.hasPrefix(BenchRecord.suiteMeanTrace) { trace = BenchRecord.suiteMeanTrace }
            let strategy = cells[strategyIndex]
            guard !trace.isEmpty, !strategy.isEmpty else {
                throw BaselineFileError(path: path, line: n, "expected a trace and a strategy name, found an empty cell")
            }
            guard seen.insert(trace + "\u{0}" + strategy).inserted else {
                throw BaselineFileError(path: path, line: n, "a second row for trace '\(trace)' and strategy '\(strategy)'")
            }
            var values: [String: Double] = [:]
            for (name, i) in figureIndex {
                let text = cells[i].trimmingWhitespace()
                if text.isEmpty || text == "-" { continue }
                guard let v = Double(text), v.isFinite else {
                    throw BaselineFileError(path: path, line: n, "\(name) = '\(text)': expected a number or an empty cell")
                }
                values[name] = v
            }
            var spreads: [String: Double] = [:]
            for (name, i) in spreadIndex {
                let text = cells[i].trimmingWhitespace()
                if text.isEmpty { continue }
                guard let v = Double(text), v.isFinite, v >= 0 else {
                    throw BaselineFileError(path: path, line: n, "\(BaselineFile.spreadPrefix + name) = '\(text)': expected a number >= 0 or an empty cell")
                }
                spreads[name] = v
            }
            var frames: Int? = nil
            if let framesIndex, !cells[framesIndex].isEmpty {
                guard let f = Int(cells[framesIndex].trimmingWhitespace()) else {
                    throw BaselineFileError(path: path, line: n, "frames = '\(cells[framesIndex])': expected a whole number")
                }
                frames = f
            }
            if let frameRateIndex, let inputRateIndex, !cells[frameRateIndex].isEmpty {
                rates.append((n, cells[frameRateIndex], cells[inputRateIndex]))
            }
            let inSuite = inSuiteIndex.map { cells[$0].trimmingWhitespace() != "0" } ?? true
            rows.append(
                BenchRecord.Row(
                    trace: trace, strategy: strategy, frames: trace == BenchRecord.suiteMeanTrace ? nil : frames, values: values,
                    spreads: spreads, line: n, inSuiteMean: inSuite))
        }
        guard !rows.isEmpty else {
            throw BaselineFileError(path: path, line: firstLine, "the table has a header but no rows")
        }
        return FigureTableReader(figures: figureIndex.map(\.0), rows: rows, rates: rates)
    }
}
