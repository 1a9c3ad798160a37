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
import InkTraces

/// Reads Linux evdev recordings made with `evemu-record` (`E: <sec.usec> <type> <code> <value>`
/// lines after a device description of `N:`, `I:`, `P:`, `B:` and `A:` lines).
///
/// - The description may sit in the same file or in a sibling `.desc` file (passed as `description`).
/// - Axis values persist across `SYN_REPORT` frames (only changed axes are sent); each
///   `SYN_REPORT` is one sample.
/// - Contact strokes are the runs of frames with `BTN_TOUCH` = 1. A recording with multitouch
///   contacts (`ABS_MT_TRACKING_ID` events) is read by slot instead (`ABS_MT_SLOT`,
///   `ABS_MT_POSITION_X` / `_Y`): each tracking id is a stroke of its own, one per finger, with
///   a sample at every `SYN_REPORT` that moved its slot. With
///   ``ImportOptions/includeHover`` the runs in proximity (a `BTN_TOOL_*` key down) but off the
///   surface become strokes of their own.
/// - Positions: value / resolution (units per mm) from the `A:` line of ABS_X / ABS_Y (or the
///   multitouch position axes); when the `A:` line has no resolution (EVEMU 1.1 writes four
///   numbers), the `#       Resolution N` line of the `#` header's description of that axis.
///   ``ImportOptions/scaleUnitsPerMM`` (and ``ImportOptions/scaleYUnitsPerMM``) override. A
///   notice says which source gave the scale. A resolution of 0 with no scale is an error
///   naming the axis. y grows downwards, as in InkBench.
/// - Time: kernel time, made to start at 0 at the file's first event (microsecond precision).
/// - Pressure: (value - min) / (max - min) of ABS_PRESSURE; tilt and azimuth from
///   ABS_TILT_X / ABS_TILT_Y when both have a resolution (units per radian).
///
/// ```swift
/// let trace = try EvemuReader.read(events, file: "pen.events", description: desc, descriptionFile: "pen.desc")
/// ```
public enum EvemuReader {
    struct Axis {
        var min = 0, max = 0, resolution = 0, line = 0, file = ""
        /// Where the resolution came from: `A:` (the axis line) or `#` (the header comment).
        var resolutionFromComment = false
    }

    /// What the `#` header of an EVEMU 1.1 file says of the axes: `Event code N (ABS_...)`
    /// under `Event type 3 (EV_ABS)`, then `Resolution R` (with the line).
    struct CommentAxes {
        var inAbs = false, code: Int?
        var resolutions: [Int: (value: Int, line: Int)] = [:]

        mutating func read(_ line: Substring, _ n: Int) {
            let words = line.dropFirst().split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard words.count >= 2 else { return }
            if words[0] == "Event" && words[1] == "type" {
                inAbs = words.count >= 3 && words[2] == "3"
                code = nil
            } else if words[0] == "Event" && words[1] == "code", inAbs, words.count >= 3 {
                code = Int(words[2])
            } else if words[0] == "Resolution", let code, let r = Int(words[1]), r > 0, r < (1 << 30) {
                resolutions[code] = (r, n)
            }
        }

        /// Gives axes without a resolution the header's, marking them.
        func fill(_ axes: inout [Int: Axis], file: String) {
            for (code, r) in resolutions {
                if var a = axes[code], a.resolution == 0 {
                    a.resolution = r.value
                    a.line = r.line
                    a.file = file
                    a.resolutionFromComment = true
                    axes[code] = a
                } else if axes[code] == nil {
                    axes[code] = Axis(min: 0, max: 0, resolution: r.value, line: r.line, file: file, resolutionFromComment: true)
                }
            }
        }
    }

    /// One multitouch contact being read: its stroke's samples with their lines.
    struct Contact {
        var samples: [(sample: Sample, line: Int)] = []
        /// The tool that made it (see ``contactTool(slotToolType:toolsDown:declaredKeys:)``).
        var tool: Tool = .finger
    }

