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
    /// Applies what a manifest entry sets (scale, time unit, y axis, hover, pressure range) and
    /// returns the format it names, if any; `source` names the manifest in notices.
    ///
    /// ```swift
    /// var options = ImportOptions()
    /// let format = options.apply(entry, source: "Datasets/datasets-raw.manifest")
    /// ```
    public mutating func apply(_ entry: ManifestEntry, source: String) -> TraceFormat? {
        if let v = entry.scaleUnitsPerMM {
            scaleUnitsPerMM = v
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
