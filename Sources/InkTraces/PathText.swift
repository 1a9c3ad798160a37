#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Path text without Foundation's `NSString` (the product links FoundationEssentials only):
/// the same results as `NSString`'s path methods for `/`-separated paths without `~`,
/// doubled slashes included: ``deletingLastComponent(_:)`` and ``deletingExtension(_:)`` make
/// each run of `/` one, as Foundation does (`out//runs/a.csv` is in the folder `out/runs`).
///
/// Where it differs on purpose: ``appending(_:_:)`` always puts one `/` between (Foundation on
/// Linux keeps a path's trailing `//`: `out//` and `a.csv` give `out//a.csv`; here `out/a.csv`,
/// as on Darwin); a path of only slashes (`//`) is the root `/` (Foundation on Linux gives ""
/// for its folder, name and stem; Darwin `/`). Foundation 6.3's
/// `deletingLastPathComponent` traps on a one-character path such as `a` or `a/`; here `""`.
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

    /// `text` with each run of `/` made one.
    static func singleSlashes(_ text: Substring) -> String {
        var out = String.UnicodeScalarView()
        var afterSlash = false
        for c in text.unicodeScalars {
            if c == "/" && afterSlash { continue }
            afterSlash = c == "/"
            out.append(c)
        }
        return String(out)
    }

    /// `path` without its last component (`NSString.deletingLastPathComponent`), runs of `/`
    /// made one: `"a/b"` and `"a//b"` give `"a"`, `"a"` gives `""`, `"/a"` and `"//a"` give `"/"`.
    package static func deletingLastComponent(_ path: String) -> String {
        let s = trimmed(path)
        guard let slash = s.lastIndex(of: "/") else { return "" }
        if slash == s.startIndex { return "/" }
        return String(trimmed(singleSlashes(s[..<slash])))
    }

    /// The last component of `path` (`NSString.lastPathComponent`): `"a/b/"` gives `"b"`.
    package static func lastComponent(_ path: String) -> String {
        let s = trimmed(path)
        if s == "/" { return "/" }
        guard let slash = s.lastIndex(of: "/") else { return String(s) }
        return String(s[s.index(after: slash)...])
    }

    /// `path` without the extension of its last component (`NSString.deletingPathExtension`),
    /// runs of `/` made one: `"a/b.csv"` and `"a//b.csv"` give `"a/b"`; a name that only starts
    /// with a dot keeps it.
    package static func deletingExtension(_ path: String) -> String {
        let s = trimmed(path)
        let nameStart = s.lastIndex(of: "/").map { s.index(after: $0) } ?? s.startIndex
        guard let dot = s[nameStart...].lastIndex(of: "."), dot != nameStart else { return singleSlashes(s) }
        return singleSlashes(s[..<dot])
    }

    /// Whether `path` names a folder (`true`), another kind of file (`false`), or nothing that
    /// can be looked at (`nil`); symbolic links are followed.
    package static func isFolder(_ path: String) -> Bool? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return info.st_mode & S_IFMT == S_IFDIR
    }
}
