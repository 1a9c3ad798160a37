#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkFigures
import InkOutput
import InkTraces

/// The report's "By device and input rate" section: each headline figure averaged over the
/// traces of one recording device, and over the traces of one input-rate band, per strategy,
/// with the worst device named. Only for runs whose traces name a device (recordings with a
/// manifest `device` key or an evemu device name); a synthetic run has no such section.
///
/// Only traces that count in the suite mean are grouped, and a group's figure is the mean of its
/// traces' figures (the suite mean's own rule, restricted to the group).
///
/// ```swift
/// if let section = report.breakdown { md += section.markdown }
/// ```
package struct ReportBreakdown: Sendable {
    /// An input-rate band: `< 150 Hz`, `150-300 Hz`, `> 300 Hz`.
    package enum RateBand: Int, Sendable, CaseIterable, Comparable {
        case low, middle, high

        package init(rateHz: Double) {
            self = rateHz < 150 ? .low : (rateHz <= 300 ? .middle : .high)
        }

        package var label: String {
            switch self {
            case .low: "< 150 Hz"
            case .middle: "150-300 Hz"
            case .high: "> 300 Hz"
            }
        }

        package static func < (a: RateBand, b: RateBand) -> Bool { a.rawValue < b.rawValue }
    }

    /// One group's figures for one strategy.
    package struct Line: Sendable, Equatable {
        package var group: String
        package var strategy: String
        package var traces: Int
        /// Lowest and highest input rate of the group's traces (Hz).
        var rateRangeHz: ClosedRange<Double>
        /// Figure name to the mean over the group's traces.
        package var values: [String: Double]
    }

    /// The figures shown.
    package static let columns = Figure.headlines

    package var byDevice: [Line]
    var byRate: [Line]
    /// Per strategy (other than `none`), the device with the largest mean overshoot p95.
    package var worst: [(strategy: String, line: Line)]

    /// The breakdown of `rows` (a run's summary rows), or `nil` when no trace names a device.
    package init?(rows: [SummaryRow]) {
        let traceRows = rows.filter { !$0.isSuiteMean && $0.inSuiteMean }
        guard traceRows.contains(where: { $0.device != nil }) else { return nil }
        var strategies: [String] = []
        for r in traceRows where !strategies.contains(r.strategy) { strategies.append(r.strategy) }
        func lines(_ key: (SummaryRow) -> String, order: [String]) -> [Line] {
            var out: [Line] = []
            for group in order {
                for strategy in strategies {
                    let members = traceRows.filter { $0.strategy == strategy && key($0) == group }
                    guard !members.isEmpty else { continue }
                    var values: [String: Double] = [:]
                    for figure in Self.columns {
                        let xs = members.compactMap { $0.values[figure.name] }
                        if !xs.isEmpty { values[figure.name] = xs.reduce(0, +) / Double(xs.count) }
                    }
                    let rates = members.compactMap(\.inputRateHz)
                    out.append(
                        Line(
                            group: group, strategy: strategy, traces: members.count,
                            rateRangeHz: (rates.min() ?? 0)...(rates.max() ?? 0), values: values))
                }
            }
            return out
        }
        let deviceOf: (SummaryRow) -> String = { Trace.deviceName($0.device) }
        let devices = Set(traceRows.map(deviceOf)).sorted()
        byDevice = lines(deviceOf, order: devices)
        let bandOf: (SummaryRow) -> String = { RateBand(rateHz: $0.inputRateHz ?? 0).label }
        let bands = Set(traceRows.map { RateBand(rateHz: $0.inputRateHz ?? 0) }).sorted().map(\.label)
        byRate = lines(bandOf, order: bands)
        var worst: [(String, Line)] = []
        for strategy in strategies where strategy != "none" {
            let candidates = byDevice.filter { $0.strategy == strategy }
            let key: (Line) -> (Double, Double, String) = {
                ($0.values["overshoot_p95_mm"] ?? -1, $0.values["end_overshoot_max_mm"] ?? -1, $0.group)
            }
            if let w = candidates.max(by: { a, b in
                let (ka, kb) = (key(a), key(b))
                return (ka.0, ka.1) != (kb.0, kb.1) ? (ka.0, ka.1) < (kb.0, kb.1) : ka.2 > kb.2
            }) {
                worst.append((strategy, w))
            }
        }
        self.worst = worst
    }

    /// Header and rows of one table (`by` names the first column).
    package func table(_ lines: [Line], by: String) -> (header: [String], rows: [[String]]) {
        let header = [by, "strategy", "traces", "input Hz"] + Self.columns.map(\.heading)
        let rows = lines.map { line in
            let lo = Int(line.rateRangeHz.lowerBound.rounded()), hi = Int(line.rateRangeHz.upperBound.rounded())
            return [line.group, line.strategy, String(line.traces), lo == hi ? "\(lo)" : "\(lo)-\(hi)"]
                + Self.columns.map { f in line.values[f.name].map { NumberText.fixed($0, f.digits) } ?? "–" }
        }
        return (header, rows)
    }

    /// The sentences naming each strategy's worst device.
    var worstSentences: [String] {
        worst.map { strategy, line in
            let v = line.values
            let p95 = v["overshoot_p95_mm"].map { NumberText.fixed($0, 3) } ?? "–"
            let end = v["end_overshoot_max_mm"].map { NumberText.fixed($0, 3) } ?? "–"
            let removed = v["latency_removed_ms"].map { NumberText.fixed($0, 1) } ?? "–"
            return "`\(strategy)`: worst device **\(line.group)** (overshoot p95 \(p95) mm, end overshoot max \(end) mm, \(removed) ms removed, \(line.traces) traces)."
        }
    }

    /// The introduction of the section.
    static let intro =
        "Each headline figure averaged over the traces of one recording device, then of one input-rate band (the traces in the suite mean only). The worst device of a strategy is the one with the largest mean overshoot p95 (then end overshoot max)."

    /// The section in Markdown, from its `##` heading.
    package var markdown: String {
        func md(_ t: (header: [String], rows: [[String]])) -> String {
            func escape(_ s: String) -> String { s.replacingText("|", with: "\\|") }
            var s = "| " + t.header.map(escape).joined(separator: " | ") + " |\n"
            s += "|" + t.header.indices.map { $0 < 2 ? "---" : "---:" }.joined(separator: "|") + "|\n"
            for r in t.rows { s += "| " + r.map(escape).joined(separator: " | ") + " |\n" }
            return s
        }
        var s = "## By device and input rate\n\n" + Self.intro + "\n\n"
        s += worstSentences.map { "- " + $0 }.joined(separator: "\n") + "\n\n"
        s += "### By device\n\n" + md(table(byDevice, by: "device")) + "\n"
        s += "### By input rate\n\n" + md(table(byRate, by: "input rate")) + "\n"
        return s
    }

    /// The section in HTML; `inline` renders the shared text's `code` and **bold**, `esc` escapes.
    package func html(inline: (String) -> String, esc: (String) -> String) -> String {
        func table(_ t: (header: [String], rows: [[String]])) -> String {
            var s = "<div class=\"scroll\"><table>\n<tr>"
                + t.header.enumerated().map { "<th\($0.offset < 2 ? " class=\"l\"" : "")>\(esc($0.element))</th>" }.joined() + "</tr>\n"
            for r in t.rows {
                s += "<tr>" + r.enumerated().map { "<td\($0.offset < 2 ? " class=\"l\"" : "")>\(esc($0.element))</td>" }.joined() + "</tr>\n"
            }
            return s + "</table></div>\n"
        }
        var h = "<h2>By device and input rate</h2>\n<p>\(inline(Self.intro))</p>\n<ul>\n"
        h += worstSentences.map { "<li>\(inline($0))</li>\n" }.joined() + "</ul>\n"
        h += "<h3>By device</h3>\n" + table(self.table(byDevice, by: "device"))
        h += "<h3>By input rate</h3>\n" + table(self.table(byRate, by: "input rate"))
        return h
    }
}

extension Report {
    /// The "By device and input rate" section, for runs whose traces name devices.
    package var breakdown: ReportBreakdown? { ReportBreakdown(rows: rows) }
}
