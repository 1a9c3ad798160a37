#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif
import InkPrediction
import InkTraces

/// Reads the export of InkBench's capture page (`inkbench-capture` JSON, version 1): the
/// strokes a browser delivered, every digitizer sample (`getCoalescedEvents()`), and the
/// browser's own predictions (`getPredictedEvents()`), which become the trace's recorded
/// predictions (replayed by `recorded`).
///
/// ```json
/// {"format": "inkbench-capture", "version": 1, "pxPerMm": 6.3, "calibrated": true,
///  "calibration": "credit card 85.6 mm = 539.3 CSS px", "userAgent": "...", "devicePixelRatio": 2,
///  "screen": {"width": 1366, "height": 1024}, "features": {"crossOriginIsolated": true, ...},
///  "strokes": [{"pointerType": "pen", "pointerId": 2,
///               "samples": [[timeStamp_ms, clientX_px, clientY_px, pressure, tiltX_deg, tiltY_deg, twist_deg], ...],
///               "predicted": [[[timeStamp_ms, clientX_px, clientY_px], ...], ...]}]}
/// ```
///
/// - `samples`: one row per sample, in order; the first is the pointerdown. Time in ms since
///   the page's time origin, position in CSS px (x right, y down).
/// - `predicted`: one list per sample (the predictions of the pointermove whose last coalesced
///   sample it is; empty for the others).
/// - Positions are converted at `pxPerMm` CSS px per mm (``ImportOptions/scaleUnitsPerMM``
///   overrides it); when `calibrated` is false the trace carries the importer's usual notice
///   that 96 CSS px per inch was assumed. Tilt from `tiltX`/`tiltY` as for Pointer Events;
///   twist is kept in the file only (traces have no twist column). `pointerType` touch becomes
///   tool `finger`, mouse `mouse`, anything else `pen`.
/// - Every capture fact (user agent, devicePixelRatio, screen, scale, isolation) is listed in
///   the trace's notices, so `bench` prints it.
public enum InkCaptureReader {
    /// The `format` value of a capture document.
    public static let formatName = "inkbench-capture"

    /// Whether `root` (parsed by the strict parser) is an `inkbench-capture` document.
    static func isCapture(_ root: JSONValue) -> Bool { root.member("format")?.string == formatName }

    /// The page's scale as a capture states it: what `bench capture --serve` records beside
    /// each upload.
    public struct Calibration: Sendable, Equatable {
        /// CSS px per mm.
        public var pxPerMM: Double
        /// Whether the user calibrated it (false: 96 CSS px per inch assumed).
        public var calibrated: Bool
        /// The page's own words (`credit card 85.6 mm = 539.3 CSS px`), if given.
        public var description: String?
    }

    /// Reads a capture from its bytes, refusing anything that is not an `inkbench-capture`
    /// document (a plain Pointer Events file included): the size limit, UTF-8 and the strict
    /// JSON syntax check of ``PointerEventsReader``, then every rule of
    /// `read(root:file:options:)`. For uploads, which must be captures and nothing else.
    ///
    /// - Parameters:
    ///   - bytes: the document.
    ///   - file: the name used in messages.
    ///   - options: scale and time-unit overrides, as for any reader (none for uploads).
    ///   - maxBytes: the largest document taken (``RecordingLoader/defaultMaxFileBytes``).
    /// - Returns: the trace and the page's calibration.
    /// - Throws: ``ImportError`` naming the file, the line, stroke or sample, and what was expected.
    public static func read(
        bytes: [UInt8], file: String, options: ImportOptions = ImportOptions(), maxBytes: Int = RecordingLoader.defaultMaxFileBytes
    ) throws(ImportError) -> (trace: Trace, calibration: Calibration) {
        guard bytes.count <= maxBytes else {
            throw ImportError(file: file, "the capture is \(bytes.count) bytes; expected at most \(maxBytes)")
        }
        _ = try TextLines(bytes: bytes, file: file)
        let parsed = try JSONParser.parse(bytes, file: file)
        guard parsed.member("format")?.string == formatName else {
            throw ImportError(file: file, "not an inkbench-capture document; expected \"format\": \"\(formatName)\" (the capture page's export)")
        }
        let trace = try read(root: parsed, file: file, options: options)
        let calibration = Calibration(
            pxPerMM: parsed.member("pxPerMm")?.number ?? .nan, calibrated: parsed.member("calibrated")?.isTrue == true,
            description: parsed.member("calibration")?.string)
        return (trace, calibration)
    }

