/// One section of a recordings manifest: a glob and the settings for the files it matches.
///
/// ```swift
/// let entry = ManifestEntry(glob: Glob("*.svc"), line: 3, scaleUnitsPerMM: 200)
/// ```
public struct ManifestEntry: Sendable, Equatable {
    /// Which files the entry is for.
    public var glob: Glob
    /// The line of its `[glob]` header, for messages.
    public var line: Int
    /// The format to read the files as.
    public var format: TraceFormat?
    /// File units per mm (see ``TraceFormat/scaleMeaning``).
    public var scaleUnitsPerMM: Double?
    /// File units per mm on the y axis (`scale_y`), when it differs from x (`scale_x`).
    public var scaleYUnitsPerMM: Double?
    /// Seconds per unit of the file's time values.
    public var timeUnitSeconds: Double?
    /// Whether the file's y axis points up.
    public var yAxisUp: Bool?
    /// Whether hover motion becomes strokes of its own.
    public var includeHover: Bool?
    /// The raw value of full pressure.
    public var pressureMax: Double?
    /// Why the files are not recordings to replay (`skip = reason`).
    public var skipReason: String?
    /// Free text for people (`note = ...`), not used by the reader.
    public var notes: [String]
    /// The device the files were recorded on (`device = ...`): names the trace's device,
    /// over what the reader reports (`bench tune --split device` leaves one device out at a time).
    public var device: String?

    public init(
        glob: Glob, line: Int, format: TraceFormat? = nil, scaleUnitsPerMM: Double? = nil,
        timeUnitSeconds: Double? = nil, yAxisUp: Bool? = nil, includeHover: Bool? = nil,
        pressureMax: Double? = nil, skipReason: String? = nil, notes: [String] = []
    ) {
        self.glob = glob
        self.line = line
        self.format = format
        self.scaleUnitsPerMM = scaleUnitsPerMM
        self.timeUnitSeconds = timeUnitSeconds
        self.yAxisUp = yAxisUp
        self.includeHover = includeHover
        self.pressureMax = pressureMax
        self.skipReason = skipReason
        self.notes = notes
    }
}