    /// The tool of a multitouch contact, from the best evidence the recording gives: the slot's
    /// `ABS_MT_TOOL_TYPE` (`MT_TOOL_PEN` 1 is a pen; `MT_TOOL_FINGER` 0 and `MT_TOOL_PALM` 2 are
    /// fingers), else a `BTN_TOOL_*` key down when the contact starts (`BTN_TOOL_RUBBER` an
    /// eraser; `_PEN`, `_BRUSH`, `_PENCIL`, `_AIRBRUSH` a pen; `_MOUSE`, `_LENS` a mouse;
    /// `_FINGER` and the multi-finger keys a finger), else the device's declared keys (its
    /// `B: 01` key bits): a device that declares a pen tool key and no finger key is a pen;
    /// otherwise a finger.
    static func contactTool(slotToolType: Int?, toolsDown: Set<Int>, declaredKeys: Set<Int>) -> Tool {
        switch slotToolType {
        case Evdev.MTTool.pen: return .pen
        case Evdev.MTTool.finger, Evdev.MTTool.palm: return .finger
        default: break
        }
        if toolsDown.contains(Evdev.Key.toolRubber) { return .eraser }
        if !toolsDown.isDisjoint(with: penToolKeys) { return .pen }
        if !toolsDown.isDisjoint(with: [Evdev.Key.toolMouse, Evdev.Key.toolLens]) { return .mouse }
        if !toolsDown.isDisjoint(with: fingerToolKeys) { return .finger }
        if !declaredKeys.isDisjoint(with: penToolKeys) && declaredKeys.isDisjoint(with: fingerToolKeys) { return .pen }
        return .finger
    }

    /// `BTN_TOOL_PEN`, `_BRUSH`, `_PENCIL`, `_AIRBRUSH`.
    static let penToolKeys: Set<Int> = [Evdev.Key.toolPen, Evdev.Key.toolBrush, Evdev.Key.toolPencil, Evdev.Key.toolAirbrush]
    /// `BTN_TOOL_FINGER`, `_QUINTTAP`, `_DOUBLETAP`, `_TRIPLETAP`, `_QUADTAP`.
    static let fingerToolKeys: Set<Int> = [
        Evdev.Key.toolFinger, Evdev.Key.toolQuintTap, Evdev.Key.toolDoubleTap, Evdev.Key.toolTripleTap, Evdev.Key.toolQuadTap,
    ]

    /// The key codes a description's `B: 01 <bytes>` lines declare (bit `k` of the
    /// concatenated bytes is key `k`); empty without such lines. A line that does not parse is
    /// ignored here (the header reader accepts any `B:` line).
    static func declaredKeys(_ text: TextLines) -> Set<Int> {
        declaredKeys(lines: text.numbered.map(\.line))
    }

    /// ``declaredKeys(_:)`` of the given lines.
    static func declaredKeys(lines: [Substring]) -> Set<Int> {
        var bytes: [UInt8] = []
        for line in lines where line.hasPrefix("B:") {
            let f = TextLines.fields(line.dropFirst(2), keepEmpty: false, TextLines.isBlank)
            guard f.count >= 2, f[0] == "01" else { continue }
            for b in f.dropFirst() {
                guard let v = UInt8(b, radix: 16) else { break }
                bytes.append(v)
            }
        }
        var keys = Set<Int>()
        for (i, byte) in bytes.enumerated() where byte != 0 {
            for bit in 0..<8 where byte & (1 << bit) != 0 { keys.insert(i * 8 + bit) }
        }
        return keys
    }

    static let axisNames: [Int: String] = [
        Evdev.Abs.x: "ABS_X", Evdev.Abs.y: "ABS_Y", Evdev.Abs.pressure: "ABS_PRESSURE", Evdev.Abs.tiltX: "ABS_TILT_X",
        Evdev.Abs.tiltY: "ABS_TILT_Y", Evdev.Abs.mtPositionX: "ABS_MT_POSITION_X", Evdev.Abs.mtPositionY: "ABS_MT_POSITION_Y",
    ]

    /// What a recording's device description says: its axes by code, its name, its declared
    /// key codes, and the notices so far.
    struct Device {
        var axes: [Int: Axis] = [:]
        var name: String?
        var declaredKeys = Set<Int>()
        var notices: [String] = []
    }

    /// Reads an evemu recording.
    ///
    /// Its events are decoded from the file's bytes (`EvemuBytes`) when the file is plain
    /// ASCII and well formed; any other file is read by
    /// ``readOracle(_:file:description:descriptionFile:options:)``, which gives the same trace
    /// and names the line of any error.
    ///
    /// - Parameters:
    ///   - bytes: the `.events` file.
    ///   - file: the file's name, used in errors and notices.
    ///   - description: a sibling `.desc` file's bytes when the recording has no `A:` header lines.
    ///   - descriptionFile: the `.desc` file's name for errors (default: `file` + `.desc`).
    ///   - options: the scale, time unit, axis direction and hover rule for this file.
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func read(
        _ bytes: [UInt8], file: String, description: [UInt8]? = nil, descriptionFile: String? = nil,
        options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let device = try self.device(description, descriptionFile ?? "\(file).desc")
        if let trace = EvemuBytes.read(bytes, file: file, device: device, options: options) { return trace }
        return try decodeText(bytes, file: file, device: device, options: options)
    }

