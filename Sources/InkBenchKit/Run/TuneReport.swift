#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkFigures
import InkOutput

/// The tune's section in `report.md` and `report.html`: when the folder holds a run, its report
/// is rebuilt with the section (before the provenance); otherwise the report is the section
/// alone. `bench report` keeps the section while `tune.md` is in the folder.
///
/// ```swift
/// let written = try TuneReport.write(in: folder, noCharts: false, requireCharts: false)   // ["report.md", "report.html", ...]
/// ```
package enum TuneReport {
    /// Writes the report(s); returns the names written.
    ///
    /// - Parameters:
    ///   - noCharts: write the run's chart scripts without rendering them (`--no-charts`).
    ///   - requireCharts: throw when they cannot be rendered (`--require-charts`).
    package static func write(in folder: OutputFolder, noCharts: Bool, requireCharts: Bool) throws -> [String] {
        if folder.exists("summary.csv"), folder.exists("manifest.json"), let manifest = try? Manifest.decode(folder.read("manifest.json")),
            manifest.command == "run", let rows = try? SummaryCSV.read(in: folder)
        {
            _ = try ChartsAndReport.rebuild(in: folder, rows: rows, manifest: manifest, noCharts: noCharts, requireCharts: requireCharts)
            return ["report.md", "report.html (the run's, with the tune's section)"]
        }
        guard let section = try? folder.read("tune.md") else { return [] }
        try folder.write("report.md", text: "# InkBench report\n\n" + section)
        let body = html(section) { name in try? folder.read(name) }
        try folder.write(
            "report.html",
            text: "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>InkBench report</title>\n<style>body { font-family: sans-serif; max-width: 1250px; margin: 2em auto; padding: 0 1em; } table { border-collapse: collapse; } th, td { border-bottom: 1px solid #ddd; padding: 0.25em 0.6em; } svg { max-width: 100%; height: auto; }</style></head><body>\n<h1>InkBench report</h1>\n"
                + body + "</body></html>\n")
        return ["report.md", "report.html"]
    }

    /// The tune's markdown section as HTML: headings, paragraphs, the table, `code`, **bold**,
    /// _emphasis_ and the chart (its SVG embedded when `read` gives it).
    package static func html(_ markdown: String, read: (String) -> String?) -> String {
        func esc(_ s: Substring) -> String {
            s.replacingText("&", with: "&amp;").replacingText("<", with: "&lt;").replacingText(">", with: "&gt;")
        }
        func inline(_ s: Substring) -> String {
            var out = "", code = false, bold = false
            let chars = Array(esc(s))
            var i = 0
            while i < chars.count {
                if chars[i] == "`" { out += code ? "</code>" : "<code>"; code.toggle() }
                else if !code, chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "*" { out += bold ? "</strong>" : "<strong>"; bold.toggle(); i += 1 }
                else { out.append(chars[i]) }
                i += 1
            }
            return out
        }
        var h = "", inTable = false
        for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("|") {
                if !inTable { h += "<table>\n"; inTable = true }
                if line.hasPrefix("|---") { continue }
                let cells = line.dropFirst().dropLast().split(separator: "|", omittingEmptySubsequences: false)
                h += "<tr>" + cells.map { "<td>\(inline(Substring($0.trimmingWhitespace())))</td>" }.joined() + "</tr>\n"
                continue
            }
            if inTable { h += "</table>\n"; inTable = false }
            if line.hasPrefix("## ") {
                h += "<h2>\(inline(line.dropFirst(3)))</h2>\n"
            } else if line.hasPrefix("!["), let open = line.firstIndex(of: "("), let close = line.lastIndex(of: ")"), open < close {
                let name = String(line[line.index(after: open)..<close])
                if var svg = read(name), let start = svg.firstRange(of: "<svg") {
                    svg = String(svg[start.lowerBound...])
                    h += "<figure>\(svg)</figure>\n"
                }
            } else if line.hasPrefix("_"), line.hasSuffix("_") || line.hasSuffix("_.") || line.contains("._ ") {
                h += "<p><em>\(inline(line.dropFirst().replacingText("_", with: "")[...]))</em></p>\n"
            } else if !line.isEmpty {
                h += "<p>\(inline(line))</p>\n"
            }
        }
        if inTable { h += "</table>\n" }
        return h
    }
}
