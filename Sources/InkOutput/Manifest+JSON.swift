/// `manifest.json`'s text, written field by field: the bytes `JSONEncoder` writes for a
/// ``Manifest`` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and
/// `.convertToSnakeCase` (the encoder `manifest.json` was written with until the eighth stop;
/// `ManifestJSONTests` compares the two on manifests of real runs and on made-up ones with
/// every kind of character, number and absent field). Writing it by hand costs about 0.05 ms
/// where `JSONEncoder` took about 0.8 ms of a `bench run`'s serial wrap-up.
///
/// The format, as `JSONEncoder` (swift-foundation) has it:
/// - an object's members sorted by the UTF-8 bytes of their keys; the fields' keys in
///   snake case (`gitCommit` → `git_commit`), the keys of `options` and `parameters` as given
///   (a string-keyed dictionary keeps its keys under a key strategy); absent optionals left out;
/// - two spaces of indent per level, `"key" : value`, every element on its own line, and an
///   empty array or object as the bracket, an empty line, and the closing bracket indented;
/// - strings with `"` `\` escaped, `\b \f \n \r \t` for those controls and `\u00xx` (lowercase
///   hex) for the other controls below 0x20, `/` and everything else as UTF-8;
/// - integers in decimal; a `Double` as its shortest round-trip `description` without a
///   trailing `.0` (`2`, `0.125`, `1e-07`, `1e+20`); one that is not finite is an error, as it is
///   for `JSONEncoder`'s default strategy.
extension Manifest {
    /// A JSON value of the manifest, numbers kept as their text.
    enum JSONPiece {
        case string(String)
        case number(String)
        case bool(Bool)
        case array([JSONPiece])
        /// Members in any order (written sorted).
        case object([(key: String, value: JSONPiece)])
    }

    /// A manifest field that JSON cannot hold: a number that is not finite.
    package struct NonFiniteField: Error, CustomStringConvertible, Sendable {
        /// The field's JSON key.
        package var key: String
        /// Its value.
        package var value: Double
        package var description: String { "manifest.json: \(key) is \(value); expected a finite number" }
    }

    /// Pretty-printed JSON with sorted, snake_case keys, and a final newline.
    ///
    /// - Throws: ``NonFiniteField`` for a `Double` field that is not finite.
    package func encoded() throws(NonFiniteField) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(4096)
        Self.write(try jsonPiece(), indent: 0, into: &out)
        out.append(0x0A)
        return out
    }

    /// The manifest as JSON values, under the keys `JSONEncoder` gives its fields.
    func jsonPiece() throws(NonFiniteField) -> JSONPiece {
        var members: [(key: String, value: JSONPiece)] = [
            ("tool", .string(tool)), ("version", .string(version)), ("command", .string(command)),
            ("arguments", .array(arguments.map { .string($0) })), ("options", Self.stringObject(options)),
            ("timing", try timing.jsonPiece()), ("timing_summary", .string(timingSummary)), ("suite", .string(suite)),
            ("seeds", .array(seeds.map { .number(String($0)) })), ("strategies", .array(strategies.map(\.jsonPiece))),
            ("traces", .array(traces.map(\.jsonPiece))), ("charts", .string(charts)),
            ("inputs", .array(inputs.map(\.jsonPiece))), ("outputs", .array(outputs.map(\.jsonPiece))),
            ("samples_replayed", .number(String(samplesReplayed))),
            ("replay_seconds", try Self.number(replaySeconds, key: "replay_seconds")),
            ("elapsed_seconds", try Self.number(elapsedSeconds, key: "elapsed_seconds")),
        ]
        if let gitCommit { members.append(("git_commit", .string(gitCommit))) }
        if let gitDirty { members.append(("git_dirty", .bool(gitDirty))) }
        if let chartTrace { members.append(("chart_trace", .string(chartTrace))) }
        if let chartWindow { members.append(("chart_window", .string(chartWindow))) }
        return .object(members)
    }

    /// A `[String: String]` as an object, its keys as given.
    static func stringObject(_ dictionary: [String: String]) -> JSONPiece {
        .object(dictionary.map { (key: $0.key, value: .string($0.value)) })
    }

    /// A `Double` as `JSONEncoder` writes it: `description` without a trailing `.0`.
    ///
    /// - Throws: ``NonFiniteField`` naming `key` when `value` is not finite.
    static func number(_ value: Double, key: String) throws(NonFiniteField) -> JSONPiece {
        guard value.isFinite else { throw NonFiniteField(key: key, value: value) }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        return .number(text)
    }

    /// Appends `piece` at nesting level `indent` (its first line's indent is the caller's).
    static func write(_ piece: JSONPiece, indent: Int, into out: inout [UInt8]) {
        switch piece {
        case .string(let text): writeString(text, into: &out)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .array(let elements):
            out.append(UInt8(ascii: "["))
            out.append(0x0A)
            for (i, element) in elements.enumerated() {
                if i > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
                writeIndent(indent + 1, into: &out)
                write(element, indent: indent + 1, into: &out)
            }
            out.append(0x0A)
            writeIndent(indent, into: &out)
            out.append(UInt8(ascii: "]"))
        case .object(let members):
            out.append(UInt8(ascii: "{"))
            out.append(0x0A)
            let sorted = members.sorted { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
            for (i, member) in sorted.enumerated() {
                if i > 0 { out.append(contentsOf: [UInt8(ascii: ","), 0x0A]) }
                writeIndent(indent + 1, into: &out)
                writeString(member.key, into: &out)
                out.append(contentsOf: " : ".utf8)
                write(member.value, indent: indent + 1, into: &out)
            }
            out.append(0x0A)
            writeIndent(indent, into: &out)
            out.append(UInt8(ascii: "}"))
        }
    }

    /// Two spaces per level.
    static func writeIndent(_ level: Int, into out: inout [UInt8]) {
        for _ in 0..<level { out.append(contentsOf: [0x20, 0x20]) }
    }

    /// A quoted string with `JSONEncoder`'s escapes (`/` not escaped).
    static func writeString(_ text: String, into out: inout [UInt8]) {
        let hex = Array("0123456789abcdef".utf8)
        out.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"): out.append(contentsOf: [UInt8(ascii: "\\"), byte])
            case 0x08: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: out.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0x00..<0x20:
                out.append(contentsOf: Array("\\u00".utf8))
                out.append(hex[Int(byte >> 4)])
                out.append(hex[Int(byte & 0xF)])
            default: out.append(byte)
            }
        }
        out.append(UInt8(ascii: "\""))
    }
}

