/// "Did you mean" for names a user types: strategies, figures, presets, suites, subcommands.
///
/// ```swift
/// Spelling.suggestion(for: "kalman-chromuim", among: ["linear", "kalman", "kalman-chromium"])  // "kalman-chromium"
/// Spelling.didYouMean("kalmn", among: ["kalman"])   // " (did you mean 'kalman'?)"
/// ```
package enum Spelling {
    /// The known name nearest to `typed` (case-insensitive edit distance: insertions,
    /// deletions, substitutions and swaps of neighbours), when it is within a third of the
    /// longer name's length (at least 1, at most 3 edits); or a known name `typed` is a prefix
    /// of (3 characters or more) when only one is. `nil` when nothing is close or `typed` is known.
    package static func suggestion(for typed: String, among names: [String]) -> String? {
        guard !typed.isEmpty, !names.contains(typed) else { return nil }
        let t = Array(typed.lowercased())
        var best: (name: String, distance: Int)?
        for name in names {
            let n = Array(name.lowercased())
            let d = distance(t, n)
            let allowed = min(3, max(1, max(t.count, n.count) / 3))
            if d <= allowed, best.map({ d < $0.distance }) ?? true { best = (name, d) }
        }
        if let best { return best.name }
        let prefixed = names.filter { typed.count >= 3 && $0.lowercased().hasPrefix(typed.lowercased()) }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// ` (did you mean 'NAME'?)` for ``suggestion(for:among:)``, or an empty string.
    package static func didYouMean(_ typed: String, among names: [String]) -> String {
        suggestion(for: typed, among: names).map { " (did you mean '\($0)'?)" } ?? ""
    }

    /// Optimal-string-alignment distance between two character arrays.
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
