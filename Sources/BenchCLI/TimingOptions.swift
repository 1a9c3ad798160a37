import ArgumentParser
import InkReplay

/// The timing options shared by `run` and `sweep`: a preset, then any parameter overridden.
///
/// ```
/// bench --preset ipad-promotion --input-latency-ms 12 --display-latency-ms 20
/// ```
struct TimingOptions: ParsableArguments {
    @Option(help: "Timing preset: \(Timing.presets.map(\.name).joined(separator: ", ")). The options below override it.")
    var preset = "ipad-60"

    @Option(name: .customLong("frame-rate"), parsing: .unconditional, help: "Display frame rate (Hz). Default 60 (ipad-promotion: 120).")
    var frameRateHz: Double?

    @Option(name: .customLong("input-rate"), parsing: .unconditional, help: "Digitizer sample rate for synthetic traces (Hz). Default 240.")
    var inputRateHz: Double?

    @Option(name: .customLong("input-latency-ms"), parsing: .unconditional, help: "Digitizer-to-app latency (ms). Default 8.")
    var inputLatencyMs: Double?

    @Option(name: .customLong("display-latency-frames"), parsing: .unconditional, help: "Frame start to photons, in frame periods. Default 1.5.")
    var displayLatencyFrames: Double?

    @Option(name: .customLong("display-latency-ms"), parsing: .unconditional, help: "Frame start to photons (ms), instead of --display-latency-frames.")
    var displayLatencyMs: Double?

    @Option(name: .customLong("horizon-cap-ms"), parsing: .unconditional, help: "Cap every strategy's prediction horizon (ms). Default: no cap.")
    var horizonCapMs: Double?

    @Option(parsing: .unconditional, help: "Frame phases per trace, 1-64 (frame clock offsets, pooled). Default 4.")
    var phases: Int?

    func validate() throws {
        if displayLatencyFrames != nil && displayLatencyMs != nil {
            throw ValidationError("give --display-latency-frames or --display-latency-ms, not both")
        }
        _ = try timing()
    }

    /// The timing the options describe, validated.
    func timing() throws -> Timing {
        guard var timing = Timing.preset(named: preset) else {
            throw BenchInputError(
                "--preset \(preset): unknown preset; known presets: \(Timing.presets.map(\.name).joined(separator: ", "))")
        }
        if let frameRateHz { timing.frameRateHz = frameRateHz }
        if let inputRateHz { timing.inputRateHz = inputRateHz }
        if let inputLatencyMs { timing.inputLatencyMs = inputLatencyMs }
        if let displayLatencyFrames { timing.displayLatency = .frames(displayLatencyFrames) }
        if let displayLatencyMs { timing.displayLatency = .milliseconds(displayLatencyMs) }
        if let horizonCapMs { timing.horizonCapMs = horizonCapMs }
        if let phases { timing.phases = phases }
        do { try timing.validate() } catch { throw BenchInputError(error.description) }
        return timing
    }

    /// The options as given, for the manifest.
    var recorded: [String: String] {
        var o = ["preset": preset]
        func put(_ key: String, _ v: Double?) { if let v { o[key] = CSVText.number(v) } }
        put("frame-rate", frameRateHz)
        put("input-rate", inputRateHz)
        put("input-latency-ms", inputLatencyMs)
        put("display-latency-frames", displayLatencyFrames)
        put("display-latency-ms", displayLatencyMs)
        put("horizon-cap-ms", horizonCapMs)
        if let phases { o["phases"] = String(phases) }
        return o
    }
}
