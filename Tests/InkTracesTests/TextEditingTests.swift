import Foundation
import InkTraces
import Testing

/// The product's replacements for Foundation's string and path methods (it links
/// FoundationEssentials only) give Foundation's results.
@Suite("Text and path helpers against Foundation")
struct TextEditingTests {
    static let texts = [
        "", " ", "  a b  ", "\ta\t", "a\r\n", "\r\n x \r\n", "\u{00A0}nbsp\u{00A0}", "\u{2028}line\u{2029}", "\u{85}x\u{85}",
        "é ", " \u{301}x", "plain", "\n\n", "a|b|c", "'quoted'", "x\r\ny", "\"q\"", "baseline, now",
    ]

    @Test("Unicode.Scalar.isAlphanumeric holds the scalars of Foundation's CharacterSet.alphanumerics")
    func alphanumerics() {
        // Foundation 6.3's set (its own tables) holds no character assigned since Unicode 15.1
        // and no Tangut ideograph (U+17000-U+18D08); the standard library knows both as
        // letters. Every other scalar must agree.
        var differ: [String] = [], compared = 0
        for value in UInt32(0)...0x10FFFF where !(0x17000...0x18D08).contains(value) {
            guard let scalar = Unicode.Scalar(value), let age = scalar.properties.age, age.major < 15 || (age.major == 15 && age.minor < 1) else { continue }
            compared += 1
            if scalar.isAlphanumeric != CharacterSet.alphanumerics.contains(scalar) { differ.append(String(value, radix: 16)) }
        }
        let same = differ.isEmpty
        #expect(same, "\(differ.count) of \(compared) scalars differ, first \(differ.prefix(8))")
        #expect(compared > 140_000)
        #expect("a\u{301}٣".unicodeScalars.allSatisfy(\.isAlphanumeric) && !" -_".unicodeScalars.contains(where: \.isAlphanumeric))
    }

