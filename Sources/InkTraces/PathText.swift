#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path text without Foundation's `NSString` (the product links FoundationEssentials only):
/// the same results as `NSString`'s path methods for the paths InkBench builds (`/`-separated,
/// no `~`).
///
/// ```swift
/// PathText.appending("out", "report.md")      // "out/report.md"
/// PathText.deletingLastComponent("out/a.csv") // "out"
/// PathText.lastComponent("out/a.csv")         // "a.csv"
/// ```
package enum PathText {
    /// `path` with trailing slashes removed (the root `/` stays).
    static func trimmed(_ path: String) -> Substring {
        var s = Substring(path)
        while s.count > 1 && s.last == "/" { s = s.dropLast() }
        return s
    }

    /// `component` appended to `path` with one `/` between (`NSString.appendingPathComponent`).
    package static func appending(_ path: String, _ component: String) -> String {
        if path.isEmpty { return component }
        if component.isEmpty { return String(trimmed(path)) }
        let head = trimmed(path)
        return head == "/" ? "/" + component : head + "/" + component
    }

    /// `path` without its last component (`NSString.deletingLastPathComponent`): `"a/b"` gives
    /// `"a"`, `"a"` gives `""`, `"/a"` gives `"/"`.
    package static func deletingLastComponent(_ path: String) -> String {
        let s = trimmed(path)
        guard let slash = s.lastIndex(of: "/") else { return "" }
        if slash == s.startIndex { return "/" }
        return String(s[..<slash])
    }

    /// The last component of `path` (`NSString.lastPathComponent`): `"a/b/"` gives `"b"`.
    package static func lastComponent(_ path: String) -> String {
        let s = trimmed(path)
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    /// `path` without the extension of its last component (`NSString.deletingPathExtension`):
    /// `"a/b.csv"` gives `"a/b"`; a name that only starts with a dot keeps it.
    package static func deletingExtension(_ path: String) -> String {
        let s = trimmed(path)
        let nameStart = s.lastIndex(of: "/").map { s.index(after: $0) } ?? s.startIndex
        guard let dot = s[nameStart...].lastIndex(of: "."), dot != nameStart else { return String(s) }
        return String(s[..<dot])
    }

    /// Whether `path` names a folder (`true`), another kind of file (`false`), or nothing that
    /// can be looked at (`nil`); symbolic links are followed.
    package static func isFolder(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}
