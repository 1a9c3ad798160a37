import ArgumentParser
import InkOutput
import InkReplay
import InkTraces

/// The timing options shared by `run` and `sweep`: a preset, then any parameter overridden.
///
/// ```
/// bench --preset ipad-promotion --input-latency-ms 12 --display-latency-ms 20
/// ```
struct TimingOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp("Timing preset: \(Timing.presets.map(\.name).joined(separator: ", ")). The options below override it. (default: \(Preset.standard.name))", valueName: "name"),
        transform: Preset.init(parsing:))
    var preset = Preset.standard

    /// A `--preset`, looked up once when the command line is parsed.
    struct Preset {
        /// Its name, for the manifest.
        var name: String
        /// Its timing, before the options below override it.
        var timing: Timing

        /// `ipad-60`, the default.
        static let standard = Preset(name: "ipad-60", timing: Timing.preset(named: "ipad-60") ?? Timing())

        init(name: String, timing: Timing) {
            self.name = name
            self.timing = timing
        }

        /// - Throws: `ValidationError` naming an unknown preset, the nearest name and the known ones.
        init(parsing text: String) throws {
            guard let timing = Timing.preset(named: text) else {
                throw ValidationError(
                    "--preset \(text): unknown preset\(Spelling.didYouMean(text, among: Timing.presets.map(\.name))); known presets: \(Timing.presets.map(\.name).joined(separator: ", "))")
            }
            self.init(name: text, timing: timing)
        }
    }

    @Option(name: .customLong("frame-rate"), parsing: .unconditional, help: ArgumentHelp("Display frame rate (Hz). (default: 60; ipad-promotion: 120)", valueName: "hz"))
    var frameRateHz: Double?

    @Option(name: .customLong("input-rate"), parsing: .unconditional, help: ArgumentHelp("Digitizer sample rate of synthetic traces (Hz); recordings keep their own. (default: 240)", valueName: "hz"))
    var inputRateHz: Double?

    @Option(name: .customLong("input-latency-ms"), parsing: .unconditional, help: ArgumentHelp("Digitizer-to-app latency (ms). (default: 8)", valueName: "ms"))
    var inputLatencyMs: Double?

    @Option(name: .customLong("display-latency-frames"), parsing: .unconditional, help: ArgumentHelp("Frame start to photons, in frame periods. (default: 1.5)", valueName: "frames"))
    var displayLatencyFrames: Double?

    @Option(name: .customLong("display-latency-ms"), parsing: .unconditional, help: ArgumentHelp("Frame start to photons (ms), instead of --display-latency-frames.", valueName: "ms"))
    var displayLatencyMs: Double?

    @Option(name: .customLong("horizon-cap-ms"), parsing: .unconditional, help: ArgumentHelp("Cap every strategy's prediction horizon (ms), on top of its own cap. (default: off)", valueName: "ms"))
    var capMs: Double?

    @Option(name: .customLong("pressure-delay-ms"), parsing: .unconditional, help: ArgumentHelp("How long after a sample arrives its true pressure arrives (ms); meanwhile strategies see the last pressure already arrived (UIKit's estimated properties). (default: 0)", valueName: "ms"))
    var pressureDelayMs: Double?

    @Option(parsing: .unconditional, help: ArgumentHelp("Frame phases per trace, 1-64 (frame clock offsets, pooled). (default: 4)", valueName: "n"))
    var phases: Int?

    func validate() throws {
        if displayLatencyFrames != nil && displayLatencyMs != nil {
            throw ValidationError("give --display-latency-frames or --display-latency-ms, not both")
        }
        _ = try timing()
    }

    /// The timing the options describe, validated.
    func timing() throws -> Timing {
        var timing = preset.timing
        if let frameRateHz { timing.frameRateHz = frameRateHz }
        if let inputRateHz { timing.inputRateHz = inputRateHz }
        if let inputLatencyMs { timing.inputLatencyMs = inputLatencyMs }
        if let displayLatencyFrames { timing.displayLatency = .frames(displayLatencyFrames) }
        if let displayLatencyMs { timing.displayLatency = .milliseconds(displayLatencyMs) }
        if let capMs { timing.capMs = capMs }
        if let pressureDelayMs { timing.pressureDelayMs = pressureDelayMs }
        if let phases { timing.phases = phases }
        do { try timing.validate() } catch { throw BenchInputError(error.description) }
        return timing
    }

    /// The options as given, for the manifest.
    var recorded: [String: String] {
        var o = ["preset": preset.name]
        func put(_ key: String, _ v: Double?) { if let v { o[key] = NumberText.exact(v) } }
        put("frame-rate", frameRateHz)
        put("input-rate", inputRateHz)
        put("input-latency-ms", inputLatencyMs)
        put("display-latency-frames", displayLatencyFrames)
        put("display-latency-ms", displayLatencyMs)
        put("horizon-cap-ms", capMs)
        put("pressure-delay-ms", pressureDelayMs)
        if let phases { o["phases"] = String(phases) }
        return o
    }
}