    /// The text reader: lines as `String`s, fields as `Substring`s. The oracle of
    /// `EvemuBytes` (the tests compare the two) and the reader of every file it declines.
    ///
    /// - Parameters: as ``read(_:file:description:descriptionFile:options:)``.
    /// - Throws: ``ImportError`` naming the file, the line and what was expected.
    public static func readOracle(
        _ bytes: [UInt8], file: String, description: [UInt8]? = nil, descriptionFile: String? = nil,
        options: ImportOptions = ImportOptions()
    ) throws(ImportError) -> Trace {
        try options.validate(file: file)
        let device = try self.device(description, descriptionFile ?? "\(file).desc")
        return try decodeText(bytes, file: file, device: device, options: options)
    }

    /// The device description of a sibling `.desc` file, or an empty one without it.
    static func device(_ description: [UInt8]?, _ descFile: String) throws(ImportError) -> Device {
        var device = Device()
        guard let description else { return device }
        let text = try TextLines(bytes: description, file: descFile)
        device.declaredKeys = declaredKeys(text)
        var comments = CommentAxes()
        for (n, line) in text.numbered {
            if line.first == "#" { comments.read(line, n) }
            try header(line, n, descFile, &device.axes, &device.name)
        }
        comments.fill(&device.axes, file: descFile)
        device.notices.append("device description from \(descFile)")
        return device
    }

    /// Decodes the events line by line from the text and assembles the strokes.
    static func decodeText(_ bytes: [UInt8], file: String, device: Device, options: ImportOptions) throws(ImportError) -> Trace {
        let text = try TextLines(bytes: bytes, file: file)
        let lines = text.numbered
        var deviceName = device.name
        var strokes = EvemuStrokes(
            file: file, options: options, multitouch: usesMultitouchSlots(text),
            declared: device.declaredKeys.union(declaredKeys(text)), axes: device.axes, notices: device.notices)
        var sawEvents = false
        for (n, line) in lines {
            if line.first == "#" && !sawEvents { strokes.comments.read(line, n) }
            if line.isEmpty || line.first == "#" { continue }
            guard line.hasPrefix("E:") else {
                if sawEvents {
                    throw .at(file, line: n, "'\(line.prefix(40))' after the events; expected an 'E: <sec.usec> <type> <code> <value>' line")
                }
                try header(line, n, file, &strokes.axes, &deviceName)
                continue
            }
            sawEvents = true
            var body = line.dropFirst(2)
            if let hash = body.firstIndex(of: "#") { body = body[..<hash] }
            let fields = TextLines.fields(body, keepEmpty: false, TextLines.isBlank)
            guard fields.count == 4 else {
                throw .at(file, line: n, "\(fields.count) fields; expected 'E: <sec.usec> <type hex> <code hex> <value>'")
            }
            guard let micros = parseTime(fields[0]) else {
                throw .at(file, line: n, "time '\(fields[0].prefix(40))' is invalid; expected <seconds>.<microseconds>")
            }
            guard let type = Int(fields[1], radix: 16), let code = Int(fields[2], radix: 16), type >= 0, code >= 0 else {
                throw .at(file, line: n, "type '\(fields[1].prefix(20))' or code '\(fields[2].prefix(20))' is invalid; expected hexadecimal numbers")
            }
            guard let value = Int(fields[3]), value > -(1 << 40), value < (1 << 40) else {
                throw .at(file, line: n, "value '\(fields[3].prefix(40))' is invalid; expected a decimal integer")
            }
            try strokes.event(micros: micros, type: type, code: code, value: value, line: n) { fields[0] }
        }
        if !sawEvents { throw ImportError(file: file, line: max(1, lines.count), "no 'E:' event lines; expected an evemu recording") }
        return try strokes.trace(lineCount: lines.count, deviceName: deviceName)
    }

