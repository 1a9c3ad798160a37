/// Pads rows of cells into aligned columns for the terminal.
///
/// ```swift
/// TextTable.render([["figure", "now"], ["overshoot_p95_mm", "1.234"]], leftAligned: [0])
/// // figure               now
/// // overshoot_p95_mm   1.234
/// ```
///
/// Kept instead of ordo-one/TextTable 0.0.2 (checked 2026-11-27, issue 30): that package's
/// `Plain` style joins cells with one space and pads the last column too (trailing blanks), and
/// its `Simple` style adds a dashed rule under the header, so either would change the bytes of
/// `bench check` and `platform-metrics` output that tests and users' scripts compare; its
/// `Column` holds `Any` values and a Foundation `Formatter` (not `Sendable` under Swift 6 strict
/// concurrency); and it is 877 lines in 12 files (a Swift 5.0 package, with nine styles we do
/// not use) for what is here 20 lines of padding.
package enum TextTable {
    /// Renders `rows` (the first is the header); columns in `leftAligned` are padded on the right,
    /// the others (numbers) on the left.
    package static func render(_ rows: [[String]], leftAligned: Set<Int>) -> String {
        let count = rows.map(\.count).max() ?? 0
        var widths = [Int](repeating: 0, count: count)
        for row in rows { for (i, cell) in row.enumerated() { widths[i] = max(widths[i], cell.count) } }
        return rows.map { row in
            var cells: [String] = []
            for (i, cell) in row.enumerated() {
                let pad = String(repeating: " ", count: widths[i] - cell.count)
                cells.append(leftAligned.contains(i) ? cell + pad : pad + cell)
            }
            var line = cells.joined(separator: "  ")
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }
}