    @Test("trimmingWhitespace and trimmingWhitespaceAndNewlines trim what Foundation's sets trim")
    func trimming() {
        for text in Self.texts {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(
                text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
        }
        #expect("  a  ".trimmingScalars { $0 == " " } == "a")
    }

    @Test("replacingText matches replacingOccurrences(of:with:) for the patterns the product uses")
    func replacing() {
        let patterns: [(String, String)] = [("|", "\\|"), ("\r", " "), ("\n", " "), ("'", "''"), ("\"", "\"\""), ("baseline", "A"), (", now", ", B"), ("", "x")]
        for text in Self.texts {
            for (target, replacement) in patterns where !target.isEmpty {
                #expect(text.replacingText(target, with: replacement) == text.replacingOccurrences(of: target, with: replacement))
            }
        }
        #expect("abc".replacingText("", with: "x") == "abc")
        #expect("x\r\ny".replacingText("\r", with: " ") == "x \ny")  // inside a CR LF pair, as Foundation finds it
    }

    @Test("PathText gives NSString's path results")
    func paths() {
        // (path, deletingLastPathComponent, lastPathComponent, deletingPathExtension), as NSString
        // gives them (written out: Foundation's own code traps on some of these inputs on Linux).
        let cases: [(String, String, String, String)] = [
            ("", "", "", ""), ("a", "", "a", "a"), ("a/b", "a", "b", "a/b"), ("a/b/", "a", "b", "a/b"), ("/", "/", "/", "/"),
            ("/a", "/", "a", "/a"), ("/a/b.csv", "/a", "b.csv", "/a/b"), ("out/run.manifest.json", "out", "run.manifest.json", "out/run.manifest"),
            (".hidden", "", ".hidden", ".hidden"), ("dir/.hidden", "dir", ".hidden", "dir/.hidden"), ("a.b/c", "a.b", "c", "a.b/c"),
            ("./x.tar.gz", ".", "x.tar.gz", "./x.tar"),
        ]
        for (path, folder, last, stem) in cases {
            #expect(PathText.deletingLastComponent(path) == folder, "\(path)")
            #expect(PathText.lastComponent(path) == last, "\(path)")
            #expect(PathText.deletingExtension(path) == stem, "\(path)")
        }
        // Doubled slashes: compared with NSString itself (none of these traps). The folder and
        // the stem are standardised as Foundation standardises them.
        let doubled = [
            "ab//cd", "ab//cd/", "//ab", "//ab//cd//", "ab///cd", "out//sub/a.csv", "./ab//cd.csv", "ab//.csv", "ab/cd.csv//", "/ab//",
            "ab//cd.tar.gz", "runs//x/", "/tmp//in//hundred.csv", "ab//cd//", "ab/cd", "/ab/cd",
        ]
        for path in doubled {
            let ns = path as NSString
            #expect(PathText.deletingLastComponent(path) == ns.deletingLastPathComponent, "\(path)")
            #expect(PathText.lastComponent(path) == ns.lastPathComponent, "\(path)")
            #expect(PathText.deletingExtension(path) == ns.deletingPathExtension, "\(path)")
        }
        // Where PathText differs on purpose (PathText's documentation): one '/' between, and a
        // path of slashes is the root.
        #expect(PathText.appending("out//", "a.csv") == "out/a.csv")
        #expect(PathText.deletingLastComponent("//") == "/" && PathText.lastComponent("//") == "/")
        #expect(PathText.appending("out", "a.csv") == "out/a.csv")
        #expect(PathText.appending("out/", "a.csv") == "out/a.csv")
        #expect(PathText.appending("/", "a.csv") == "/a.csv")
        #expect(PathText.appending("", "a.csv") == "a.csv")
        #expect(PathText.appending("out", "sub/a.csv") == "out/sub/a.csv")
        #expect(PathText.isFolder("/") == true)
        #expect(PathText.isFolder("/proc/self/exe") == false)
        #expect(PathText.isFolder("/no/such/path/here") == nil)
    }

    @Test("ErrorReason names the system's reason under a file operation's error")
    func errorReason() {
        do {
            try FileManager.default.createDirectory(atPath: "/proc/no-such/x", withIntermediateDirectories: true)
            Issue.record("creating a folder under /proc succeeded")
        } catch {
            #expect(!ErrorReason.text(error).isEmpty)
            #expect(!ErrorReason.text(error).contains("CocoaError"))
        }
        #expect(ErrorReason.text(POSIXError(.ENOENT)) == "No such file or directory")
    }

    @Test("ErrorReason puts a CocoaError with no POSIX error under it into words")
    func errorReasonWithoutPOSIX() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-reason-\(getpid())").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/not-utf8.txt"
        #expect(FileManager.default.createFile(atPath: path, contents: Data([0x41, 0xC3, 0x28, 0x0A])))
        do {
            _ = try String(contentsOfFile: path, encoding: .utf8)
            Issue.record("a file that is not UTF-8 read as UTF-8")
        } catch {
            let text = ErrorReason.text(error)
            // Foundation reports it as a corrupt file (259) or a wrong encoding (261): words either way.
            #expect(text == "the file is corrupt or in an unknown format" || text.contains("encoding"), "\(text)")
            #expect(!text.contains("rawValue") && !text.hasPrefix("Cocoa error"), "\(text)")
        }
        #expect(ErrorReason.words(.fileReadNoSuchFile) == "No such file or directory")
        #expect(ErrorReason.words(.fileWriteNoPermission) == "Permission denied")
        #expect(ErrorReason.words(CocoaError.Code(rawValue: 99_999)) == "Cocoa error 99999")
    }

    @Test("InkLock excludes: concurrent increments all land")
    func lock() async {
        final class Counter: @unchecked Sendable {
            let lock = InkLock()
            var value = 0
        }
        let counter = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask { for _ in 0..<10_000 { counter.lock.withLock { counter.value += 1 } } }
            }
        }
        #expect(counter.value == 80_000)
    }
}
