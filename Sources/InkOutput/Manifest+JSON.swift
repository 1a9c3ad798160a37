import InkTraces

/// `manifest.json`'s text, written field by field: the bytes `JSONEncoder` writes for a
/// ``Manifest`` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` and
/// `.convertToSnakeCase` (the encoder `manifest.json` was written with until the eighth stop;
/// `ManifestJSONTests` compares the two on manifests of real runs and on made-up ones with
/// every kind of character, number and absent field). Writing it by hand costs about 0.05 ms
/// where `JSONEncoder` took about 0.8 ms of a `bench run`'s serial wrap-up.
///
/// The format is InkTraces' `JSONBytes` (string escapes, number text, pretty containers with
/// two-space indent and `"key" : value`, members sorted by their keys' UTF-8 bytes), pretty, with
/// `/` not escaped, and, as `JSONEncoder` has it:
/// - the fields' keys in snake case (`gitCommit` → `git_commit`), the keys of `options` and
///   `parameters` as given (a string-keyed dictionary keeps its keys under a key strategy);
///   absent optionals left out;
/// - integers (the `UInt64` seeds among them) in exact decimal; a `Double` that is not finite is
///   an error, as it is for `JSONEncoder`'s default strategy.
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
        guard let text = JSONBytes.number(value) else { throw NonFiniteField(key: key, value: value) }
        return .number(text)
    }

    /// Appends `piece` at nesting level `indent` (its first line's indent is the caller's).
    static func write(_ piece: JSONPiece, indent: Int, into out: inout [UInt8]) {
        switch piece {
        case .string(let text): JSONBytes.string(text, escapingSlashes: false, into: &out)
        case .number(let text): out.append(contentsOf: text.utf8)
        case .bool(let value): out.append(contentsOf: (value ? "true" : "false").utf8)
        case .array(let elements):
            JSONBytes.container(elements.count, open: UInt8(ascii: "["), close: UInt8(ascii: "]"), pretty: true, depth: indent, into: &out) { i, out in
                write(elements[i], indent: indent + 1, into: &out)
            }
        case .object(let members):
            let order = JSONBytes.sortedOrder(members.map(\.key))
            JSONBytes.container(order.count, open: UInt8(ascii: "{"), close: UInt8(ascii: "}"), pretty: true, depth: indent, into: &out) { i, out in
                let member = members[order[i]]
                JSONBytes.key(member.key, pretty: true, escapingSlashes: false, into: &out)
                write(member.value, indent: indent + 1, into: &out)
            }
        }
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
