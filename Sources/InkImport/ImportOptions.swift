import InkTraces

/// How to read one file: its scale, time unit and reader switches, from `--scale`, a
/// manifest, or code.
///
/// Every reader converts to InkBench's convention: seconds, millimetres, x to the right,
/// y downwards.
///
/// ```swift
/// var options = ImportOptions()
/// options.scaleUnitsPerMM = 200          // 5080 lpi tablet units
/// options.timeUnitSeconds = 0.001        // timestamps in ms
/// let trace = try SVCReader.read(data, file: "pen.svc", options: options)
/// ```
public struct ImportOptions: Sendable, Equatable {
    /// File units per millimetre (device units, tablet units or px, by format); `nil` means the
    /// format's own (axis resolution for evemu, 96 px/inch for Pointer Events, 1 for the trace CSV).
    public var scaleUnitsPerMM: Double?
    /// File units per millimetre on the y axis when it differs from x (a panel of equal unit
    /// counts over unequal sides: manifest `scale_y`, `--scale 'GLOB=SX,SY'`); `nil` means
    /// ``scaleUnitsPerMM`` on both axes.
    public var scaleYUnitsPerMM: Double?
    /// Seconds per unit of the file's time column; `nil` means the format's own
    /// (SVC: 0.001, Pointer Events: 0.001).
    public var timeUnitSeconds: Double?
    /// Whether the file's y axis points up (it is then negated to InkBench's y-down);
    /// `nil` means the format's own convention (SVC: up, others: down).
    public var yAxisUp: Bool?
    /// Also turn pen motion in proximity but off the surface into strokes of their own (evemu, SVC, Pointer Events).
    public var includeHover: Bool
    /// The raw pressure value that means full pressure; `nil` means the format's own
    /// (evemu: the axis maximum; SVC: values already in 0...1 are kept, others dropped with a notice).
    public var pressureMax: Double?
    /// Where the scale came from, for notices (`--scale 'x=1'`, `manifest line 4`).
    public var scaleSource: String?
    /// The recording device a manifest names (`device = ...`); set on the trace over the reader's.
    public var device: String?
    /// Refuse a file the plausibility check finds implausible (``Plausibility``) instead of
    /// warning in its notices (`--strict`).
    public var strict = false
    /// How many threads one file's reader may use (the trace CSV reader parses a large file's
    /// rows in chunks side by side); the trace is the same, to the bit, for any value.
    /// ``RecordingLoader`` sets it from its own ``RecordingLoader/jobs`` when it reads fewer
    /// files than it has threads.
    public var jobs = 1

    public init(
        scaleUnitsPerMM: Double? = nil, timeUnitSeconds: Double? = nil, yAxisUp: Bool? = nil,
        includeHover: Bool = false, pressureMax: Double? = nil, scaleSource: String? = nil
    ) {
        self.scaleUnitsPerMM = scaleUnitsPerMM
        self.timeUnitSeconds = timeUnitSeconds
        self.yAxisUp = yAxisUp
        self.includeHover = includeHover
        self.pressureMax = pressureMax
        self.scaleSource = scaleSource
    }
}

