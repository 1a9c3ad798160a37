/// A file-name pattern as used by `--scale 'GLOB=VALUE'` and manifest sections.
///
/// `*` matches any run of characters except `/`, `?` one character except `/`, `**` any run
/// including `/` (so `**/` also matches no folder at all). A pattern without `/` is matched
/// against the file's name only; one with `/` against its path relative to the folder the
/// rule describes, or against the trailing components of the path as given (so
/// `google-ink-stylus/*.binarypb` also matches `Datasets/recordings/google-ink-stylus/a.binarypb`).
///
/// ```swift
/// Glob("*.svc").matches(path: "bdalab/svc_data/signal.svc")             // true (name only)
/// Glob("evemu-sample/**/*.events").matches(path: "evemu-sample/tablets/a.events")   // true
/// ```
public struct Glob: Sendable, Equatable, CustomStringConvertible {
    /// The pattern text.
    public let pattern: String
    private let chars: [Character]
    private let matchesNameOnly: Bool

    public init(_ pattern: String) {
        self.pattern = pattern
        var p = pattern
        while p.hasPrefix("./") { p.removeFirst(2) }
        chars = Array(p)
        matchesNameOnly = !p.contains("/")
    }

    public var description: String { pattern }

    /// Whether the pattern matches `path` (a relative path with `/` separators).
    public func matches(path: String) -> Bool {
        var subject = path
        while subject.hasPrefix("./") { subject.removeFirst(2) }
        if matchesNameOnly, let slash = subject.lastIndex(of: "/") {
            subject = String(subject[subject.index(after: slash)...])
        }
        let s = Array(subject)
        if Glob.match(chars, s) { return true }
        if matchesNameOnly { return false }
        // A relative pattern also matches the trailing components of a longer path.
        for i in s.indices where s[i] == "/" && i + 1 < s.count {
            if Glob.match(chars, Array(s[(i + 1)...])) { return true }
        }
        return false
    }

    /// Dynamic-programming match, O(pattern × subject).
    static func match(_ p: [Character], _ s: [Character]) -> Bool {
        // ok[j] = pattern prefix consumed so far matches s[0..<j]
        var ok = [Bool](repeating: false, count: s.count + 1)
        ok[0] = true
        var i = 0
        while i < p.count {
            var next = [Bool](repeating: false, count: s.count + 1)
            if p[i] == "*" {
                let double = i + 1 < p.count && p[i + 1] == "*"
                if double {
                    let slashAfter = i + 2 < p.count && p[i + 2] == "/"
                    var reach = false
                    for j in 0...s.count {
                        if slashAfter {
                            // `**/`: no folder at all, or any run ending in `/`.
                            next[j] = ok[j] || (j > 0 && s[j - 1] == "/" && reach)
                            if ok[j] { reach = true }
                        } else {
                            if ok[j] { reach = true }
                            next[j] = reach
                        }
                    }
                    i += slashAfter ? 3 : 2
                } else {
                    var reach = false
                    for j in 0...s.count {
                        if ok[j] { reach = true }
                        next[j] = reach
                        if j < s.count && s[j] == "/" { reach = false }
                    }
                    i += 1
                }
            } else {
                for j in 0..<s.count where ok[j] {
                    if (p[i] == "?" && s[j] != "/") || p[i] == s[j] { next[j + 1] = true }
                }
                i += 1
            }
            ok = next
        }
        return ok[s.count]
    }
}
