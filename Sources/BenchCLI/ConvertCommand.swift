import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkBenchKit
import InkImport
import InkOutput
import InkSynthesis
import InkTraces

/// `bench convert IN --to OUT.csv`: reads a recording in any supported format and writes it as
/// InkBench trace CSV (lossless: `bench convert OUT.csv --to AGAIN.csv` gives the same bytes).
///
/// `bench convert --suite FILE --to OUT.csv` writes a synthetic trace's samples instead (the
/// suite's only trace, or the one named by `--trace`, drawn with `--seed`): every time and
/// position is written as the shortest text that reads back to the same `Double`, so the CSV,
/// read as a recording, replays exactly the samples the suite generates (with the samples as
/// polyline ground truth instead of the analytic curve). Benchmarks/inputs/ uses it to remake
/// the benchmark recordings.
///
/// ```
/// swift run bench convert "Datasets/recordings/google-ink-stylus/straight_line.binarypb" --scale 10.8 --to line.csv
/// swift run bench convert pen.svc --scale 200 --time-unit ms --to pen.csv
/// swift run bench convert "Datasets/recordings/google-ink-stylus/spring_shape.binarypb" --scale 10.8 --resample-hz 120 --to spring-120.csv
/// swift run bench convert --suite Benchmarks/inputs/hundred.suite --to hundred.csv
/// ```
public struct ConvertCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recording (evemu, SVC, Google Ink, Pointer Events, InkML, MyPaint, Curious, trace CSV), optionally decimated (--resample-hz), or a synthetic trace (--suite) to InkBench trace CSV.")

    @Argument(help: "The recording to read (or give --suite).")
    var input: String?

    @Option(name: .long, help: ArgumentHelp("Write a synthetic trace of this suite (a Datasets/*.suite name or a .suite path) instead of reading a recording.", valueName: "name|path"))
    var suite: String?

    @Option(name: .long, help: ArgumentHelp("With --suite: the trace to write, by name (needed when the suite has several).", valueName: "name"))
    var trace: String?

    @Option(name: .long, help: ArgumentHelp("With --suite: the seed of a noisy trace.", valueName: "n"))
    var seed: UInt64 = 1

    @Option(name: .long, help: ArgumentHelp("The trace CSV to write (replaced atomically).", valueName: "file"))
    var to: String

    @Option(name: .long, help: ArgumentHelp("A recordings manifest whose matching sections apply to the input.", valueName: "file"))
    var manifest: String?

    @OptionGroup(title: "Input") var importOptions: SingleFileImport

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Decimate to this input rate (Hz), below the recording's own: each stroke keeps its first sample, each sample at least 1/N s (within 1 %) after the last kept, and its last; none interpolated. The file written holds the kept samples only (a run with --resample-hz also keeps the full-rate ground truth).",
            valueName: "hz"))
    var resampleHz: Double?

    public init() {}

    public func validate() throws {
        switch (input, suite) {
        case (nil, nil): throw ValidationError("give a recording to read or --suite; expected one of them")
        case (.some, .some): throw ValidationError("give a recording or --suite, not both")
        case (.some, nil) where trace != nil: throw ValidationError("--trace goes with --suite")
        case (nil, .some) where manifest != nil: throw ValidationError("--manifest goes with a recording, not --suite")
        default: break
        }
    }

    public func run() throws {
        let trace: Trace
        if let suite {
            trace = try synthetic(suite)
        } else if let input {
            trace = try recording(input)
        } else {
            throw ValidationError("give a recording to read or --suite")
        }
        let text = TraceCSVWriter.write(trace)
        do throws(OutputError) {
            try AtomicFile.write(Array(text.utf8), to: to)
        } catch {
            let why = PathDiagnosis.whyNotWritable(to, wantFolder: false, fallback: error.message)
            throw BenchInputError("--to \(to): cannot write: \(why)")
        }
        print("\(to): \(trace.strokes.count) strokes, \(trace.sampleCount) samples")
    }

    /// The suite's trace (the only one, or the one named by `--trace`), generated with `--seed`.
    private func synthetic(_ suite: String) throws -> Trace {
        let resolved: (suite: SyntheticSuite, file: String?)
        do { resolved = try SuiteFile.resolve(suite, defaultInputRateHz: 240) } catch { throw BenchInputError("--suite \(suite): \(error)") }
        let specs = resolved.suite.specs
        let names = specs.map { "'\($0.name)'" }.joined(separator: ", ")
        let spec: SyntheticSpec
        if let trace {
            guard let named = specs.first(where: { $0.name == trace }) else {
                throw BenchInputError("--trace '\(trace)' is not in suite \(resolved.suite.name); expected one of \(names)")
            }
            spec = named
        } else {
            guard specs.count == 1, let only = specs.first else {
                throw BenchInputError("suite \(resolved.suite.name) has \(specs.count) traces; expected --trace with one of \(names)")
            }
            spec = only
        }
        do { return try spec.generate(seed: seed) } catch { throw BenchInputError("--suite \(suite): \(error)") }
    }

    /// The recording read with the manifest's and the command line's options; notices go to stderr.
    private func recording(_ input: String) throws -> Trace {
        var options = ImportOptions()
        var chosen: TraceFormat?
        if let manifest {
            let m: RecordingManifest
            do { m = try RecordingManifest.load(path: manifest) } catch { throw BenchInputError(error.description) }
            for entry in m.entries(forRelativePath: input, givenPath: input) {
                if let v = options.apply(entry, source: manifest) { chosen = v }
            }
        }
        try importOptions.apply(to: &options, format: &chosen, input: input)
        var trace: Trace
        do {
            trace = try RecordingLoader.readFile(input, format: chosen, options: options)
            if let resampleHz { trace = try Decimation.resample(trace, toHz: resampleHz) }
        } catch {
            throw BenchInputError(error.description)
        }
        for notice in trace.notices { Console.note(notice.hasPrefix("warning:") ? notice : "notice: \(notice)") }
        return trace
    }
}
