/// A CSV file read back: a header and rows of text cells (RFC 4180 quoting understood).
///
/// Used by `bench report` to rebuild charts and the report from an existing results folder.
///
/// ```swift
/// let table = try CSVTable(parsing: "trace,latency_ms\n\"s, slow\",35.4\n")
/// table.double(row: 0, "latency_ms")   // 35.4
/// ```
package struct CSVTable: Sendable, Equatable {
    /// The column names of the first line.
    package var header: [String]
    /// Every later line, one cell per column (short rows are padded with empty cells).
    package var rows: [[String]]

    package init(header: [String], rows: [[String]]) {
        self.header = header
        self.rows = rows
    }

    /// Parses CSV text. An empty text or one without a header line is an error.
    package init(parsing text: String) throws(CSVTableError) {
        var records: [[String]] = []
        var record: [String] = []
        var field: [UInt8] = []
        var inQuotes = false
        var fieldWasQuoted = false
        let bytes = Array(text.utf8)
        var i = 0
        var line = 1
        func endField() {
            record.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
            fieldWasQuoted = false
        }
        while i < bytes.count {
            let b = bytes[i]
            if inQuotes {
                if b == 0x22 {
                    if i + 1 < bytes.count && bytes[i + 1] == 0x22 {
                        field.append(0x22)
                        i += 1
                    } else {
                        inQuotes = false
                    }
                } else {
                    if b == 0x0A { line += 1 }
                    field.append(b)
                }
            } else if b == 0x22 && field.isEmpty && !fieldWasQuoted {
                inQuotes = true
                fieldWasQuoted = true
            } else if b == 0x2C {
                endField()
            } else if b == 0x0A || b == 0x0D {
                if b == 0x0D && i + 1 < bytes.count && bytes[i + 1] == 0x0A { i += 1 }
                endField()
                records.append(record)
                record = []
                line += 1
            } else {
                field.append(b)
            }
            i += 1
        }
        if inQuotes { throw CSVTableError("line \(line): a quoted field is not closed") }
        if !field.isEmpty || !record.isEmpty || fieldWasQuoted {
            endField()
            records.append(record)
        }
        guard let first = records.first, !(first.count == 1 && first[0].isEmpty) else {
            throw CSVTableError("no header line")
        }
        header = first
        rows = records.dropFirst().filter { !($0.count == 1 && $0[0].isEmpty) }.map { row in
            row.count >= first.count ? row : row + [String](repeating: "", count: first.count - row.count)
        }
    }

    /// The index of a column, or `nil`.
    package func column(_ name: String) -> Int? { header.firstIndex(of: name) }

    /// The text of a cell; empty when the column is missing.
    package func text(row: Int, _ name: String) -> String {
        guard let c = column(name), c < rows[row].count else { return "" }
        return rows[row][c]
    }

    /// The number in a cell; `nil` when empty, missing or not a number.
    package func double(row: Int, _ name: String) -> Double? {
        let t = text(row: row, name)
        return t.isEmpty ? nil : Double(t)
    }
}

/// A CSV file that cannot be read.
package struct CSVTableError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
