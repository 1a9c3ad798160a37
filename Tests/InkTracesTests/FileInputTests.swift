import Foundation
import InkTraces
import Testing

/// `FileInput`, the one open/read loop of the recordings' reader and the manifest's hashing:
/// a buffer is filled across reads until it is full or the file ends, the size is the file's,
/// and a path that cannot be opened gives `nil`.
@Suite("FileInput")
struct FileInputTests {
    @Test func fillsPiecesToTheEndAndReportsTheSize() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("fileinput-\(UUID().uuidString).bin").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        let bytes = (0..<10_000).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let file = try #require(FileInput(path: path))
        #expect(file.size() == 10_000)
        var read: [UInt8] = []
        var piece = [UInt8](repeating: 0, count: 4_096)
        while true {
            let n = try #require(piece.withUnsafeMutableBytes { file.fill($0) })
            read += piece[0..<n]
            if n < piece.count { break }
        }
        #expect(read == bytes)  // two full pieces, then the last 1,808 bytes
        #expect(piece.withUnsafeMutableBytes { file.fill($0) } == 0)  // at the end: nothing more
    }

    @Test func aPathThatCannotBeOpenedGivesNil() throws {
        #expect(FileInput(path: "/nonexistent/inkbench/fileinput") == nil)
        // A folder opens (on Linux and macOS) but cannot be read: the fill reports the error.
        let folder = try #require(FileInput(path: FileManager.default.temporaryDirectory.path))
        var piece = [UInt8](repeating: 0, count: 16)
        #expect(piece.withUnsafeMutableBytes { folder.fill($0) } == nil)
    }
}
