/// A recording format InkBench reads.
///
/// ```swift
/// TraceFormat(name: "evemu")              // .evemu
/// TraceFormat.evemu.fileExtensions        // ["events", "evemu"]
/// ```
public enum TraceFormat: String, Sendable, Hashable, CaseIterable {
    /// InkBench's own trace CSV (`t_s,x_mm,y_mm,stroke,...`), see ``TraceCSVReader``.
    case traceCSV = "csv"
    /// Linux evdev recordings made with `evemu-record`, see ``EvemuReader``.
    case evemu
    /// SVC tablet handwriting text (`x y timestamp pen_status azimuth altitude pressure`), see ``SVCReader``.
    case svc
    /// Google Ink `IncrementalStrokeInputs` protobuf (`.binarypb`), see ``GoogleInkReader``.
    case googleInk = "google-ink"
    /// W3C Pointer Events capture as JSON column arrays, see ``PointerEventsReader``.
    case pointerEvents = "pointer-events"
    /// The MobileHCI 2017 touch logs (`;`-separated, px, action 0/2/1), see ``MobileHCI17Reader``.
    case mobileHCI17 = "mobilehci17"
    /// MyPaint's recorded input events (`time x y pressure`, libmypaint tests), see ``MyPaintEventsReader``.
    case myPaintEvents = "mypaint-events"
    /// Drawing CSVs exported by the Curious app (`line_number,x,y,...,seconds`), see ``CuriousDrawingReader``.
    case curiousDrawing = "curious-drawing"
    /// W3C InkML (`<ink>` with `<trace>` elements), see ``InkMLReader``.
    case inkML = "inkml"

    /// The name used by `--format` and in manifests.
    public var name: String { rawValue }

    /// Looks a format up by its name (case-insensitive), also accepting a few aliases.
    public init?(name: String) {
        let key = name.lowercased()
        switch key {
        case "csv", "trace-csv", "inkbench", "inkbench-csv": self = .traceCSV
        case "evemu", "evdev": self = .evemu
        case "svc": self = .svc
        case "google-ink", "googleink", "binarypb", "ink": self = .googleInk
        case "pointer-events", "pointerevents", "w3c", "json": self = .pointerEvents
        case "mobilehci17", "mobilehci": self = .mobileHCI17
        case "mypaint-events", "mypaint": self = .myPaintEvents
        case "curious-drawing", "curious", "graphomotor": self = .curiousDrawing
        case "inkml", "ink-ml": self = .inkML
        default: return nil
        }
    }

    /// File name extensions (lower case, no dot) that suggest this format.
    public var fileExtensions: [String] {
        switch self {
        case .traceCSV: return ["csv"]
        case .evemu: return ["events", "evemu"]
        case .svc: return ["svc"]
        case .googleInk: return ["binarypb"]
        case .pointerEvents: return ["json"]
        case .mobileHCI17: return ["txt"]
        case .myPaintEvents: return ["dat"]
        case .curiousDrawing: return ["csv"]
        case .inkML: return ["inkml"]
        }
    }

    /// What a `--scale` or manifest `scale` value means for this format.
    public var scaleMeaning: String {
        switch self {
        case .traceCSV: return "file units per mm (the format is already in mm: 1)"
        case .evemu: return "device units per mm (overrides the axis resolution)"
        case .svc: return "tablet units per mm (5080 lpi = 200)"
        case .googleInk: return "px per mm"
        case .pointerEvents: return "CSS px per mm (default 96 per inch = 3.7795...)"
        case .mobileHCI17: return "screen px per mm (required: the files do not record the density)"
        case .myPaintEvents: return "screen px per mm (required: the files do not record the density)"
        case .curiousDrawing: return "canvas units per mm (required: the canvas is 100 units across, its size not recorded)"
        case .inkML: return "file units per mm (overrides the channels' units and resolution)"
        }
    }

    /// The names `--format` accepts, for messages.
    public static var namesList: String { allCases.map(\.name).joined(separator: ", ") }
}
