import InkPrediction
import InkTraces

/// Reads Google Ink recorded inputs (`ink.proto.IncrementalStrokeInputs`, `.binarypb`): the real
/// samples of one stroke and, with each input event, the points the platform predicted then.
///
/// Schema read (proto2 field numbers; other fields are skipped):
/// - `IncrementalStrokeInputs { repeated IncrementalStrokeInput inputs = 1; }`
/// - `IncrementalStrokeInput { CodedStrokeInputBatch real = 1; CodedStrokeInputBatch predicted = 2; }`
/// - `CodedStrokeInputBatch { CodedNumericRun x_stroke_space = 1, y_stroke_space = 2,
///   elapsed_time_seconds = 3, pressure = 4, tilt = 5, orientation = 6; ToolType tool_type = 7; }`
/// - `CodedNumericRun { repeated sint32 deltas = 1 [packed]; float scale = 2 [default 1]; float offset = 3; }`,
///   value i = offset + scale × (deltas[0] + … + deltas[i]).
///
/// Positions are stroke-space px (y down) divided by ``ImportOptions/scaleUnitsPerMM`` (px per
/// mm, required: the files carry none); time is in seconds. The predicted batch of an event
/// becomes the recorded predictions of that event's last real sample
/// (``/InkTraces/Stroke/recordedPredictions``), replayed by the `recorded` strategy. Pressure,
/// tilt (rad) and orientation (kept as azimuth, rad) are kept when every value is valid.
///
/// ```swift
/// let trace = try GoogleInkReader.read(bytes, file: "line.binarypb", options: ImportOptions(scaleUnitsPerMM: 10.8))
/// trace.strokes[0].recordedPredictions?[5]   // the tail recorded with sample 5
/// ```
public enum GoogleInkReader {
    /// One decoded batch: columns of equal length.
    struct Batch {
        var x: [Double] = [], y: [Double] = [], t: [Double] = []
        var pressure: [Double] = [], tilt: [Double] = [], orientation: [Double] = []
        var tool: Int?
        var offset = 0
    }