    /// Reads an `inkbench-capture` document from the strict parser's tree (one parse: no second
    /// decode with Foundation, and no value taken for another type: `true` is not 1, `false`
    /// not 0, `"1"` not a version).
    ///
    /// - Throws: ``ImportError`` naming the file, the stroke and sample, what was found and what
    ///   was expected.
    static func read(root: JSONValue, file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try checkHeader(root, file: file)
        let (scale, scaleNotice) = try Self.scale(root, file: file, options: options)
        var notices = [scaleNotice]
        if let facts = captureFacts(root) { notices.append(facts) }
        guard let strokes = root.member("strokes")?.elements else {
            throw ImportError(file: file, "'strokes' is missing or not an array; expected the page's strokes")
        }
        let units = Units(scale: scale, time: options.timeUnitSeconds ?? 0.001)
        var assembler = TraceAssembler(file: file)
        var hasPredictions = false
        for (k, item) in strokes.enumerated() {
            guard let samples = item.member("samples")?.elements else {
                throw ImportError(
                    file: file, line: item.line, "stroke \(k): not an object with a 'samples' array; expected {\"samples\": [...], \"predicted\": [...]}")
            }
            if samples.isEmpty { continue }
            let predicted = item.member("predicted")?.elements
            if let predicted, predicted.count != samples.count {
                throw ImportError(
                    file: file, line: item.line, "stroke \(k): \(predicted.count) predicted lists for \(samples.count) samples; expected one list per sample")
            }
            let type = item.member("pointerType")?.string
            try assembler.beginStroke(tool: type == "touch" ? .finger : (type == "mouse" ? .mouse : .pen))
            for (i, row) in samples.enumerated() {
                let place = "stroke \(k) sample \(i)"
                let sample = try self.sample(row, place: place, isPen: type == "pen", units: units, file: file)
                var tail: [PenPoint]? = nil
                if let predicted {
                    let points = try predictedTail(predicted[i], place: place, units: units, file: file)
                    hasPredictions = hasPredictions || !points.isEmpty
                    tail = points
                }
                do throws(ImportError) {
                    try assembler.add(sample, tail: tail, at: .line(row.line))
                } catch {
                    throw ImportError(file: file, line: row.line, "\(place): \(error.message)")
                }
            }
            try assembler.endStroke()
        }
        if !hasPredictions {
            notices.append("the capture has no browser predictions (getPredictedEvents() missing or empty): recorded does not apply")
        }
        return try assembler.trace(notices: notices)
    }

    /// The document's `format` and `version` (the only version there is: 1).
    ///
    /// - Throws: ``ImportError`` for another format or a missing or other version.
    static func checkHeader(_ root: JSONValue, file: String) throws(ImportError) {
        guard isCapture(root) else {
            throw ImportError(file: file, "not an inkbench-capture document; expected \"format\": \"inkbench-capture\"")
        }
        guard let version = root.member("version") else {
            throw ImportError(file: file, "inkbench-capture has no 'version'; expected the number 1")
        }
        guard version.number == 1 else {
            throw ImportError(file: file, line: version.line, "inkbench-capture 'version' is \(version.describe); expected the number 1 (the only version there is)")
        }
    }

    /// The scale (CSS px per mm): the options' if given, else the capture's `pxPerMm`, with
    /// the notice saying where it came from (and whether the page was calibrated).
    ///
    /// - Throws: ``ImportError`` for a scale that is not a positive number, or a missing or
    ///   implausible `pxPerMm`.
    static func scale(_ root: JSONValue, file: String, options: ImportOptions) throws(ImportError) -> (pxPerMM: Double, notice: String) {
        if let s = options.scaleUnitsPerMM {
            guard s.isFinite, s > 0 else { throw ImportError(file: file, "scale \(s) is invalid; expected a positive number of px per mm") }
            return (s, "scale \(s) px per mm from \(options.scaleSource ?? "the options")")
        }
        guard let value = root.member("pxPerMm") else {
            throw ImportError(file: file, "'pxPerMm' is missing; expected the page's CSS px per mm (or give a scale)")
        }
        guard let s = value.number, s >= 0.1, s <= 1000 else {
            throw ImportError(
                file: file, line: value.line, "'pxPerMm' is \(value.describe); expected the page's CSS px per mm, a number from 0.1 to 1000")
        }
        if case .bool(true, _)? = root.member("calibrated") {
            return (s, "scale \(s) CSS px per mm from the capture page's calibration (\(root.member("calibration")?.string ?? "calibrated"))")
        }
        return (
            s,
            "scale \(s) CSS px per mm from the capture's pxPerMm, which was not calibrated (the page assumes 96 px per inch, 3.7795 px/mm, until calibrated); give a scale (px per mm) to override, or calibrate on the capture page"
        )
    }

