#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces
import InkImport
import InkSynthesis

/// A suite of synthetic traces: a built-in one (`default`, `line`) or a `.suite` file.
///
/// A suite file is plain text, one trace per line; `#` starts a comment, blank lines are ignored:
///
/// ```
/// suite shapes                      # the suite's name (optional; default: the file name)
/// s-curve "s-curve slow" duration_s=1.6 height_mm=40 amplitude_mm=15
/// line    "line 100 mm/s" duration_s=1 speed_mm_per_s=100 direction_deg=0
/// circle  "circle r20 noisy" duration_s=2 radius_mm=20 turns=1 noise_mm=0.05
/// ```
///
/// A line is a shape (`s-curve`, `line`, `circle`), the trace name (quoted when it has spaces),
/// then `key=value` settings. Every shape takes `duration_s` (required), `input_rate_hz`
/// (default: `--input-rate`), `noise_mm`, `jitter_ms`, `quantum_mm` (default 0), `strokes`
/// (default 1) and `pause_s` (default 0.2). `s-curve` takes `height_mm` (40) and
/// `amplitude_mm` (15); `line` takes `speed_mm_per_s` (required) and `direction_deg` (0);
/// `circle` takes `radius_mm` (required) and `turns` (1).
///
/// ```swift
/// let suite = try SuiteFile.parse(text, name: "shapes", defaultInputRateHz: 240)
/// ```
package enum SuiteFile {
    /// The built-in suites: name, what it holds.
    package static let builtIn: [(name: String, about: String)] = [
        ("default", "six S-curves (H 40 mm, A 15 mm): slow 1.6 s, medium 0.8 s, fast 0.4 s, each clean and with 0.05 mm noise"),
        ("line", "a straight line at 100 mm/s for 1.0 s (the benchmark model's check trace)"),
    ]

    /// The folder searched for suite files by name.
    package static let datasetsFolder = "Datasets"

    /// The `.suite` files in `Datasets/` (names without the extension), sorted.
    package static func available(in folder: String = datasetsFolder) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return names.filter { $0.hasSuffix(".suite") }.map { String($0.dropLast(6)) }.sorted()
    }

    /// Resolves `--suite`: a built-in name, a path to a suite file, or the name of a file in
    /// `Datasets/` (with or without `.suite`). Returns the suite and the file read, if any.
    package static func resolve(
        _ value: String, defaultInputRateHz: Double, datasets: String = datasetsFolder
    ) throws(SuiteFileError) -> (suite: SyntheticSuite, file: String?) {
        switch value {
        case "default":
            return (SyntheticSuite.sCurves(inputRateHz: defaultInputRateHz), nil)
        case "line":
            var line = SyntheticSuite.straightLine
            line.inputRateHz = defaultInputRateHz
            return (SyntheticSuite(name: "line", specs: [line]), nil)
        default:
            break
        }
        let candidates = [value, "\(datasets)/\(value)", "\(datasets)/\(value).suite"]
        for path in candidates where PathText.isFolder(path) == false {
            guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
                throw SuiteFileError("--suite \(value): cannot read \(path) as UTF-8 text")
            }
            let name = PathText.deletingExtension(PathText.lastComponent(path))
            return (try parse(text, name: name, file: path, defaultInputRateHz: defaultInputRateHz), path)
        }
        let known = builtIn.map(\.name) + available(in: datasets)
        throw SuiteFileError(
            "--suite \(value): no such suite; expected one of \(known.joined(separator: ", ")) or the path of a .suite file")
    }

    /// Parses a suite file's text.
    package static func parse(
        _ text: String, name: String, file: String = "suite", defaultInputRateHz: Double = 240
    ) throws(SuiteFileError) -> SyntheticSuite {
        var suiteName = name
        var specs: [SyntheticSpec] = []
        for (n, raw) in TextLines.lines(of: text).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first.map(String.init) ?? ""
            let words = try tokens(line, at: "\(file):\(n + 1)")
            guard let keyword = words.first else { continue }
            let at = "\(file):\(n + 1)"
            if keyword == "suite" {
                guard words.count == 2 else { throw SuiteFileError("\(at): expected 'suite NAME'") }
                suiteName = words[1]
                continue
            }
            guard ["s-curve", "line", "circle"].contains(keyword) else {
                throw SuiteFileError("\(at): unknown shape '\(keyword)'; expected s-curve, line or circle")
            }
            guard words.count >= 2, !words[1].contains("=") else {
                throw SuiteFileError("\(at): expected a trace name after '\(keyword)'")
            }
            let traceName = words[1]
            guard !specs.contains(where: { $0.name == traceName }) else {
                throw SuiteFileError("\(at): trace name '\(traceName)' is used twice")
            }
            var values: [String: Double] = [:]
            for word in words.dropFirst(2) {
                let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
                guard parts.count == 2, let v = TextLines.number(Substring(parts[1])) else {
                    throw SuiteFileError("\(at): '\(word)' is not key=number")
                }
                values[parts[0]] = v
            }
            specs.append(try spec(keyword, name: traceName, values: values, at: at, defaultInputRateHz: defaultInputRateHz))
        }
        guard !specs.isEmpty else { throw SuiteFileError("\(file): no traces; expected lines such as: s-curve \"slow\" duration_s=1.6") }
        return SyntheticSuite(name: suiteName, specs: specs)
    }

    static let common = ["duration_s", "input_rate_hz", "noise_mm", "jitter_ms", "quantum_mm", "strokes", "pause_s"]
    static let shapeKeys: [String: [String]] = [
        "s-curve": ["height_mm", "amplitude_mm"], "line": ["speed_mm_per_s", "direction_deg"], "circle": ["radius_mm", "turns"],
    ]

    static func spec(
        _ shape: String, name: String, values: [String: Double], at: String, defaultInputRateHz: Double
    ) throws(SuiteFileError) -> SyntheticSpec {
        let allowed = common + (shapeKeys[shape] ?? [])
        for key in values.keys.sorted() where !allowed.contains(key) {
            throw SuiteFileError("\(at): \(shape) has no setting '\(key)'; known: \(allowed.joined(separator: ", "))")
        }
        func required(_ key: String) throws(SuiteFileError) -> Double {
            guard let v = values[key] else { throw SuiteFileError("\(at): \(shape) needs \(key)=...") }
            return v
        }
        let duration = try required("duration_s")
        var spec: SyntheticSpec
        switch shape {
        case "line":
            spec = SyntheticSpec(
                name: name,
                shape: .line(speedMMPerS: try required("speed_mm_per_s"), directionRad: (values["direction_deg"] ?? 0) * .pi / 180),
                duration: duration)
        case "circle":
            spec = SyntheticSpec(
                name: name, shape: .circle(radiusMM: try required("radius_mm"), turns: values["turns"] ?? 1), duration: duration)
        default:
            spec = SyntheticSpec.sCurve(
                name: name, duration: duration, heightMM: values["height_mm"] ?? 40, amplitudeMM: values["amplitude_mm"] ?? 15)
        }
        spec.inputRateHz = values["input_rate_hz"] ?? defaultInputRateHz
        spec.noiseMM = values["noise_mm"] ?? 0
        spec.jitterMs = values["jitter_ms"] ?? 0
        spec.quantumMM = values["quantum_mm"] ?? 0
        if let strokes = values["strokes"] {
            guard strokes == strokes.rounded(), strokes >= 1, strokes <= 100_000 else {
                throw SuiteFileError("\(at): strokes=\(strokes): expected a whole number from 1 to 100000")
            }
            spec.strokes = Int(strokes)
        }
        spec.pause = values["pause_s"] ?? 0.2
        do { try spec.validate() } catch { throw SuiteFileError("\(at): \(error)") }
        return spec
    }

    /// Splits a line into words; double quotes group a word with spaces.
    static func tokens(_ line: String, at: String) throws(SuiteFileError) -> [String] {
        var words: [String] = []
        var current = ""
        var inQuotes = false
        var started = false
        for c in line {
            if c == "\"" {
                inQuotes.toggle()
                started = true
            } else if (c == " " || c == "\t" || c == "\r") && !inQuotes {
                if started { words.append(current) }
                current = ""
                started = false
            } else {
                current.append(c)
                started = true
            }
        }
        if inQuotes { throw SuiteFileError("\(at): a quoted name is not closed") }
        if started { words.append(current) }
        return words
    }
}

/// A suite that cannot be found or read, with the file and line.
package struct SuiteFileError: Error, CustomStringConvertible, Sendable, Equatable {
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
