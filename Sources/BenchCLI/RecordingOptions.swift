import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkImport
import InkTraces

/// Options that replay real recordings instead of (or beside) the synthetic suite.
///
/// Owned by the importers (InkImport); the `run`, `sweep` and `check` commands include it with
/// `@OptionGroup` and call ``load(bytesRead:)``.
///
/// ```
/// bench --traces Datasets/recordings --manifest Datasets/recordings.manifest
/// bench --traces pen.svc --scale '*.svc=200' --with-default-suite
/// bench --traces capture.bin --format google-ink --scale 10.8 --strict
/// ```
public struct RecordingOptions: ParsableArguments {
    @Option(
        name: .long, parsing: .upToNextOption,
        help: ArgumentHelp(
            "Recordings to replay: files or folders (searched recursively; an inkbench.manifest in a folder is applied).",
            valueName: "path"))
    public var traces: [String] = []

    @Flag(name: .long, help: "Also run the synthetic suite when --traces is given.")
    public var withDefaultSuite = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Scale of matching files, in file units per mm (device units, tablet units or px): 'GLOB=UNITS_PER_MM', e.g. '*.svc=200' (5080 lpi). Repeatable; a bare number applies to every file.",
            valueName: "glob=units-per-mm"),
        transform: RecordingOptions.scaleRule)
    public var scale: [ScaleRule] = []

    @Option(name: .long, help: ArgumentHelp("A recordings manifest (format, scale, time unit per file or glob), applied to every --traces folder. Repeatable.", valueName: "file"))
    public var manifest: [String] = []

    @Option(name: .long, help: ArgumentHelp("Read every file as this format: \(TraceFormat.namesList). (default: by extension and content)", valueName: "name"), transform: RecordingOptions.traceFormat)
    public var format: TraceFormat?

    @Flag(name: .long, help: "Stop at the first file that cannot be read or is implausible (input rate outside 30-2000 Hz, strokes shorter than 0.1 mm or longer than 2 m, pen faster than 5 m/s), instead of skipping or warning.")
    public var strict = false

    @Flag(name: .long, help: "Also keep pen motion in proximity (hover) as strokes of its own (evemu recordings), as `convert --hover` does.")
    public var hover = false

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Also replay each recording decimated to this input rate (Hz), named 'NAME @NHz', when its own rate is higher: each stroke keeps its first sample, each sample at least 1/N s (within 1 %) after the last kept, and its last; none interpolated; the ground truth stays the full-rate path. Repeatable.",
            valueName: "hz"))
    public var resampleHz: [Double] = []

    @Option(
        name: .long,
        help: ArgumentHelp("Threads that read recordings, replay and score them (run, tune) and evaluate horizon's windows: up to <n> at once, 1 to 1024 (default: one per core); the output is the same for any <n>.", valueName: "n"),
        transform: { text in try Jobs(parsing: text) })
    public var jobs: Jobs?

    public init() {}

    /// The `--traces` paths that are regular files (not folders), as given: the files known
    /// before any is read.
    var givenFiles: [String] {
        traces.filter { path in
            var info = stat()
            return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG
        }
    }

    /// The traces the options name, and a line per file that was skipped and why.
    ///
    /// Each trace keeps its import notices (merged timestamps, scales used, default CSS px) in
    /// `Trace.notices` for the caller to print.
    ///
    /// - Throws: `ValidationError` for `--resample-hz` or options without `--traces`; ``BenchInputError`` for a
    ///   bad manifest, a missing path, or (with `--strict`) the first file that cannot be read.
    /// - Parameter bytesRead: called with each file's path and bytes as read
    ///   (``/InkImport/RecordingLoader/bytesRead``).
    public func load(bytesRead: (@Sendable (_ path: String, _ bytes: [UInt8]) -> Void)? = nil) throws -> (traces: [Trace], skipped: [String]) {
        guard !traces.isEmpty else {
            if !scale.isEmpty || !manifest.isEmpty || format != nil || strict || hover || !resampleHz.isEmpty || jobs != nil {
                throw ValidationError("--scale, --manifest, --format, --strict, --hover, --resample-hz and --jobs apply to recordings; give them with --traces PATH...")
            }
            return ([], [])
        }
        for rate in resampleHz where !(rate.isFinite && rate > 0) {
            throw ValidationError("--resample-hz \(rate): expected a positive rate in Hz")
        }
        var loader = try makeLoader()
        loader.bytesRead = bytesRead
        let result: RecordingLoader.Result
        do { result = try loader.load(paths: traces) } catch { throw BenchInputError(error.description) }
        return try Self.addingDecimatedCopies(result.traces, skipped: result.skipped, ratesHz: resampleHz)
    }

    /// `traces` followed, for each rate in `ratesHz` (in the order given), by a copy of every
    /// trace whose own rate is above it, decimated (``Decimation``); a trace too slow for a rate
    /// gets a line in `skipped` instead.
    static func addingDecimatedCopies(_ traces: [Trace], skipped: [String], ratesHz: [Double]) throws -> (traces: [Trace], skipped: [String]) {
        var out = traces, lines = skipped
        for rate in ratesHz {
            for trace in traces {
                let inputHz = 1 / trace.nominalInterval
                guard Decimation.isBelow(rate, inputHz: inputHz) else {
                    lines.append("\(trace.name)\(Decimation.nameSuffix(rate)): not made: the recording's own rate, \(Decimation.rounded(inputHz)) Hz, is not above \(Decimation.rounded(rate)) Hz")
                    continue
                }
                do { out.append(try Decimation.resample(trace, toHz: rate)) } catch { throw BenchInputError(error.description) }
            }
        }
        return (out, lines)
    }

    /// The loader these options describe.
    func makeLoader() throws -> RecordingLoader {
        var loader = RecordingLoader()
        loader.strict = strict
        loader.includeHover = hover
        if let jobs { loader.jobs = jobs.count }
        loader.scaleRules = scale
        do {
            loader.manifests = try manifest.map { path throws(ImportError) in try RecordingManifest.load(path: path) }
        } catch {
            throw BenchInputError(error.description)
        }
        if let format { loader.formatOverride = format }
        return loader
    }

    /// A `--scale` rule, parsed once when the command line is (`convert` and `browser` too).
    ///
    /// - Throws: `ValidationError` with the reader's description of what was expected.
    static func scaleRule(_ text: String) throws -> ScaleRule {
        do { return try ScaleRule(parsing: text) } catch { throw ValidationError(error.description) }
    }

    /// A `--format` name, parsed once when the command line is (`convert` and `browser` too).
    ///
    /// - Throws: `ValidationError` naming the format and the known ones.
    static func traceFormat(_ text: String) throws -> TraceFormat {
        guard let f = TraceFormat(name: text) else {
            throw ValidationError("--format '\(text)' is unknown; expected one of \(TraceFormat.namesList)")
        }
        return f
    }
}