    /// The notice of what the page recorded about the browser (user agent, devicePixelRatio,
    /// screen, features), or `nil` when it recorded none.
    static func captureFacts(_ root: JSONValue) -> String? {
        var facts: [String] = []
        if let ua = root.member("userAgent")?.string { facts.append("user agent \(ua.prefix(300))") }
        if let dpr = root.member("devicePixelRatio")?.number { facts.append("devicePixelRatio \(dpr)") }
        if let screen = root.member("screen"), let w = screen.member("width")?.number, let h = screen.member("height")?.number {
            facts.append("screen \(NumberFormat.short(w))x\(NumberFormat.short(h)) CSS px")
        }
        if let features = root.member("features")?.members {
            let on = features.map(\.key).sorted().map { key in
                if case .bool(true, _)? = features.last(where: { $0.key == key })?.value { return "\(key.prefix(60)) true" }
                return "\(key.prefix(60)) false"
            }
            facts.append(on.joined(separator: ", "))
        }
        return facts.isEmpty ? nil : "captured with " + facts.joined(separator: "; ")
    }

    /// The capture's units: CSS px per mm, and s per time unit (ms unless the options say).
    struct Units {
        var scale: Double
        var time: Double
    }

    /// One sample row `[timeStamp, x, y, pressure, tiltX, tiltY, twist]` (nulls allowed after
    /// the first three): position in mm, time in s, pressure, and for a pen its tilt and azimuth
    /// from `tiltX`/`tiltY` (degrees).
    ///
    /// - Throws: ``ImportError`` naming the place and column that is not a number, or a pressure
    ///   outside 0-1.
    static func sample(_ row: JSONValue, place: String, isPen: Bool, units: Units, file: String) throws(ImportError) -> Sample {
        guard let cells = row.elements, cells.count >= 3 else {
            throw ImportError(file: file, line: row.line, "\(place) is \(row.describe); expected an array [timeStamp, x, y, ...] of at least 3 numbers")
        }
        let names = ["timeStamp", "x", "y", "pressure", "tiltX", "tiltY", "twist"]
        var numbers: [Double?] = []
        numbers.reserveCapacity(cells.count)
        for (c, cell) in cells.enumerated() {
            switch cell {
            case .number(let v, _): numbers.append(v)
            case .null: numbers.append(nil)
            default:
                throw ImportError(
                    file: file, line: cell.line,
                    "\(place): \(c < names.count ? names[c] : "column \(c + 1)") is \(cell.describe); expected a number")
            }
        }
        guard let t = numbers[0], let x = numbers[1], let y = numbers[2] else {
            throw ImportError(file: file, line: row.line, "\(place): timeStamp, x or y is null; expected numbers")
        }
        var sample = Sample(t: t * units.time, x: x / units.scale, y: y / units.scale)
        if numbers.count > 3, let p = numbers[3] {
            guard p >= 0, p <= 1 else {
                throw ImportError(file: file, line: row.line, "\(place): pressure is \(p); expected a number from 0 to 1 (PointerEvent.pressure)")
            }
            sample.pressure = p
        }
        if numbers.count > 5, let tx = numbers[4], let ty = numbers[5], isPen, tx != 0 || ty != 0 {
            let degree = Double.pi / 180
            let u = tan(min(max(tx, -89), 89) * degree), v = tan(min(max(ty, -89), 89) * degree)
            sample.tilt = atan((u * u + v * v).squareRoot())
            sample.azimuth = atan2(v, u)
        }
        return sample
    }

    /// A sample's predicted list `[[timeStamp, x, y], ...]` as points (s, mm).
    ///
    /// - Throws: ``ImportError`` naming the place and point that is not three numbers.
    static func predictedTail(_ list: JSONValue, place: String, units: Units, file: String) throws(ImportError) -> [PenPoint] {
        guard let elements = list.elements else {
            throw ImportError(
                file: file, line: list.line, "\(place): predicted is \(list.describe); expected a list [[timeStamp, x, y], ...]")
        }
        var points: [PenPoint] = []
        for (j, p) in elements.enumerated() {
            guard let c = p.numberElements, c.count >= 3 else {
                throw ImportError(file: file, line: p.line, "\(place) predicted point \(j) is not [timeStamp, x, y] numbers; expected three numbers")
            }
            points.append(PenPoint(t: c[0] * units.time, x: c[1] / units.scale, y: c[2] / units.scale))
        }
        return points
    }
}

/// Short number text for notices: `1366` rather than `1366.0`.
enum NumberFormat {
    static func short(_ v: Double) -> String { v == v.rounded() && abs(v) < 1e15 ? String(Int64(v)) : "\(v)" }
}
