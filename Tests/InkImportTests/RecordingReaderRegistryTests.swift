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
        var extensions: [String: String] = [:]
        for reader in RecordingReaders.all {
            for name in [reader.format.name] + reader.aliases {
                #expect(names[name] == nil, "\(name) names both \(names[name] ?? "") and \(reader.format.name)")
                names[name] = reader.format.name
            }
            for ext in reader.fileExtensions {
                #expect(extensions[ext] == nil, ".\(ext) claimed by both \(extensions[ext] ?? "") and \(reader.format.name)")
                extensions[ext] = reader.format.name
            }
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
