import ArgumentParser
import InkBenchKit
import Foundation
import InkImport
import InkTraces

/// `bench convert IN --to OUT.csv`: reads a recording in any supported format and writes it as
/// InkBench trace CSV (lossless: `bench convert OUT.csv --to AGAIN.csv` gives the same bytes).
///
/// ```
/// swift run bench convert "Datasets/recordings/google-ink-stylus/straight_line.binarypb" --scale 10.8 --to line.csv
/// swift run bench convert pen.svc --scale 200 --time-unit ms --to pen.csv
/// swift run bench convert "Datasets/recordings/google-ink-stylus/spring_shape.binarypb" --scale 10.8 --resample-hz 120 --to spring-120.csv
/// ```
public struct ConvertCommand: ParsableCommand {
    public static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a recording (evemu, SVC, Google Ink, Pointer Events, InkML, MyPaint, Curious, trace CSV) to InkBench trace CSV, optionally decimated (--resample-hz).")

    @Argument(help: "The recording to read.")
    var input: String

    @Option(name: .long, help: ArgumentHelp("The trace CSV to write (replaced atomically).", valueName: "file"))
    var to: String

    @Option(name: .long, help: ArgumentHelp("A recordings manifest whose matching sections apply to the input.", valueName: "file"))
    var manifest: String?

    @OptionGroup(title: "Input") var importOptions: SingleFileImport

    @Option(
        name: .long,
        help: ArgumentHelp(
            "Decimate to this input rate (Hz), below the recording's own: the recorded sample nearest each 1/N s is kept, none interpolated.",
            valueName: "hz"))
    var resampleHz: Double?

    public init() {}

    public func run() throws {
        var options = ImportOptions()
        var chosen: TraceFormat?
        if let manifest {
            let m: RecordingManifest
            do { m = try RecordingManifest.load(path: manifest) } catch { throw BenchInputError(error.description) }
            for entry in m.entries(forRelativePath: input, givenPath: input) {
                if let v = options.apply(entry, source: manifest) { chosen = v }
            }
        }
        try importOptions.apply(to: &options, format: &chosen)
        var trace: Trace
        do {
            trace = try RecordingLoader.readFile(input, format: chosen, options: options)
            if let resampleHz { trace = try Decimation.resample(trace, toHz: resampleHz) }
        } catch {
            throw BenchInputError(error.description)
        }
        for notice in trace.notices { FileHandle.standardError.write(Data("notice: \(notice)\n".utf8)) }
        let text = TraceCSVWriter.write(trace)
        do throws(OutputError) {
            try AtomicFile.write(Array(text.utf8), to: to)
        } catch {
            let why = PathDiagnosis.whyNotWritable(to, wantFolder: false, fallback: error.message)
            throw BenchInputError("--to \(to): cannot write: \(why)")
        }
        print("\(to): \(trace.strokes.count) strokes, \(trace.sampleCount) samples")
    }
}
