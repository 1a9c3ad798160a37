import InkTraces

/// A `--scale 'GLOB=VALUE'` rule: the files matching GLOB have VALUE file units per mm
/// (device units, tablet units or px, by format; see ``TraceFormat/scaleMeaning``), or
/// `GLOB=SX,SY` for different units per mm on x and y. A bare VALUE applies to every file.
///
/// ```swift
/// let rule = try ScaleRule(parsing: "*.svc=200")
/// rule.glob.matches(path: "a/b.svc")   // true
/// rule.unitsPerMM                       // 200
/// ```
public struct ScaleRule: Sendable, Equatable {
    /// Which files the rule is for.
    public var glob: Glob
    /// File units per millimetre (on x, and on y unless ``yUnitsPerMM`` is set).
    public var unitsPerMM: Double
    /// File units per millimetre on y when it differs from x (`GLOB=SX,SY`).
    public var yUnitsPerMM: Double?
    /// The text given, for notices.
    public var text: String

    public init(glob: Glob, unitsPerMM: Double, text: String) {
        self.glob = glob
        self.unitsPerMM = unitsPerMM
        self.text = text
    }

    /// Parses `GLOB=VALUE` (split at the last `=`) or a bare `VALUE`.
    ///
    /// - Throws: ``ImportError`` (file `--scale`) saying what was expected.
    public init(parsing text: String) throws(ImportError) {
        let globText: String, valueText: String
        if let eq = text.lastIndex(of: "=") {
            globText = String(text[..<eq])
            valueText = String(text[text.index(after: eq)...])
        } else {
            globText = "**"
            valueText = text
        }
        guard !globText.isEmpty else {
            throw ImportError(file: "--scale", "'\(text)' has an empty glob; expected 'GLOB=UNITS_PER_MM', e.g. '*.svc=200'")
        }
        let parts = valueText.split(separator: ",", omittingEmptySubsequences: false)
        var values: [Double] = []
        for part in parts {
            guard parts.count <= 2, let v = TextLines.number(Substring(String(part).trimmingScalars { $0 == " " })),
                InputLimits.unitsPerMM.contains(v)
            else {
                throw ImportError(
                    file: "--scale",
                    "'\(text)': '\(valueText)' is not a number \(InputLimits.describe(InputLimits.unitsPerMM)) or a pair SX,SY; expected 'GLOB=UNITS_PER_MM' or 'GLOB=SX,SY' (file units per mm), e.g. '*.svc=200'")
            }
            values.append(v)
        }
        self.init(glob: Glob(globText), unitsPerMM: values[0], text: text)
        if values.count == 2 { yUnitsPerMM = values[1] }
    }
}
