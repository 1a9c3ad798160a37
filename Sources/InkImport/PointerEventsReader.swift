import Foundation
import InkTraces

/// Reads a W3C Pointer Events capture saved as JSON, in either layout:
///
/// - column arrays: `{"x": [...], "y": [...], "time": [...], "pressure": [...], "buttons": [...],
///   "tiltX": [...], "tiltY": [...], "pointerType": "pen"}` (`timeStamp` is accepted for `time`);
/// - an array of events: `[{"x": 1, "y": 2, "timeStamp": 3.5, "buttons": 1, ...}, ...]`
///   (`clientX` / `clientY` are accepted for `x` / `y`), optionally under an `"events"` key.
///
/// Positions are CSS px (y down) converted at ``ImportOptions/scaleUnitsPerMM`` px per mm, by
/// default CSS's 96 px per inch (3.7795 px/mm), which adds a notice saying so. Times are
/// DOMHighResTimeStamp ms (``ImportOptions/timeUnitSeconds`` overrides). Contact strokes are
/// the runs with the primary button down (`buttons & 1`; without `buttons`, `pressure > 0`);
/// with ``ImportOptions/includeHover`` the other runs become strokes too. `tiltX` / `tiltY`
/// (degrees) give tilt and azimuth.
///
/// ```swift
/// let trace = try PointerEventsReader.read(bytes, file: "capture.json")
/// trace.notices   // ["CSS px converted at 96 px per inch (3.7795 px/mm); ..."]
/// ```
public enum PointerEventsReader {
    static let cssPxPerMM = 96.0 / 25.4
    static let known: Set<String> = [
        "x", "clientX", "offsetX", "pageX", "y", "clientY", "offsetY", "pageY", "time", "timeStamp", "t",
        "pressure", "buttons", "tiltX", "tiltY",
    ]

