import Foundation
import InkBenchKit
import InkOutput
import InkReplay
import InkSession
import InkStrategies
import InkSynthesis
import Testing

/// `Manifest.encoded()` writes the manifest by hand; `JSONEncoder`, with the options
/// `manifest.json` was written with before, is the oracle: the same bytes for manifests of real
/// runs and for made-up ones with every kind of character, number and absent field.
@Suite("manifest.json written by hand, byte for byte JSONEncoder's")
struct ManifestJSONTests {
    /// What `JSONEncoder` writes for the manifest (the encoder `manifest.json` had until the eighth stop).
    static func oracle(_ manifest: Manifest) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return Array(try encoder.encode(manifest)) + [0x0A]
    }

    /// A manifest with every optional field absent or present, as `full` says.
    static func manifest(full: Bool, strings: [String], doubles: [Double], seeds: [UInt64]) -> Manifest {
        var timing = Manifest.TimingRecord(Timing(), preset: full ? strings[0] : nil)
        timing.inputRateHz = doubles[0]
        timing.frameRateHz = doubles[1 % doubles.count]
        timing.inputLatencyMs = doubles[2 % doubles.count]
        timing.displayLatencyMs = doubles[3 % doubles.count]
        timing.displayLatencyFrames = full ? doubles[4 % doubles.count] : nil
        timing.capMs = full ? doubles[5 % doubles.count] : nil
        timing.pressureDelayMs = full ? doubles[6 % doubles.count] : nil
        timing.phases = full ? -3 : 0
        func s(_ i: Int) -> String { strings[i % strings.count] }
        var options: [String: String] = [:]
        for i in 0..<(full ? strings.count : 0) { options[s(i) + "\(i)"] = s(i + 1) }
        var m = Manifest(
            command: s(2), arguments: full ? strings : [], options: options, timing: timing, timingSummary: s(3), suite: s(4),
            seeds: seeds,
            strategies: full
                ? [
                    Manifest.StrategyRecord(name: s(5), parameters: ["cap_ms": s(6), "Sigma-P": s(7), s(8): ""], carriesAcrossStrokes: true),
                    Manifest.StrategyRecord(name: "none", parameters: [:], carriesAcrossStrokes: false),
                    Manifest.StrategyRecord(name: "linear", parameters: [:]),
                ] : [],
            traces: full ? [Manifest.TraceRecord(name: s(9), source: s(10), strokes: 3, samples: Int.max, seedDependent: true)] : [],
            chartTrace: full ? s(11) : nil, charts: s(12),
            inputs: full ? [Manifest.FileRecord(path: s(13), sha256: String(repeating: "ab", count: 32), bytes: 0)] : [],
            outputs: full ? [Manifest.FileRecord(path: "summary.csv", sha256: "0", bytes: 123_456_789)] : [],
            samplesReplayed: full ? 19_300 : 0, replaySeconds: doubles[7 % doubles.count], elapsedSeconds: doubles[8 % doubles.count])
        m.chartWindow = full ? s(14) : nil
        m.gitCommit = full ? s(15) : nil
        m.gitDirty = full ? true : nil
        m.tool = s(16)
        m.version = s(17)
        return m
    }

    @Test("made-up manifests: every control character, quotes, slashes, non-ASCII, empty and absent fields, extreme numbers")
    func madeUp() throws {
        let controls = (0..<0x20).map { String(UnicodeScalar(UInt8($0))) }.joined()
        let strings = [
            "", "plain", "a/b//c", "quote \" and \\ backslash", controls, "\u{7F}del", "é, 漢字, 🖊️, e\u{301}", "\\u0041",
            "key-with-hyphen", "UPPER_case", "x:y=z", "tab\tnew\nline", "💥", "/", "\r\n", "last", "InkBench", "1.0.0",
        ]
        let doubles: [Double] = [
            0, -0.0, 1, 0.1, 1e-7, 1e20, 123_456_789.125, 5e-324, .greatestFiniteMagnitude, -2.5, 16.666666666666668, 1e16, 1e15, 0.3,
        ]
        let seedSets: [[UInt64]] = [[], [0], [1, 2, 3], [.max, 9_007_199_254_740_993]]
        for full in [false, true] {
            for seeds in seedSets {
                for shift in 0..<doubles.count {
                    let rotated = Array(doubles[shift...] + doubles[..<shift])
                    let m = Self.manifest(full: full, strings: strings, doubles: rotated, seeds: seeds)
                    let mine = try m.encoded(), theirs = try Self.oracle(m)
                    #expect(mine == theirs, "full \(full), seeds \(seeds), shift \(shift):\n\(String(decoding: mine, as: UTF8.self))\n---\n\(String(decoding: theirs, as: UTF8.self))")
                }
            }
        }
    }

    @Test("random manifests (seeded): random strings of ASCII, controls and multi-byte characters; random finite doubles")
    func random() throws {
        var rng = SplitMix64(seed: 0x4D41_4E49_4645_5354)
        let pool = Array("abcXYZ09-_/\\\" \t\n\u{1}\u{1F}é漢🖊️.:,{}[]")
        func string() -> String { String((0..<Int(rng.next() % 12)).map { _ in pool[Int(rng.next() % UInt64(pool.count))] }) }
        func double() -> Double {
            while true {
                let d = Double(bitPattern: rng.next())
                if d.isFinite { return rng.next() % 3 == 0 ? d.rounded() : d }
            }
        }
        for _ in 0..<300 {
            let strings = (0..<18).map { _ in string() }
            let m = Self.manifest(
                full: rng.next() % 4 != 0, strings: strings, doubles: (0..<9).map { _ in double() },
                seeds: (0..<Int(rng.next() % 4)).map { _ in rng.next() })
            let mine = try m.encoded(), theirs = try Self.oracle(m)
            #expect(mine == theirs, "\(String(decoding: mine, as: UTF8.self))\n---\n\(String(decoding: theirs, as: UTF8.self))")
        }
    }

    @Test("manifests of real runs (strategies with parameters, seeds, charts off, a chart trace): the file as written and JSONEncoder's")
    func realRuns() async throws {
        let requests: [(String, (inout RunRequest) -> Void)] = [
            ("none,kalman:sigma_p=0.02,cap_ms=16", { _ in }),
            ("none,linear,quadratic", { $0.seeds = [7, 8]; $0.keepFrames = true; $0.chartTrace = $0.traceNames[0] }),
        ]
        for (strategies, adjust) in requests {
            let out = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench manifest json \(UUID().uuidString)").path
            defer { try? FileManager.default.removeItem(atPath: out) }
            var request = RunRequest(
                timing: Timing(), preset: "ipad-60", strategies: try StrategySpec.parseList(strategies), suiteName: "one",
                specs: Array(SyntheticSuite.default.specs.prefix(1)), seeds: [1])
            request.keepFrames = false
            request.noCharts = true
            request.arguments = ["--strategies", strategies, "--out", out]
            request.recordedOptions = ["out": out, "strategies": strategies]
            adjust(&request)
            _ = try await RunOutputs.run(request, to: out, startedAt: .now, progress: false)
            let written = Array(try Data(contentsOf: URL(fileURLWithPath: out + "/manifest.json")))
            let manifest = try Manifest.decode(String(decoding: written, as: UTF8.self))
            #expect(try manifest.encoded() == written)
            #expect(try Self.oracle(manifest) == written)
        }
    }

    @Test("a number JSON cannot hold is refused, naming the field")
    func nonFinite() {
        var m = Self.manifest(full: true, strings: ["a"], doubles: [1], seeds: [])
        m.replaySeconds = .nan
        #expect(throws: Manifest.NonFiniteField.self) { try m.encoded() }
        m.replaySeconds = 1
        m.timing.capMs = -.infinity
        let error = #expect(throws: Manifest.NonFiniteField.self) { try m.encoded() }
        #expect(error?.description == "manifest.json: horizon_cap_ms is -inf; expected a finite number")
    }
}
