import ArgumentParser
import Dispatch
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkBenchKit
import InkBrowser
import InkImport
import InkOutput
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `bench browser IN --to OUT.csv`: replays a trace through a real headless Chromium and writes
/// it with the browser's own predictions as `predicted` rows, so that `recorded` scores the
/// shipped browser on these strokes, beside the `kalman-chromium` port.
///
/// ```
/// swift run bench browser Datasets/recordings/google-ink-stylus/spring_shape.binarypb --scale 10.8 --to spring-chromium.csv
/// swift run bench --traces spring-chromium.csv --strategies none,kalman-chromium,recorded
/// ```
///
/// The output depends on the browser and its timing, so it is exempt from the byte-identical
/// rule; figures computed from the written file are deterministic as always.
public struct BrowserCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "browser",
        abstract: "Replay a trace through a real Chromium and record its predictions (PointerEvent.getPredictedEvents()).",
        discussion: """
            Needs Chromium (apt-get install chromium). Each sample is one awaited DevTools pen event with the \
            sample's own timestamp (about 60 samples per second of wall time). The input's own recorded \
            predictions are replaced by the browser's. Writes OUT.csv and OUT.manifest.json (browser version, \
            replay settings). See docs/chromium.md.
            """)

    @Argument(help: "The recording or trace to replay (any format bench reads).")
    var input: String

    @Option(name: .long, help: "The trace CSV to write (written only when the whole replay succeeded).")
    var to: String

    @Option(name: .long, help: "The browser: a path (default: chromium, chromium-browser or google-chrome on the PATH).")
    var chromium: String?

    @Option(name: .long, help: "CSS px per mm on screen (default 6.2992: 160 per inch, the unit of kalman-chromium's port).")
    var pxPerMm: Double = 160 / 25.4

    @OptionGroup(title: "Input") var importOptions: SingleFileImport

    @Flag(name: .long, help: "No progress lines.")
    var quiet = false

    public init() {}

    public func run() throws {
        var options = ImportOptions()
        var chosen: TraceFormat?
        try importOptions.apply(to: &options, format: &chosen, input: input)
        guard pxPerMm.isFinite, pxPerMm > 0, pxPerMm <= 1000 else {
            throw ValidationError("--px-per-mm \(pxPerMm): expected a number of CSS px per mm from 0 to 1000")
        }
        let trace: Trace
        do { trace = try RecordingLoader.readFile(input, format: chosen, options: options) } catch {
            throw BenchInputError(error.description)
        }
        for notice in trace.notices { Console.note(notice.hasPrefix("warning:") ? notice : "notice: \(notice)") }
        let browserPath: String
        do { browserPath = try ChromiumLocator.find(given: chromium) } catch { throw BenchInputError(error.message) }
        let dropped = trace.strokes.reduce(0) { $0 + ($1.recordedPredictions?.reduce(0) { $0 + $1.count } ?? 0) }

        let signals = BrowserCommand.shutDownOnSignals()
        defer { for s in signals { s.cancel() } }
        var settings = BrowserReplay.Settings(chromium: browserPath)
        settings.pxPerMM = pxPerMm
        let quiet = quiet
        let started = Date()
        if !quiet {
            Console.note("replaying \(trace.sampleCount) samples in \(trace.strokes.count) strokes through \(browserPath)")
        }
        let result: BrowserReplay.Result
        do {
            result = try BrowserReplay.run(trace, settings: settings) { stroke, strokes, done, total in
                guard !quiet else { return }
                let rate = Double(done) / max(Date().timeIntervalSince(started), 1e-3)
                Console.note("  stroke \(stroke + 1)/\(strokes), sample \(done)/\(total) (\(Int(rate)) per second)")
            }
        } catch { throw BenchInputError(error.message) }

        let mmPerPx = 1 / pxPerMm
        let isolation = "page cross-origin isolated (COOP same-origin, COEP require-corp) served from 127.0.0.1"
        var comments = [
            "# chromium: \(result.version) (DevTools: \(result.product)); predictions = PointerEvent.getPredictedEvents(), "
                + (dropped > 0
                    ? "replacing the input's own \(dropped) recorded predicted points"
                    : "the input had no recorded predictions"),
            "# replay: bench browser, headless Chromium (\(result.flags.filter { !$0.hasPrefix("--user-data-dir") }.joined(separator: " "))), "
                + "\(isolation) (crossOriginIsolated true, devicePixelRatio 1, viewport \(result.viewport.width)x\(result.viewport.height)); "
                + "CDP Input.dispatchMouseEvent pointerType pen button left force 0.5, sync mode (each call awaited: one pointermove per sample), "
                + "mousePressed at sample 0, mouseMoved per later sample, mouseReleased 1 ms after the last; event timestamp = sample t_s + a constant; "
                + "1 CSS px = \(mmPerPx) mm (\(pxPerMm) px per mm), translated by (\(result.offsetPx.x), \(result.offsetPx.y)) px; "
                + "\(result.attemptsUsed) replay(s)",
            "# predicted rows: the points of the pointermove that delivered the sample above; t_s = sample t_s + "
                + "(predicted timeStamp - event timeStamp), x_mm/y_mm = clientX/Y back in mm (same origin as the samples)",
            "# timing: the page saw each sample at its sent time plus a constant to within "
                + "\(NumberText.printf(result.timingSpreadMs * 1000, 1)) us (spread of event timeStamp - sent time); "
                + "this file depends on the browser and its timing (not byte-identical between runs)",
            "# source: \(input), replayed with bench \(InkBenchVersion.current)",
        ]
        comments = comments.map { $0.replacingText("\n", with: " ") }
        var lines = TraceCSVWriter.write(result.trace).split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let insertAt = min(2, lines.count)
        lines.insert(contentsOf: comments, at: insertAt)
        let text = lines.joined(separator: "\n")
        func number(_ v: Int) -> JSONValue { .number(Double(v)) }
        let manifest: JSONValue = [
            "tool": "bench browser", "tool_version": .string(InkBenchVersion.current), "input": .string(input), "output": .string(to),
            "chromium": [
                "path": .string(browserPath), "version": .string(result.version), "devtools_product": .string(result.product),
                "flags": .array(result.flags.map { .string($0) }),
            ],
            "replay": [
                "px_per_mm": .number(pxPerMm), "offset_px": [.number(result.offsetPx.x), .number(result.offsetPx.y)],
                "viewport_px": [number(result.viewport.width), number(result.viewport.height)], "cross_origin_isolated": true,
                "device_pixel_ratio": 1, "pointer_type": "pen", "mode": "sync: one awaited Input.dispatchMouseEvent per sample",
                "attempts": number(result.attemptsUsed), "timing_spread_us": .number(result.timingSpreadMs * 1000),
            ],
            "strokes": number(trace.strokes.count), "samples": number(trace.sampleCount), "predicted_points": number(result.predictedPoints),
            "input_predicted_points_dropped": number(dropped), "wall_seconds": .number(result.wallSeconds),
        ]
        let manifestPath = (to.hasSuffix(".csv") ? String(to.dropLast(4)) : to) + ".manifest.json"
        let json: [UInt8]
        do { json = try manifest.text(pretty: true, sortedKeys: true) } catch {
            throw BenchInputError("\(manifestPath): \(error.path) is \(error.value); expected a finite number")
        }
        do throws(OutputError) {
            try AtomicFile.write(Array(text.utf8), to: to)
            try AtomicFile.write(json, to: manifestPath)
        } catch {
            throw BenchInputError("\(error.message); expected a writable path")
        }
        print(
            "\(to): \(trace.strokes.count) strokes, \(trace.sampleCount) samples, \(result.predictedPoints) predicted points from "
                + "\(result.product) in \(NumberText.printf(result.wallSeconds, 1)) s; manifest \(manifestPath)")
    }

    /// On SIGINT or SIGTERM: shut every browser down, then exit (no output was written yet:
    /// the files are written only when the replay is complete).
    static func shutDownOnSignals() -> [any DispatchSourceSignal] {
        [SIGINT, SIGTERM].map { sig in
            signal(sig, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: sig, queue: .global())
            source.setEventHandler {
                BrowserRegistry.shared.killAll()
                Console.note("interrupted: the browser was shut down; nothing was written")
                #if canImport(Glibc)
                    Glibc.exit(130)
                #else
                    Darwin.exit(130)
                #endif
            }
            source.resume()
            return source
        }
    }
}
