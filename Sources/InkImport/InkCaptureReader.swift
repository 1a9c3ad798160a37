import Foundation
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
    /// Whether `root` (parsed JSON) is an `inkbench-capture` document.
    /// The `format` value of a capture document.
    public static let formatName = "inkbench-capture"

    public static func isCapture(_ root: Any) -> Bool {
        (root as? [String: Any])?["format"] as? String == formatName
    }

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
    /// ``read(root:file:options:)``. For uploads, which must be captures and nothing else.
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
        let document: Any
        do { document = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed]) } catch {
            throw ImportError(file: file, "not valid JSON (\(error.localizedDescription)); expected the capture page's export")
        }
        let trace = try read(root: document, file: file, options: options)
        let doc = document as? [String: Any] ?? [:]
        let calibration = Calibration(
            pxPerMM: (doc["pxPerMm"] as? NSNumber)?.doubleValue ?? .nan, calibrated: doc["calibrated"] as? Bool == true,
            description: doc["calibration"] as? String)
        return (trace, calibration)
    }

    /// Reads an `inkbench-capture` document already parsed from `file`.
    ///
    /// - Throws: ``ImportError`` naming the file, the stroke and sample, and what was expected.
    public static func read(root: Any, file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        guard let doc = root as? [String: Any], isCapture(doc) else {
            throw ImportError(file: file, "not an inkbench-capture document; expected \"format\": \"inkbench-capture\"")
        }
        guard (doc["version"] as? NSNumber)?.intValue == 1 else {
            throw ImportError(file: file, "inkbench-capture version \(doc["version"] ?? "missing") is not supported; expected 1")
        }
        var notices: [String] = []
        let scale: Double
        if let s = options.scaleUnitsPerMM {
            guard s.isFinite, s > 0 else { throw ImportError(file: file, "scale \(s) is invalid; expected a positive number of px per mm") }
            scale = s
            notices.append("scale \(s) px per mm from \(options.scaleSource ?? "the options")")
        } else {
            guard let s = (doc["pxPerMm"] as? NSNumber)?.doubleValue, s.isFinite, s > 0 else {
                throw ImportError(file: file, "'pxPerMm' is missing or not a positive number; expected the page's CSS px per mm")
            }
            scale = s
            if doc["calibrated"] as? Bool == true {
                notices.append("scale \(s) CSS px per mm from the capture page's calibration (\(doc["calibration"] as? String ?? "calibrated"))")
            } else {
                notices.append("CSS px converted at 96 px per inch (3.7795 px/mm); give a scale (px per mm) to override, or calibrate on the capture page")
            }
        }
        var facts: [String] = []
        if let ua = doc["userAgent"] as? String { facts.append("user agent \(ua)") }
        if let dpr = (doc["devicePixelRatio"] as? NSNumber)?.doubleValue { facts.append("devicePixelRatio \(dpr)") }
        if let screen = doc["screen"] as? [String: Any], let w = screen["width"] as? NSNumber, let h = screen["height"] as? NSNumber {
            facts.append("screen \(w)x\(h) CSS px")
        }
        if let features = doc["features"] as? [String: Any] {
            let on = features.keys.sorted().map { "\($0) \((features[$0] as? Bool) == true)" }
            facts.append(on.joined(separator: ", "))
        }
        if !facts.isEmpty { notices.append("captured with " + facts.joined(separator: "; ")) }
        guard let strokes = doc["strokes"] as? [Any] else {
            throw ImportError(file: file, "'strokes' is missing or not an array; expected the page's strokes")
        }
        let timeUnit = options.timeUnitSeconds ?? 0.001
        let degree = Double.pi / 180
        var assembler = TraceAssembler(file: file)
        var hasPredictions = false
        for (k, item) in strokes.enumerated() {
            guard let stroke = item as? [String: Any], let samples = stroke["samples"] as? [Any] else {
                throw ImportError(file: file, "stroke \(k): not an object with a 'samples' array; expected {\"samples\": [...], \"predicted\": [...]}")
            }
            if samples.isEmpty { continue }
            let predicted = stroke["predicted"] as? [Any]
            if let predicted, predicted.count != samples.count {
                throw ImportError(
                    file: file, "stroke \(k): \(predicted.count) predicted lists for \(samples.count) samples; expected one list per sample")
            }
            let type = stroke["pointerType"] as? String
            try assembler.beginStroke(tool: type == "touch" ? .finger : (type == "mouse" ? .mouse : .pen))
            for (i, row) in samples.enumerated() {
                guard let cells = row as? [Any], cells.count >= 3 else {
                    throw ImportError(file: file, "stroke \(k) sample \(i): not an array [timeStamp, x, y, ...]; expected at least 3 numbers")
                }
                let numbers = cells.map { ($0 as? NSNumber)?.doubleValue }
                guard let t = numbers[0], let x = numbers[1], let y = numbers[2] else {
                    throw ImportError(file: file, "stroke \(k) sample \(i): timeStamp, x or y is not a number; expected numbers")
                }
                var sample = Sample(t: t * timeUnit, x: x / scale, y: y / scale)
                if numbers.count > 3, let p = numbers[3], p >= 0, p <= 1 { sample.pressure = p }
                if numbers.count > 5, let tx = numbers[4], let ty = numbers[5], type == "pen", tx != 0 || ty != 0 {
                    let u = tan(min(max(tx, -89), 89) * degree), v = tan(min(max(ty, -89), 89) * degree)
                    sample.tilt = atan((u * u + v * v).squareRoot())
                    sample.azimuth = atan2(v, u)
                }
                var tail: [PenPoint]? = nil
                if let predicted {
                    guard let list = predicted[i] as? [Any] else {
                        throw ImportError(file: file, "stroke \(k) sample \(i): predicted is not a list; expected [[timeStamp, x, y], ...]")
                    }
                    var points: [PenPoint] = []
                    for (j, p) in list.enumerated() {
                        guard let c = p as? [Any], c.count >= 3, let pt = (c[0] as? NSNumber)?.doubleValue,
                            let px = (c[1] as? NSNumber)?.doubleValue, let py = (c[2] as? NSNumber)?.doubleValue
                        else {
                            throw ImportError(file: file, "stroke \(k) sample \(i) predicted point \(j): expected [timeStamp, x, y] numbers")
                        }
                        points.append(PenPoint(t: pt * timeUnit, x: px / scale, y: py / scale))
                    }
                    hasPredictions = hasPredictions || !points.isEmpty
                    tail = points
                }
                do throws(ImportError) {
                    try assembler.add(sample, tail: tail, at: .file)
                } catch {
                    throw ImportError(file: file, "stroke \(k) sample \(i): \(error.message)")
                }
            }
            try assembler.endStroke()
        }
        if !hasPredictions {
            notices.append("the capture has no browser predictions (getPredictedEvents() missing or empty): recorded does not apply")
        }
        return try assembler.trace(notices: notices)
    }
}