    /// Reads a Pointer Events JSON capture.
    ///
    /// - Throws: ``ImportError`` naming the file, the line (for syntax errors) or the key, and what was expected.
    public static func read(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) throws(ImportError) -> Trace {
        try options.validate(file: file)
        _ = try TextLines(bytes: bytes, file: file)
        guard bytes.count < RecordingLoader.defaultMaxFileBytes else { throw ImportError(file: file, "file is over 512 MB; expected a smaller capture") }
        let root = try JSONParser.parse(bytes, file: file)
        // The capture page's export (with the browser's predictions) has its own reader, which
        // takes the document as Foundation decodes it (the strict parser above has checked it).
        if root.member("format")?.string == InkCaptureReader.formatName,
            let document = try? JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
        {
            return try InkCaptureReader.read(root: document, file: file, options: options)
        }
        var columns: [String: [Double]] = [:]
        var pointerType: String?
        if let members = root.members, root.member("events") == nil {
            if root.member("meta_data") != nil || root.member("data") != nil {
                throw ImportError(file: file, "BDALab's own JSON layout (meta_data, data), not a Pointer Events capture; expected x, y and time arrays")
            }
            pointerType = root.member("pointerType")?.string
            for (key, value) in members where known.contains(key) {
                guard let array = value.elements else {
                    throw ImportError(
                        file: file, line: value.line, "'\(key)' is \(value.describe); expected an array of numbers (the column layout)")
                }
                var column: [Double] = []
                column.reserveCapacity(array.count)
                for (i, item) in array.enumerated() {
                    guard let number = item.number else {
                        throw ImportError(file: file, line: item.line, "'\(key)'[\(i)] is \(item.describe); expected a number")
                    }
                    column.append(number)
                }
                columns[key] = column
            }
        } else {
            let list: [JSONValue]
            if let events = root.member("events") {
                guard let array = events.elements else {
                    throw ImportError(file: file, line: events.line, "'events' is \(events.describe); expected an array of events")
                }
                list = array
            } else if let array = root.elements {
                list = array
            } else {
                throw ImportError(
                    file: file, line: root.line,
                    "the top level is \(root.describe), neither an object of column arrays nor an array of events; expected a Pointer Events capture")
            }
            for (i, item) in list.enumerated() {
                guard let event = item.members else {
                    throw ImportError(file: file, line: item.line, "event \(i) is \(item.describe); expected {\"x\": ..., \"y\": ..., \"timeStamp\": ...}")
                }
                if pointerType == nil { pointerType = item.member("pointerType")?.string }
                var seen = Set<String>()
                for (key, value) in event where known.contains(key) && !seen.contains(key) {
                    guard let number = (item.member(key) ?? value).number else {
                        throw ImportError(file: file, line: value.line, "event \(i): '\(key)' is \(value.describe); expected a number")
                    }
                    seen.insert(key)
                    columns[key, default: []].append(number)
                }
                for key in columns.keys.sorted() where columns[key]?.count != i + 1 {
                    throw ImportError(
                        file: file, line: item.line, "event \(i) has no '\(key)' while others do; expected the same keys in every event")
                }
            }
        }
        func column(_ names: [String]) -> [Double]? { names.lazy.compactMap { columns[$0] }.first }
        guard let xs = column(["x", "clientX", "offsetX", "pageX"]), let ys = column(["y", "clientY", "offsetY", "pageY"]),
            let ts = column(["time", "timeStamp", "t"])
        else {
            throw ImportError(file: file, "no x, y and time (or timeStamp) values; expected a Pointer Events capture")
        }
        let n = ts.count
        guard xs.count == n, ys.count == n else {
            throw ImportError(file: file, "x, y and time have \(xs.count), \(ys.count) and \(n) values; expected equal counts")
        }
        let optional = ["pressure", "buttons", "tiltX", "tiltY"]
        for key in optional {
            if let c = columns[key], c.count != n {
                throw ImportError(file: file, "'\(key)' has \(c.count) values; expected \(n) as in 'time'")
            }
        }
        var notices: [String] = []
        let scale: Double, scaleY: Double
        if let s = options.scaleUnitsPerMM {
            guard s.isFinite, s > 0 else { throw ImportError(file: file, "scale \(s) is invalid; expected a positive number of px per mm") }
            scale = s
            scaleY = options.yScaleUnitsPerMM ?? s
            notices.append("scale \(options.scaleDescription) px per mm from \(options.scaleSource ?? "the options")")
        } else {
            scale = cssPxPerMM
            scaleY = cssPxPerMM
            notices.append("CSS px converted at 96 px per inch (3.7795 px/mm); give a scale (px per mm) to override")
        }
        let timeUnit = options.timeUnitSeconds ?? 0.001
        let buttons = columns["buttons"], pressure = columns["pressure"]
        let tiltX = columns["tiltX"], tiltY = columns["tiltY"]
        let keepPressure = pressure?.allSatisfy { $0 >= 0 && $0 <= 1 } ?? false
        let tool: Tool = pointerType == "touch" ? .finger : (pointerType == "mouse" ? .mouse : .pen)
        var assembler = TraceAssembler(file: file)
        var state = -1
        let degree = Double.pi / 180
        for i in 0..<n {
            let down: Bool
            if let b = buttons { down = Int(exactly: b[i].rounded()).map { $0 & 1 != 0 } ?? false }
            else { down = (pressure?[i] ?? 1) > 0 }
            if !down && !options.includeHover {
                if state == 1 { try assembler.endStroke() }
                state = 0
                continue
            }
            let want = down ? 1 : 2
            if want != state {
                try assembler.beginStroke(tool: tool)
                state = want
            }
            var sample = Sample(t: ts[i] * timeUnit, x: xs[i] / scale, y: ys[i] / scaleY)
            if keepPressure { sample.pressure = pressure?[i] }
            if let tx = tiltX?[i], let ty = tiltY?[i] {
                let u = tan(min(max(tx, -89), 89) * degree), v = tan(min(max(ty, -89), 89) * degree)
                sample.tilt = atan((u * u + v * v).squareRoot())
                sample.azimuth = atan2(v, u)
            }
            do throws(ImportError) {
                try assembler.add(sample, at: .file)
            } catch {
                throw ImportError(file: file, "event \(i): \(error.message)")
            }
        }
        return try assembler.trace(notices: notices)
    }
}