extension ImportOptions {
    /// Throws an ``ImportError`` naming `file` and the setting when the scale, the time unit or
    /// the full-pressure value is outside ``/InkTraces/InputLimits`` (every reader calls this first).
    public func validate(file: String) throws(ImportError) {
        if let s = scaleYUnitsPerMM, !(s.isFinite && InputLimits.unitsPerMM.contains(s)) {
            throw ImportError(
                file: file,
                "y scale \(s) (from \(scaleSource ?? "the options")) is outside the accepted range; expected \(InputLimits.describe(InputLimits.unitsPerMM)) file units per mm")
        }
        if scaleYUnitsPerMM != nil && scaleUnitsPerMM == nil {
            throw ImportError(file: file, "a y scale (scale_y) without an x scale; expected scale_x (or scale) as well")
        }
        if let s = scaleUnitsPerMM, !(s.isFinite && InputLimits.unitsPerMM.contains(s)) {
            throw ImportError(
                file: file,
                "scale \(s) (from \(scaleSource ?? "the options")) is outside the accepted range; expected \(InputLimits.describe(InputLimits.unitsPerMM)) file units per mm")
        }
        if let u = timeUnitSeconds, !(u.isFinite && InputLimits.timeUnitS.contains(u)) {
            throw ImportError(
                file: file,
                "time unit \(u) s is outside the accepted range; expected \(InputLimits.describe(InputLimits.timeUnitS)) seconds per unit")
        }
        if let p = pressureMax, !(p.isFinite && p > 0 && p <= 1e12) {
            throw ImportError(file: file, "pressure_max \(p) is outside the accepted range; expected a number from above 0 to 1e12")
        }
    }

    /// The scale of a format whose files do not record their units (SVC, MobileHCI, MyPaint,
    /// Curious, Google Ink): ``scaleUnitsPerMM``, or the one error every such reader gives when
    /// it is missing: "WHY, and no scale was given; expected a scale in UNITS (--scale
    /// 'GLOB=EXAMPLE')[, or ALTERNATIVE]", which a folder run reports as a "no scale" skip.
    ///
    /// - Parameters:
    ///   - file: the file, for the error.
    ///   - why: what the format's files are in and what they lack ("SVC files do not carry their units").
    ///   - units: what the scale counts ("tablet units per mm").
    ///   - example: a typical value and what it stands for ("200' for 5080 lpi, 1 for files already in mm").
    ///   - alternative: another way to go, if any ("use 'bench horizon', which scores them in px").
    /// - Returns: the scale, finite and positive.
    package func requiredScale(file: String, why: String, units: String, example: String, alternative: String? = nil) throws(ImportError) -> Double {
        guard let scale = scaleUnitsPerMM else {
            let or = alternative.map { ", or \($0)" } ?? ""
            throw ImportError(file: file, "\(why), and no scale was given; expected a scale in \(units) (--scale 'GLOB=\(example))\(or)")
        }
        guard scale.isFinite, scale > 0 else { throw ImportError(file: file, "scale \(scale) is invalid; expected a positive number of \(units)") }
        return scale
    }

    /// The y axis's units per mm: ``scaleYUnitsPerMM``, else ``scaleUnitsPerMM``.
    public var yScaleUnitsPerMM: Double? { scaleYUnitsPerMM ?? scaleUnitsPerMM }

    /// The scale for notices: `200` or `16.4 x 25.6` (x by y units per mm).
    public var scaleDescription: String {
        guard let x = scaleUnitsPerMM else { return "none" }
        guard let y = scaleYUnitsPerMM, y != x else { return "\(x)" }
        return "\(x) x \(y)"
    }

    /// Applies what a manifest entry sets (scale, time unit, y axis, hover, pressure range) and
    /// returns the format it names, if any; `source` names the manifest in notices.
    ///
    /// ```swift
    /// var options = ImportOptions()
    /// let format = options.apply(entry, source: "Datasets/recordings.manifest")
    /// ```
    public mutating func apply(_ entry: ManifestEntry, source: String) -> TraceFormat? {
        if let v = entry.scaleUnitsPerMM {
            scaleUnitsPerMM = v
            scaleYUnitsPerMM = entry.scaleYUnitsPerMM
            scaleSource = "\(source) line \(entry.line)"
        } else if let v = entry.scaleYUnitsPerMM {
            scaleYUnitsPerMM = v
            scaleSource = "\(source) line \(entry.line)"
        }
        if let v = entry.timeUnitSeconds { timeUnitSeconds = v }
        if let v = entry.yAxisUp { yAxisUp = v }
        if let v = entry.includeHover { includeHover = v }
        if let v = entry.pressureMax { pressureMax = v }
        if let v = entry.device { device = v }
        return entry.format
    }
}
