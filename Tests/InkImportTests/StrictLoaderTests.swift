import Foundation
import InkImport
import InkTraces
import Testing

/// Issue 18, case 11: `--strict` stops at the files it used to skip, and a folder's problems
/// (dangling links, folders named like recordings, manifest sections matching nothing) are said.
struct StrictLoaderTests {
    func folder(_ files: [String: String]) throws -> String {
        let dir = NSTemporaryDirectory() + "inkstrict-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        for (name, text) in files {
            let path = dir + "/" + name
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        return dir
    }

    static let good = "t_s,x_mm,y_mm,stroke\n0,0,0,0\n0.004,1,0,0\n"

    @Test(arguments: [
        ("garbage.bin", "\u{1}\u{2}garbage"),
        ("empty.csv", ""),
        ("unknown.dat", "hello"),
        ("cut.json", "{\"x\": [1, 2"),
    ])
    func strictStopsAtUnreadableFiles(_ name: String, _ text: String) throws {
        let dir = try folder(["good.csv": Self.good, name: text])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var loader = RecordingLoader()
        #expect(try loader.load(paths: [dir]).skipped.contains { $0.contains(name) })
        loader.strict = true
        #expect {
            try loader.load(paths: [dir])
        } throws: { error in "\(error)".contains(name) }
    }

    @Test func strictPassesOverCompanionFiles() throws {
        let dir = try folder(["good.csv": Self.good, "pen.desc": "N: pen\n"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var loader = RecordingLoader()
        loader.strict = true
        #expect(try loader.load(paths: [dir]).traces.count == 1)
    }

    @Test func danglingLinksAndFoldersNamedLikeRecordingsAreReported() throws {
        let dir = try folder(["good.csv": Self.good, "x.csv/inner.txt": "hi"])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try FileManager.default.createSymbolicLink(atPath: dir + "/gone.csv", withDestinationPath: dir + "/nowhere.csv")
        let result = try RecordingLoader().load(paths: [dir])
        #expect(result.traces.count == 1)
        #expect(result.skipped.contains { $0.hasSuffix("/gone.csv: a dangling symbolic link (its target does not exist); expected a file") })
        #expect(result.skipped.contains { $0.contains("/x.csv: a folder named like a recording") })
        var strict = RecordingLoader()
        strict.strict = true
        #expect(throws: ImportError.self) { try strict.load(paths: [dir]) }
    }

    @Test func manifestSectionMatchingNoFileIsReported() throws {
        let dir = try folder(["good.csv": Self.good])
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.parse(Array("[*.csv]\nscale = 1\n[typo/*.svc]\nscale = 200\n".utf8), path: "m.manifest")]
        let result = try loader.load(paths: [dir])
        #expect(result.skipped.contains { $0.hasPrefix("m.manifest:3: manifest section [typo/*.svc] matches no file") })
        #expect(!result.skipped.contains { $0.contains("[*.csv]") })
    }
}
