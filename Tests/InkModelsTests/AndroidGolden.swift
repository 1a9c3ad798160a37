import Foundation
import InkModels
import InkPrediction
import InkTestSupport

/// Android's model (`Datasets/models/android-motion-predictor`) and its golden files
/// (`Tests/Fixtures/android`), read once per test process.
enum AndroidGolden {
    /// The model file's path.
    static var modelPath: String { ProjectData.androidModel }

    static func model() throws -> AndroidMotionModel {
        try AndroidModelFile.read(path: modelPath)
    }

    /// A CSV file's rows as dictionaries by header name (fields may be double-quoted).
    static func rows(_ name: String) throws -> [[String: String]] {
        let text = try String(contentsOfFile: ProjectData.androidGoldens + "/" + name, encoding: .utf8)
        var lines = text.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        guard !lines.isEmpty else { return [] }
        let header = split(lines.removeFirst())
        return lines.map { line in
            let fields = split(line)
            var row: [String: String] = [:]
            for (i, h) in header.enumerated() where i < fields.count { row[h] = fields[i] }
            return row
        }
    }

    static func split(_ line: String) -> [String] {
        var fields: [String] = [], current = "", quoted = false
        for c in line {
            if c == "\"" { quoted.toggle() } else if c == ",", !quoted { fields.append(current); current = "" } else { current.append(c) }
        }
        fields.append(current)
        return fields
    }

    /// `row[name]` as a float32 (the files print the shortest round-trip decimal).
    static func float(_ row: [String: String], _ name: String) -> Float? { row[name].flatMap { Float($0) } }
}
