import Foundation
import InkImport
import InkTestSupport
import Testing

/// The reader registry is the one place a format is added: each registered reader must come with
/// a fuzz harness and a documentation row, and the names, extensions and detection derived from it
/// must be consistent.
@Suite struct RecordingReaderRegistryTests {
    static let readers = RecordingReaders.all.map { ReaderCase(reader: $0) }

    struct ReaderCase: CustomTestStringConvertible, Sendable {
        let reader: any RecordingReader.Type
        var testDescription: String { reader.format.name }
    }

    @Test(arguments: readers)
    func everyReaderHasAFuzzHarness(_ c: ReaderCase) throws {
        let script = try String(contentsOfFile: ProjectData.path("scripts/fuzz.sh"), encoding: .utf8)
        let name = c.reader.format.name
        // A TARGETS line: "<format name> <Entry>.swift <seed glob>".
        let line = script.split(separator: "\n").first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("\"\(name) ") }
        let entry = try #require(line?.split(separator: " ").dropFirst().first.map(String.init),
            "scripts/fuzz.sh has no harness line \"\(name) Fuzz....swift ...\" for the registered reader \(c.reader)")
        let harness = try String(contentsOfFile: ProjectData.path("scripts/fuzz/\(entry)"), encoding: .utf8)
        #expect(harness.contains("\(c.reader)."), "scripts/fuzz/\(entry) does not call \(c.reader)")
    }

    @Test(arguments: readers)
    func everyReaderHasADocumentationRow(_ c: ReaderCase) throws {
        let docs = try String(contentsOfFile: ProjectData.path("docs/recordings.md"), encoding: .utf8)
        let row = docs.split(separator: "\n").first { $0.hasPrefix("| ") && $0.contains("(`\(c.reader.format.name)`)") }
        #expect(row != nil, "docs/recordings.md's format table has no row with (`\(c.reader.format.name)`)")
    }

    @Test(arguments: readers)
    func namesAndExtensionsComeFromTheReader(_ c: ReaderCase) {
        let format = c.reader.format
        #expect(TraceFormat(name: format.name) == format)
        #expect(TraceFormat(name: format.name.uppercased()) == format)
        for alias in c.reader.aliases { #expect(TraceFormat(name: alias) == format, "alias \(alias)") }
        #expect(format.fileExtensions == c.reader.fileExtensions)
        #expect(format.scaleMeaning == c.reader.scaleMeaning)
        #expect(format.reader.map { ObjectIdentifier($0) } == ObjectIdentifier(c.reader))
        #expect(TraceFormat.namesList.contains(format.name))
    }

    @Test func namesAliasesAndExtensionsAreUnique() {
        var names: [String: String] = [:]
        var extensions: [String: [String]] = [:]
        for reader in RecordingReaders.all {
            for name in [reader.format.name] + reader.aliases {
                #expect(names[name] == nil, "\(name) names both \(names[name] ?? "") and \(reader.format.name)")
                names[name] = reader.format.name
            }
            for ext in reader.fileExtensions { extensions[ext, default: []].append(reader.format.name) }
        }
        // Two formats may share an extension (".csv": InkBench's trace CSV and the Curious app's
        // export) only where each tells its files apart by content: each claims its own sample.
        #expect(extensions.filter { $0.value.count > 1 }.keys.sorted() == ["csv"])
        let trace = Array("t_s,x_mm,y_mm,stroke\n0,0,0,0\n".utf8)
        let curious = Array("line_number,x,y,UTC_Timestamp,seconds\n1,10,10,0,0\n".utf8)
        #expect(FormatDetector.detect(path: "a.csv", head: trace) == .format(.traceCSV))
        #expect(FormatDetector.detect(path: "a.csv", head: curious) == .format(.curiousDrawing))
        if case .notARecording(let why) = FormatDetector.detect(path: "a.csv", head: Array("a,b\n1,2\n".utf8)) {
            #expect(why.contains("t_s,x_mm,y_mm,stroke"), "\(why)")
        } else {
            Issue.record("a CSV of neither format was taken for a recording")
        }
        #expect(TraceFormat(name: "no-such-format") == nil)
        #expect(TraceFormat.allCases.count == RecordingReaders.all.count)
    }

    /// A format made by name but never registered is an error naming the file, not a crash.
    @Test func anUnregisteredFormatIsAnError() {
        let unregistered = TraceFormat(registeredName: "not-registered")
        #expect(unregistered.reader == nil)
        #expect(throws: ImportError.self) {
            try RecordingLoader.read(Array("t_s,x_mm,y_mm,stroke\n".utf8), path: "a.csv", format: unregistered, options: ImportOptions())
        }
    }
}
