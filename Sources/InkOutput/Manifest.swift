#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkReplay

/// `manifest.json`: how a results folder was made: the tool version and git commit, every
/// option, the seeds, the timing, the traces and a SHA-256 of each input and output file.
///
/// ```swift
/// let json = try Manifest(command: "run", arguments: ["--seed", "2"], ...).encoded()
/// let back = try Manifest.decode(json)
/// ```
package struct Manifest: Codable, Sendable, Equatable {
    /// A file and its hash.
    package struct FileRecord: Codable, Sendable, Equatable {
        package var path: String
        package var sha256: String
        package var bytes: Int
        package init(path: String, sha256: String, bytes: Int) {
            self.path = path
            self.sha256 = sha256
            self.bytes = bytes
        }
        /// Hashes a file on disk (``Digest/sha256Hex(ofFile:)``: 1 MiB at a time); `nil` if it
        /// cannot be read.
        package init?(hashing path: String) {
            guard let (hex, bytes) = Digest.sha256Hex(ofFile: path) else { return nil }
            self.init(path: path, sha256: hex, bytes: bytes)
        }
    }

    /// The timing, parameter by parameter.
    package struct TimingRecord: Codable, Sendable, Equatable {
        package var preset: String?
        package var inputRateHz: Double
        package var frameRateHz: Double
        package var inputLatencyMs: Double
        package var displayLatencyFrames: Double?
        package var displayLatencyMs: Double
        package var phases: Int
        /// The run's horizon cap (ms), `Timing.capMs`; written under the key `horizonCapMs`, the
        /// key earlier manifests have.
        package var capMs: Double?
        /// The pressure delay (ms); absent when 0 (off), so earlier manifests read the same.
        package var pressureDelayMs: Double?

        /// The JSON keys, in the order they are written (the declaration order).
        enum CodingKeys: String, CodingKey {
            case preset, inputRateHz, frameRateHz, inputLatencyMs, displayLatencyFrames, displayLatencyMs, phases
            case capMs = "horizonCapMs"
            case pressureDelayMs
        }

        package init(_ timing: Timing, preset: String?) {
            self.preset = preset
            inputRateHz = timing.inputRateHz
            frameRateHz = timing.frameRateHz
            inputLatencyMs = timing.inputLatencyMs
            if case .frames(let f) = timing.displayLatency { displayLatencyFrames = f }
            displayLatencyMs = timing.displayLatencySeconds * 1000
            phases = timing.phases
            capMs = timing.capMs
            pressureDelayMs = timing.pressureDelayMs > 0 ? timing.pressureDelayMs : nil
        }

        /// The timing recorded (the inverse of ``init(_:preset:)`` for the fields it keeps).
        package var timing: Timing {
            var t = Timing()
            t.inputRateHz = inputRateHz
            t.frameRateHz = frameRateHz
            t.inputLatencyMs = inputLatencyMs
            t.displayLatency = displayLatencyFrames.map { .frames($0) } ?? .milliseconds(displayLatencyMs)
            t.phases = phases
            t.capMs = capMs
            t.pressureDelayMs = pressureDelayMs ?? 0
            return t
        }
    }

    /// A strategy and its parameters.
    package struct StrategyRecord: Codable, Sendable, Equatable {
        package var name: String
        package var parameters: [String: String]
        /// `true` when its predictor keeps state across the strokes of one trace (benchmark
        /// model, section 4a: the report must say so); absent otherwise.
        package var carriesAcrossStrokes: Bool?
        package init(name: String, parameters: [String: String], carriesAcrossStrokes: Bool? = nil) {
            self.name = name
            self.parameters = parameters
            self.carriesAcrossStrokes = carriesAcrossStrokes
        }
    }

    /// A trace as run (first seed).
    package struct TraceRecord: Codable, Sendable, Equatable {
        package var name: String
        package var source: String
        package var strokes: Int
        package var samples: Int
        package var seedDependent: Bool
        package init(name: String, source: String, strokes: Int, samples: Int, seedDependent: Bool) {
            self.name = name
            self.source = source
            self.strokes = strokes
            self.samples = samples
            self.seedDependent = seedDependent
        }
    }

    package var tool = "InkBench"
    package var version = InkBenchVersion.current
    package var gitCommit: String?
    package var gitDirty: Bool?
    /// The subcommand (`run` or `sweep`).
    package var command: String
    /// The arguments as given.
    package var arguments: [String]
    /// Every option with its value after defaults.
    package var options: [String: String]
    package var timing: TimingRecord
    /// The one-line timing the reports print.
    package var timingSummary: String
    package var suite: String
    package var seeds: [UInt64]
    package var strategies: [StrategyRecord]
    package var traces: [TraceRecord]
    /// The trace the stroke-replay and error charts show.
    package var chartTrace: String?
    /// What the per-frame charts show of the chart trace (`ChartWindow.note`), when they were written.
    package var chartWindow: String?
    /// `rendered`, `off`, or why charts were skipped.
    package var charts: String
    package var inputs: [FileRecord]
    package var outputs: [FileRecord]
    package var samplesReplayed: Int
    package var replaySeconds: Double
    package var elapsedSeconds: Double

    package init(
        command: String, arguments: [String], options: [String: String], timing: TimingRecord, timingSummary: String,
        suite: String, seeds: [UInt64], strategies: [StrategyRecord], traces: [TraceRecord], chartTrace: String?,
        charts: String, inputs: [FileRecord], outputs: [FileRecord], samplesReplayed: Int, replaySeconds: Double,
        elapsedSeconds: Double
    ) {
        let git = GitInfo.current
        gitCommit = git?.commit
        gitDirty = git?.dirty
        self.command = command
        self.arguments = arguments
        self.options = options
        self.timing = timing
        self.timingSummary = timingSummary
        self.suite = suite
        self.seeds = seeds
        self.strategies = strategies
        self.traces = traces
        self.chartTrace = chartTrace
        self.charts = charts
        self.inputs = inputs
        self.outputs = outputs
        self.samplesReplayed = samplesReplayed
        self.replaySeconds = replaySeconds
        self.elapsedSeconds = elapsedSeconds
    }

    // `encoded()`, the JSON text: Manifest+JSON.swift.

    /// Reads a manifest.
    package static func decode(_ text: String) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: Data(text.utf8))
    }
}
