/// The `skipped:` notices of a command's inputs, with files skipped for the same reason
/// summarised in one line: `skipped 24 files: REASON (first.txt, second.txt and 22 more)`.
///
/// ```swift
/// for line in SkipSummary.lines(inputs.skipped) { Console.note(line) }
/// ```
enum SkipSummary {
    /// How many file names a summary line lists before "and N more".
    static let namesShown = 2

    /// One line per distinct reason, in first-seen order. A skip line is `PATH: REASON` or
    /// `PATH:LINE: REASON`; the reason is what follows the path's `: `. A reason given once
    /// keeps its own line as it was. `context` names which inputs were skipped, after
    /// `skipped` (`skipped (--test): ...`, `skipped 24 files (--test): ...`).
    static func lines(_ skipped: [String], context: String? = nil) -> [String] {
        let tag = context.map { " (\($0))" } ?? ""
        var order: [String] = []
        var files: [String: [String]] = [:]
        var whole: [String: String] = [:]
        for line in skipped {
            let (path, reason) = split(line)
            if files[reason] == nil { order.append(reason); whole[reason] = line }
            files[reason, default: []].append(path)
        }
        return order.map { reason in
            let paths = files[reason] ?? []
            guard paths.count > 1 else { return "skipped\(tag): " + (whole[reason] ?? reason) }
            let names = paths.prefix(namesShown).map { $0.split(separator: "/").last.map(String.init) ?? $0 }
            let more = paths.count > namesShown ? " and \(paths.count - namesShown) more" : ""
            return "skipped \(paths.count) files\(tag): \(reason) (\(names.joined(separator: ", "))\(more))"
        }
    }

    /// The path and the reason of a skip line (the path ends at the first `: ` after which the
    /// text no longer continues the path with `:LINE`).
    static func split(_ line: String) -> (path: String, reason: String) {
        guard let r = line.firstRange(of: ": ") else { return (line, line) }
        var path = String(line[..<r.lowerBound])
        // `file.txt:98: reason`: the line number belongs to the path.
        if let colon = path.lastIndex(of: ":"), path[path.index(after: colon)...].allSatisfy(\.isNumber), path.index(after: colon) < path.endIndex {
            path = String(path[..<colon])
        }
        return (path, String(line[r.upperBound...]))
    }
}
