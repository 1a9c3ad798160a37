import Foundation
import InkReplay

/// `manifest.json`: how a results folder was made: the tool version and git commit, every
/// option, the seeds, the timing, the traces and a SHA-256 of each input and output file.
///
/// ```swift
/// let json = try Manifest(command: "run", arguments: ["--seed", "2"], ...).encoded()
/// let back = try Manifest.decode(json)
/// ```
public struct Manifest: Codable, Sendable, Equatable {
    /// A file and its hash.
    public struct FileRecord: Codable, Sendable, Equatable {
        public var path: String
        public var sha256: String
        public var bytes: Int
        public init(path: String, sha256: String, bytes: Int) {
            self.path = path
            self.sha256 = sha256
            self.bytes = bytes
        }
        /// Hashes a file on disk; `nil` if it cannot be read.
        public init?(hashing path: String) {
            guard let data = FileManager.default.contents(atPath: path) else { return nil }
            self.init(path: path, sha256: SHA256.hex(Array(data)), bytes: data.count)
        }
    }

    /// The timing, parameter by parameter.
    public struct TimingRecord: Codable, Sendable, Equatable {
        public var preset: String?
        public var inputRateHz: Double
        public var frameRateHz: Double
        public var inputLatencyMs: Double
        public var displayLatencyFrames: Double?
        public var displayLatencyMs: Double
        public var phases: Int
        public var horizonCapMs: Double?

        public init(_ timing: Timing, preset: String?) {
            self.preset = preset
            inputRateHz = timing.inputRateHz
            frameRateHz = timing.frameRateHz
            inputLatencyMs = timing.inputLatencyMs
            if case .frames(let f) = timing.displayLatency { displayLatencyFrames = f }
            displayLatencyMs = timing.displayLatencySeconds * 1000
            phases = timing.phases
            horizonCapMs = timing.horizonCapMs
        }
    }

    /// A strategy and its parameters.
    public struct StrategyRecord: Codable, Sendable, Equatable {
        public var name: String
        public var parameters: [String: String]
        public init(name: String, parameters: [String: String]) {
            self.name = name
            self.parameters = parameters
        }
    }

    /// A trace as run (first seed).
    public struct TraceRecord: Codable, Sendable, Equatable {
        public var name: String
        public var source: String
        public var strokes: Int
        public var samples: Int
        public var seedDependent: Bool
        public init(name: String, source: String, strokes: Int, samples: Int, seedDependent: Bool) {
            self.name = name
            self.source = source
            self.strokes = strokes
            self.samples = samples
            self.seedDependent = seedDependent
        }
    }

    public var tool = "InkBench"
    public var version = InkBenchVersion.current
    public var gitCommit: String?
    public var gitDirty: Bool?
    /// The subcommand (`run` or `sweep`).
    public var command: String
    /// The arguments as given.
    public var arguments: [String]
    /// Every option with its value after defaults.
    public var options: [String: String]
    public var timing: TimingRecord
    /// The one-line timing the reports print.
    public var timingSummary: String
    public var suite: String
    public var seeds: [UInt64]
    public var strategies: [StrategyRecord]
    public var traces: [TraceRecord]
    /// The trace the stroke-replay and error charts show.
    public var chartTrace: String?
    /// What the per-frame charts show of the chart trace (``ChartWindow/note``), when they were written.
    public var chartWindow: String?
    /// `rendered`, `off`, or why charts were skipped.
    public var charts: String
    public var inputs: [FileRecord]
    public var outputs: [FileRecord]
    public var samplesReplayed: Int
    public var replaySeconds: Double
    public var elapsedSeconds: Double

    public init(
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

    /// Pretty-printed JSON with sorted, snake_case keys.
    public func encoded() throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.keyEncodingStrategy = .convertToSnakeCase
        return Array(try encoder.encode(self)) + [0x0A]
    }

    /// Reads a manifest.
    public static func decode(_ text: String) throws -> Manifest {
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try decoder.decode(Manifest.self, from: Data(text.utf8))
    }
}
