/// Pads rows of cells into aligned columns for the terminal.
///
/// ```swift
/// TextTable.render([["figure", "now"], ["overshoot_p95_mm", "1.234"]], leftAligned: [0])
/// // figure               now
/// // overshoot_p95_mm   1.234
/// ```
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
