#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkTraces

/// A recordings manifest: per file or glob, the format, scale, time unit and notes that the
/// files themselves do not say. `bench --traces DIR` picks up `DIR/inkbench.manifest` (and one
/// in any subfolder, for the files under it); `--manifest FILE` applies a manifest kept
/// elsewhere to every `--traces` folder.
///
/// ```
/// # Comments start with '#'. Sections are globs, matched against the path relative to the
/// # folder the manifest describes ('*' stays within a folder, '**' crosses folders; a glob
/// # without '/' matches the file name). Every matching section applies, later ones win.
/// [svc_data/jack_*.svc]
/// format = svc
/// scale = 200            # units per mm (5080 lpi); scale_x and scale_y when the axes differ
/// time_unit = ms         # s, ms, us, or seconds per unit
/// y_axis = up            # up or down
/// hover = include        # include or exclude
/// pressure_max = 32767   # raw value of full pressure
/// device = Wacom Intuos4 # the recording device (bench tune --split device)
/// note = raw tablet units
///
/// [json_data/*.json]
/// skip = BDALab's own JSON layout, not a pen format
/// ```
///
/// ```swift
/// let manifest = try RecordingManifest.load(path: "Datasets/recordings.manifest")
/// let options = manifest.settings(forRelativePath: "svc_data/jack_1.svc")
/// ```
public struct RecordingManifest: Sendable, Equatable {
    /// The file name `bench --traces DIR` looks for in DIR and its subfolders.
    public static let fileName = "inkbench.manifest"

    /// The manifest's path, for messages.
    public var path: String
    /// Its sections, in file order.
    public var entries: [ManifestEntry]

    public init(path: String, entries: [ManifestEntry]) {
        self.path = path
        self.entries = entries
    }

    /// Reads a manifest file.
    ///
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func load(path: String) throws(ImportError) -> RecordingManifest {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ImportError(file: path, "cannot read the manifest; expected a readable file")
        }
        return try parse([UInt8](data), path: path)
    }

    /// Parses manifest text.
    public static func parse(_ bytes: [UInt8], path: String) throws(ImportError) -> RecordingManifest {
        let text = try TextLines(bytes: bytes, file: path)
        var entries: [ManifestEntry] = []
        for (n, raw) in text.numbered {
            let line = TraceCSVReader.trim(raw)
            if line.isEmpty || line.first == "#" || line.first == ";" { continue }
            if line.first == "[" {
                guard line.last == "]", line.count > 2 else {
                    throw .at(path, line: n, "'\(line.prefix(60))' is not a section; expected [glob]")
                }
                entries.append(ManifestEntry(glob: Glob(String(line.dropFirst().dropLast())), line: n))
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                throw .at(path, line: n, "'\(line.prefix(60))' is neither a [glob] section nor a setting; expected [glob] or key = value")
            }
            guard !entries.isEmpty else {
                throw .at(path, line: n, "a setting before any [glob] section; expected a section first")
            }
            let key = String(TraceCSVReader.trim(line[..<eq])).lowercased()
            var value = line[line.index(after: eq)...]
            if key != "note" && key != "notes" && key != "skip", let hash = value.firstIndex(of: "#") { value = value[..<hash] }
            let v = String(TraceCSVReader.trim(value))
            var entry = entries[entries.count - 1]
            switch key {
            case "format":
                guard let f = TraceFormat(name: v) else {
                    throw .at(path, line: n, "format '\(v)' is unknown; expected one of \(TraceFormat.namesList)")
                }
                entry.format = f
            case "scale", "scale_x", "scale_y":
                guard let s = TextLines.number(Substring(v)), InputLimits.unitsPerMM.contains(s) else {
                    throw .at(
                        path, line: n,
                        "\(key) '\(v.prefix(40))' is invalid; expected a number of file units per mm \(InputLimits.describe(InputLimits.unitsPerMM))")
                }
                if key != "scale_y" { entry.scaleUnitsPerMM = s }
                if key == "scale" { entry.scaleYUnitsPerMM = nil } else if key == "scale_y" { entry.scaleYUnitsPerMM = s }
            case "time_unit":
                guard let u = RecordingManifest.timeUnit(v), InputLimits.timeUnitS.contains(u) else {
                    throw .at(
                        path, line: n,
                        "time_unit '\(v.prefix(40))' is invalid; expected s, ms, us, ns or a number of seconds per unit \(InputLimits.describe(InputLimits.timeUnitS))")
                }
                entry.timeUnitSeconds = u
            case "y_axis":
                guard v == "up" || v == "down" else { throw .at(path, line: n, "y_axis '\(v)' is invalid; expected up or down") }
                entry.yAxisUp = v == "up"
            case "hover":
                guard v == "include" || v == "exclude" else { throw .at(path, line: n, "hover '\(v)' is invalid; expected include or exclude") }
                entry.includeHover = v == "include"
            case "pressure_max":
                guard let p = TextLines.number(Substring(v)), p > 0 else {
                    throw .at(path, line: n, "pressure_max '\(v)' is invalid; expected a positive number")
                }
                entry.pressureMax = p
            case "skip":
                entry.skipReason = v.isEmpty ? "skipped by the manifest" : v
            case "device":
                guard !v.isEmpty else { throw .at(path, line: n, "device is empty; expected the name of the recording device") }
                entry.device = String(v)
            case "note", "notes":
                entry.notes.append(v)
            default:
                throw .at(
                    path, line: n,
                    "unknown key '\(key)'; expected format, scale, scale_x, scale_y, time_unit, y_axis, hover, pressure_max, device, skip or note")
            }
            entries[entries.count - 1] = entry
        }
        return RecordingManifest(path: path, entries: entries)
    }

    /// Seconds per unit for `s`, `ms`, `us` (or `µs`), or a positive number.
    public static func timeUnit(_ text: String) -> Double? {
        switch text {
        case "s": return 1
        case "ms": return 0.001
        case "us", "µs": return 0.000_001
        case "ns": return 0.000_000_001
        default:
            guard let v = TextLines.number(Substring(text)), v > 0 else { return nil }
            return v
        }
    }

    /// The entries matching a file, in order: `relativePath` is the path relative to the folder
    /// the manifest describes; `givenPath` the path as given on the command line.
    public func entries(forRelativePath relativePath: String, givenPath: String? = nil) -> [ManifestEntry] {
        entries.filter { e in e.glob.matches(path: relativePath) || (givenPath.map { e.glob.matches(path: $0) } ?? false) }
    }
}