    /// Reads a Google Ink `IncrementalStrokeInputs` file.
    ///
    /// - Throws: ``ImportError`` naming the file, the byte offset and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let scale = try options.requiredScale(
            file: file, why: "Google Ink recordings are in device px with no px per mm", units: "px per mm", example: "10.8' for a typical 274 ppi tablet")
        let scaleY = options.yScaleUnitsPerMM ?? scale
        var top = ProtobufWireReader(bytes: bytes, file: file)
        var events: [(real: Batch, predicted: Batch, offset: Int)] = []
        while !top.isAtEnd {
            let at = top.position
            let (field, wire) = try top.tag()
            guard field == 1 else { try top.skip(wire); continue }
            guard wire == 2 else { throw top.error(at: at, "field 1 (inputs) has \(ProtobufWireReader.wireName(wire)); expected length-delimited") }
            var input = try top.message()
            var real = Batch(), predicted = Batch()
            real.offset = input.position
            while !input.isAtEnd {
                let a = input.position
                let (f, w) = try input.tag()
                guard f == 1 || f == 2 else { try input.skip(w); continue }
                guard w == 2 else { throw input.error(at: a, "field \(f) (\(f == 1 ? "real" : "predicted")) has \(ProtobufWireReader.wireName(w)); expected length-delimited") }
                var inner = try input.message()
                let batch = try readBatch(&inner)
                if f == 1 { real = batch } else { predicted = batch }
            }
            events.append((real, predicted, at))
        }
        guard !events.isEmpty else {
            throw ImportError(file: file, byteOffset: 0, "no inputs (field 1); expected an IncrementalStrokeInputs message")
        }
        let reals = events.map(\.real)
        func validAll(_ column: KeyPath<Batch, [Double]>, _ range: ClosedRange<Double>) -> Bool {
            reals.allSatisfy { b in b[keyPath: column].count == b.t.count && b[keyPath: column].allSatisfy { range.contains($0) } }
        }
        let keepPressure = validAll(\.pressure, 0...1)
        let keepTilt = validAll(\.tilt, 0...Double.pi)
        let keepOrientation = validAll(\.orientation, 0...(2 * Double.pi))
        var assembler = TraceAssembler(file: file)
        let tool: Tool = events.first?.real.tool == 1 ? .finger : (events.first?.real.tool == 2 ? .mouse : .pen)
        try assembler.beginStroke(tool: tool)
        for event in events {
            let r = event.real
            for i in 0..<r.t.count {
                let sample = Sample(
                    t: r.t[i], x: r.x[i] / scale, y: r.y[i] / scaleY,
                    pressure: keepPressure ? r.pressure[i] : nil, tilt: keepTilt ? r.tilt[i] : nil,
                    azimuth: keepOrientation ? r.orientation[i] : nil)
                var tail: [PenPoint] = []
                if i == r.t.count - 1 {
                    let p = event.predicted
                    tail = (0..<p.t.count).map { PenPoint(t: p.t[$0], x: p.x[$0] / scale, y: p.y[$0] / scaleY) }
                }
                try assembler.add(sample, tail: tail, at: .byte(event.offset))
            }
        }
        var notices = ["scale \(options.scaleDescription) px per mm from \(options.scaleSource ?? "the options")"]
        if !keepPressure { notices.append("pressure left out: missing or outside 0...1 on some samples") }
        return try assembler.trace(notices: notices, end: .byte(bytes.count))
    }

    /// Reads a `CodedStrokeInputBatch`.
    static func readBatch(_ r: inout ProtobufWireReader) throws(ImportError) -> Batch {
        var b = Batch()
        b.offset = r.position
        while !r.isAtEnd {
            let at = r.position
            let (f, w) = try r.tag()
            switch f {
            case 1...6:
                guard w == 2 else { throw r.error(at: at, "field \(f) has \(ProtobufWireReader.wireName(w)); expected a length-delimited CodedNumericRun") }
                var run = try r.message()
                let values = try readRun(&run)
                switch f {
                case 1: b.x = values
                case 2: b.y = values
                case 3: b.t = values
                case 4: b.pressure = values
                case 5: b.tilt = values
                default: b.orientation = values
                }
            case 7:
                guard w == 0 else { throw r.error(at: at, "tool_type has \(ProtobufWireReader.wireName(w)); expected a varint") }
                b.tool = Int(truncatingIfNeeded: try r.varint() & 0xFFFF)
            default:
                try r.skip(w)
            }
        }
        guard b.x.count == b.t.count, b.y.count == b.t.count else {
            throw r.error(at: b.offset, "batch has \(b.x.count) x, \(b.y.count) y and \(b.t.count) time values; expected equal counts")
        }
        return b
    }

    /// Reads a `CodedNumericRun` into its values.
    static func readRun(_ r: inout ProtobufWireReader) throws(ImportError) -> [Double] {
        var deltas: [Int64] = []
        var scale: Float = 1, offset: Float = 0
        let start = r.position
        while !r.isAtEnd {
            let at = r.position
            let (f, w) = try r.tag()
            switch (f, w) {
            case (1, 2):
                var packed = try r.message()
                while !packed.isAtEnd { deltas.append(ProtobufWireReader.zigzag32(try packed.varint())) }
            case (1, 0):
                deltas.append(ProtobufWireReader.zigzag32(try r.varint()))
            case (2, 5): scale = try r.float32()
            case (3, 5): offset = try r.float32()
            case (1, _), (2, _), (3, _):
                throw r.error(at: at, "field \(f) of CodedNumericRun has \(ProtobufWireReader.wireName(w)); expected \(f == 1 ? "packed sint32" : "float")")
            default: try r.skip(w)
            }
        }
        guard scale.isFinite, offset.isFinite else {
            throw r.error(at: start, "run scale \(scale) or offset \(offset) is not finite; expected finite floats")
        }
        var values: [Double] = []
        values.reserveCapacity(deltas.count)
        var sum: Int64 = 0
        for d in deltas {
            sum &+= d
            values.append(Double(offset) + Double(scale) * Double(sum))
        }
        return values
    }
}

extension TraceFormat {
    /// Google Ink `IncrementalStrokeInputs` protobuf (`.binarypb`), see ``GoogleInkReader``.
    public static let googleInk = TraceFormat(registeredName: "google-ink")
}

extension GoogleInkReader: RecordingReader {
    public static let format = TraceFormat.googleInk
    public static let aliases = ["googleink", "binarypb", "ink"]
    /// `.binarypb`, and `.pb` too: protobuf has no content signature, so only the name tells
    /// (the default ``RecordingReader/verdict(byExtension:)`` claims both).
    public static let fileExtensions = ["binarypb", "pb"]
    public static let scaleMeaning = "px per mm"
}
