import Foundation
@testable import InkBenchKit
import InkTestSupport
@testable import InkOutput
@testable import InkReport
import Testing

/// Issue 28, the part of a run outside replay and scoring: the manifest's commit from one
/// `git status` started with `posix_spawn`, and the report's HTML escaping on bytes. Each
/// test compares the fast path with what the code before it did.
@Suite("Start-up and wrap-up of a run")
struct StartupPathTests {
    @Test
    func porcelainGivesCommitAndState() throws {
        let oid = "7a495d56e92b139cbd987f09a431136b9d5c86df"
        let clean = try #require(GitInfo(porcelain: "# branch.oid \(oid)\n# branch.head main\n"))
        #expect(clean == GitInfo(commit: oid, dirty: false))
        let modified = "# branch.oid \(oid)\n# branch.head main\n1 .M N... 100644 100644 100644 a b Sources/x.swift\n"
        #expect(GitInfo(porcelain: modified) == GitInfo(commit: oid, dirty: true))
        let renamed = "# branch.oid \(oid)\n# branch.head (detached)\n2 R. N... 100644 100644 100644 a b R100 new\told\n"
        #expect(GitInfo(porcelain: renamed)?.dirty == true)
        #expect(GitInfo(porcelain: "# branch.oid (initial)\n# branch.head main\n") == nil)
        #expect(GitInfo(porcelain: "") == nil)
    }

    /// Against `git rev-parse HEAD` and `git diff --quiet HEAD --` (the two processes the
    /// lookup replaced) in a repository made here: clean, a file changed, the change staged,
    /// an untracked file only.
    @Test(.enabled(if: Requirement.git.isMetOrRequired, Requirement.git.reason))
    func statusAgreesWithRevParseAndDiff() throws {
        _ = try Requirement.git.path()
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-git-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        func git(_ arguments: [String]) throws -> (Int32, String) {
            try #require(GitInfo.git(["-C", dir, "-c", "user.name=InkBench", "-c", "user.email=inkbench@example.invalid", "-c", "commit.gpgsign=false"] + arguments))
        }
        func lookUp() throws -> GitInfo? {
            let (status, out) = try git(["--no-optional-locks", "status", "--porcelain=v2", "--branch", "--untracked-files=no"])
            #expect(status == 0)
            return GitInfo(porcelain: out)
        }
        func expected() throws -> GitInfo {
            let head = try git(["rev-parse", "HEAD"]).1.trimmingCharacters(in: .whitespacesAndNewlines)
            return GitInfo(commit: head, dirty: try git(["diff", "--quiet", "HEAD", "--"]).0 != 0)
        }
        #expect(try git(["init", "-q"]).0 == 0)
        #expect(try lookUp() == nil)  // no commit yet
        try "one\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        #expect(try git(["add", "a.txt"]).0 == 0)
        #expect(try git(["commit", "-q", "-m", "one"]).0 == 0)
        #expect(try lookUp() == expected())
        #expect(try lookUp()?.dirty == false)
        try "untracked\n".write(toFile: dir + "/b.txt", atomically: true, encoding: .utf8)
        #expect(try lookUp() == expected())
        #expect(try lookUp()?.dirty == false)
        try "two\n".write(toFile: dir + "/a.txt", atomically: true, encoding: .utf8)
        #expect(try lookUp() == expected())
        #expect(try lookUp()?.dirty == true)
        #expect(try git(["add", "a.txt"]).0 == 0)
        #expect(try lookUp() == expected())
        #expect(try lookUp()?.dirty == true)
        #expect(GitInfo.git(["-C", dir + "/missing", "status"])?.0 != 0)
    }

    /// The stale-sibling listing (`readdir`, bytes) against `FileManager`'s listing filtered by
    /// prefix, in a folder of many names: shorter than the prefixes, equal to one, non-ASCII,
    /// a prefix's prefix.
    @Test
    func prefixListingMatchesFileManager() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-names-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        var names = [".r", ".re", ".results.staging", ".results.staging-", ".results.staging-12", ".results.old-7", "results", ".results.stagin-1", "é.results.staging-3", ".results.staging-été"]
        names += (0..<300).map { "entry-\($0)" } + (0..<5).map { ".results.staging-\(1000 + $0)" }
        for name in names { #expect(FileManager.default.createFile(atPath: dir + "/" + name, contents: nil)) }
        try FileManager.default.createDirectory(atPath: dir + "/.results.old-99", withIntermediateDirectories: false)
        let prefixes = [".results.staging-", ".results.old-"]
        let expected = try FileManager.default.contentsOfDirectory(atPath: dir).filter { n in prefixes.contains { n.hasPrefix($0) } }
        let listed = try #require(RunFolder.names(in: dir, startingWith: prefixes))
        #expect(listed.sorted() == expected.sorted())
        #expect(listed.count == 10)
        #expect(RunFolder.names(in: dir + "/missing", startingWith: prefixes) == nil)
    }

    /// The byte escaping against the Foundation replacement it replaced, on random text of
    /// the characters that matter (and multi-byte ones).
    @Test
    func htmlEscapingMatchesTheReplacements() {
        func oldEscape(_ s: String) -> String {
            s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
                .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        func oldInline(_ s: String) -> String {
            var out = ""
            var code = false, bold = false
            let chars = Array(oldEscape(s))
            var i = 0
            while i < chars.count {
                if chars[i] == "`" { out += code ? "</code>" : "<code>"; code.toggle() }
                else if chars[i] == "*", i + 1 < chars.count, chars[i + 1] == "*" { out += bold ? "</strong>" : "<strong>"; bold.toggle(); i += 1 }
                else { out.append(chars[i]) }
                i += 1
            }
            return out
        }
        let alphabet: [Character] = ["&", "<", ">", "\"", "`", "*", "a", "Z", " ", "é", "–", "≤", "|", ";", "1"]
        var state: UInt64 = 28  // SplitMix64, seeded: the same strings every run
        func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
        for _ in 0..<2_000 {
            let s = String((0..<next(25)).map { _ in alphabet[next(alphabet.count)] })
            #expect(Report.htmlEscape(s) == oldEscape(s), "\(s)")
            #expect(Report.htmlInline(s) == oldInline(s), "\(s)")
        }
    }
}