    /// Reads one header line (`N:`, `I:`, `P:`, `B:`, `A:`); `A:` lines fill `axes`.
    static func header(_ line: Substring, _ n: Int, _ file: String, _ axes: inout [Int: Axis], _ name: inout String?) throws(ImportError) {
        if line.isEmpty || line.first == "#" { return }
        guard line.count >= 2, line.dropFirst().first == ":" else {
            throw .at(file, line: n, "'\(line.prefix(40))' is not an evemu line; expected N:, I:, P:, B:, A: or E:")
        }
        switch line.first {
        case "N":
            name = String(line.dropFirst(2).drop { $0 == " " }.prefix(200))
        case "A":
            let f = TextLines.fields(line.dropFirst(2), keepEmpty: false, TextLines.isBlank)
            guard f.count == 5 || f.count == 6, let code = Int(f[0], radix: 16),
                let lo = Int(f[1]), let hi = Int(f[2])
            else {
                throw .at(file, line: n, "axis line '\(line.prefix(60))' is invalid; expected 'A: <code hex> <min> <max> <fuzz> <flat> [<resolution>]'")
            }
            var res = 0
            if f.count == 6 {
                guard let r = Int(f[5]), r >= 0, r < (1 << 30) else {
                    throw .at(file, line: n, "axis resolution '\(f[5].prefix(20))' is invalid; expected a non-negative integer")
                }
                res = r
            }
            axes[code] = Axis(min: lo, max: hi, resolution: res, line: n, file: file)
        case "I", "P", "B", "L", "S":
            return
        default:
            throw .at(file, line: n, "'\(line.prefix(40))' is not an evemu line; expected N:, I:, P:, B:, A: or E:")
        }
    }

    /// Whether the recording has multitouch contacts (an `ABS_MT_TRACKING_ID` event): then it is
    /// read by slot, one stroke per tracking id.
    static func usesMultitouchSlots(_ text: TextLines) -> Bool {
        for (_, line) in text.numbered where line.hasPrefix("E:") {
            let f = TextLines.fields(line.dropFirst(2), keepEmpty: false, TextLines.isBlank)
            if f.count >= 3, Int(f[1], radix: 16) == Evdev.EventType.abs, Int(f[2], radix: 16) == Evdev.Abs.mtTrackingID { return true }
        }
        return false
    }

    /// The x and y units per mm: the options' scale, else the axes' resolutions; adds a notice
    /// saying which source gave them.
    static func scales(
        x ax: Int, y ay: Int, _ axes: [Int: Axis], _ options: ImportOptions, _ file: String, _ n: Int,
        _ notices: inout [String]
    ) throws(ImportError) -> (Double, Double) {
        if let s = options.scaleUnitsPerMM {
            let sy = options.yScaleUnitsPerMM ?? s
            guard s.isFinite, s > 0, sy.isFinite, sy > 0 else {
                throw .at(file, line: n, "scale \(options.scaleDescription) is invalid; expected a positive number of device units per mm")
            }
            notices.append("scale \(options.scaleDescription) device units per mm from \(options.scaleSource ?? "the options")")
            return (s, sy)
        }
        let sx = try resolution(ax, axes, file), sy = try resolution(ay, axes, file)
        var sources: [String] = []
        for code in [ax, ay] {
            guard let a = axes[code] else { continue }
            let name = axisNames[code] ?? "axis \(code)"
            let from = a.resolutionFromComment ? "the '# Resolution' header comment" : "the A: line"
            sources.append("\(name) \(a.resolution) units/mm from \(from) (\(a.file) line \(a.line))")
        }
        notices.append("scale: " + sources.joined(separator: ", "))
        return (sx, sy)
    }

    /// The units per mm of an axis, or an error naming it.
    static func resolution(_ code: Int, _ axes: [Int: Axis], _ file: String) throws(ImportError) -> Double {
        let name = axisNames[code] ?? "axis \(code)"
        guard let axis = axes[code] else {
            throw ImportError(
                file: file,
                "no device description for \(name); expected 'A:' header lines in the file or a sibling .desc file, or a scale (--scale 'GLOB=UNITS_PER_MM')")
        }
        guard axis.resolution > 0 else {
            let message = "\(name) has resolution 0 and no scale was given; expected a scale in device units per mm (--scale 'GLOB=UNITS_PER_MM' or a manifest)"
            if axis.file == file { throw ImportError(file: file, line: axis.line, message) }
            throw ImportError(file: file, "\(message) (the axis is described in \(axis.file) line \(axis.line))")
        }
        return Double(axis.resolution)
    }

    /// Parses `sec.usec` into microseconds.
    static func parseTime(_ s: Substring) -> Int? {
        let parts = s.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, parts[0].utf8.count <= 12, parts[1].utf8.count <= 9,
            TextLines.isDigits(parts[0]), TextLines.isDigits(parts[1]),
            let sec = Int(parts[0]), var frac = Int(parts[1])
        else { return nil }
        var digits = parts[1].utf8.count
        while digits > 6 { frac /= 10; digits -= 1 }
        while digits < 6 { frac *= 10; digits += 1 }
        return sec * 1_000_000 + frac
    }

    static func tanClamped(_ a: Double) -> Double {
        let limit = 1.5
        return tan(min(max(a, -limit), limit))
    }
}