extension Manifest.TimingRecord {
    /// The timing as JSON values (`capMs` under `horizon_cap_ms`, as its coding key says).
    func jsonPiece() throws(Manifest.NonFiniteField) -> Manifest.JSONPiece {
        var members: [(key: String, value: Manifest.JSONPiece)] = [
            ("input_rate_hz", try Manifest.number(inputRateHz, key: "input_rate_hz")),
            ("frame_rate_hz", try Manifest.number(frameRateHz, key: "frame_rate_hz")),
            ("input_latency_ms", try Manifest.number(inputLatencyMs, key: "input_latency_ms")),
            ("display_latency_ms", try Manifest.number(displayLatencyMs, key: "display_latency_ms")),
            ("phases", .number(String(phases))),
        ]
        if let preset { members.append(("preset", .string(preset))) }
        if let displayLatencyFrames { members.append(("display_latency_frames", try Manifest.number(displayLatencyFrames, key: "display_latency_frames"))) }
        if let capMs { members.append(("horizon_cap_ms", try Manifest.number(capMs, key: "horizon_cap_ms"))) }
        if let pressureDelayMs { members.append(("pressure_delay_ms", try Manifest.number(pressureDelayMs, key: "pressure_delay_ms"))) }
        return .object(members)
    }
}

extension Manifest.StrategyRecord {
    var jsonPiece: Manifest.JSONPiece {
        var members: [(key: String, value: Manifest.JSONPiece)] = [("name", .string(name)), ("parameters", Manifest.stringObject(parameters))]
        if let carriesAcrossStrokes { members.append(("carries_across_strokes", .bool(carriesAcrossStrokes))) }
        return .object(members)
    }
}

extension Manifest.TraceRecord {
    var jsonPiece: Manifest.JSONPiece {
        .object([
            ("name", .string(name)), ("source", .string(source)), ("strokes", .number(String(strokes))),
            ("samples", .number(String(samples))), ("seed_dependent", .bool(seedDependent)),
        ])
    }
}

extension Manifest.FileRecord {
    var jsonPiece: Manifest.JSONPiece {
        .object([("path", .string(path)), ("sha256", .string(sha256)), ("bytes", .number(String(bytes)))])
    }
}
