import Foundation
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
        case 1: return .pen
        case 0, 2: return .finger
        default: break
        }
        if toolsDown.contains(0x141) { return .eraser }
        if !toolsDown.isDisjoint(with: penToolKeys) { return .pen }
        if !toolsDown.isDisjoint(with: [0x146, 0x147]) { return .mouse }
        if !toolsDown.isDisjoint(with: fingerToolKeys) { return .finger }
        if !declaredKeys.isDisjoint(with: penToolKeys) && declaredKeys.isDisjoint(with: fingerToolKeys) { return .pen }
        return .finger
    }

    /// `BTN_TOOL_PEN`, `_BRUSH`, `_PENCIL`, `_AIRBRUSH`.
    static let penToolKeys: Set<Int> = [0x140, 0x142, 0x143, 0x144]
    /// `BTN_TOOL_FINGER`, `_QUINTTAP`, `_DOUBLETAP`, `_TRIPLETAP`, `_QUADTAP`.
    static let fingerToolKeys: Set<Int> = [0x145, 0x148, 0x14d, 0x14e, 0x14f]

    /// The key codes a description's `B: 01 <bytes>` lines declare (bit `k` of the
    /// concatenated bytes is key `k`); empty without such lines. A line that does not parse is
    /// ignored here (the header reader accepts any `B:` line).
    static func declaredKeys(_ text: TextLines) -> Set<Int> {
        var bytes: [UInt8] = []
        for (_, line) in text.numbered where line.hasPrefix("B:") {
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
        0x00: "ABS_X", 0x01: "ABS_Y", 0x18: "ABS_PRESSURE", 0x1a: "ABS_TILT_X", 0x1b: "ABS_TILT_Y",
        0x35: "ABS_MT_POSITION_X", 0x36: "ABS_MT_POSITION_Y",
    ]

    /// Reads an evemu recording.
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
        var axes: [Int: Axis] = [:]
        var deviceName: String?
        var notices: [String] = []
        var declared = Set<Int>()
        if let description {
            let descFile = descriptionFile ?? "\(file).desc"
            let text = try TextLines(bytes: description, file: descFile)
            declared = declaredKeys(text)
            var comments = CommentAxes()
            for (n, line) in text.numbered {
                if line.first == "#" { comments.read(line, n) }
                try header(line, n, descFile, &axes, &deviceName)
            }
            comments.fill(&axes, file: descFile)
            notices.append("device description from \(descFile)")
        }
        let text = try TextLines(bytes: bytes, file: file)
        var comments = CommentAxes()
        let multitouch = usesMultitouchSlots(text)
        declared.formUnion(declaredKeys(text))
        var slotToolType: [Int: Int] = [:]
        var contacts: [Int: Contact] = [:]
        var finished: [Contact] = []
        var slotIDs: [Int: Int] = [:], slotX: [Int: Int] = [:], slotY: [Int: Int] = [:]
        var slotsMoved = Set<Int>()
        var nextContact = 0
        var contactOfSlot: [Int: Int] = [:]
        var assembler = TraceAssembler(file: file)

        // Axis state, carried across frames.
        var x: Int?, y: Int?, mtX: Int?, mtY: Int?
        var pressure: Int?, tiltX: Int?, tiltY: Int?
        var touch = false, sawTouchKey = false
        var slot = 0, trackingID = -1, sawTracking = false
        var toolsDown = Set<Int>()
        var sawPenTool = false
        var firstMicros: Int?
        var lastMicros = Int.min
        var state = 0  // 0 no stroke, 1 contact stroke, 2 hover stroke
        var dropped = 0
        var sawEvents = false
        var scaleChecked = false
        var sx = 1.0, sy = 1.0
        var pressureAxis: Axis?
        var tiltAxes: (Axis, Axis)?
        var useMT = false

        for (n, line) in text.numbered {
            if line.first == "#" && !sawEvents { comments.read(line, n) }
            if line.isEmpty || line.first == "#" { continue }
            guard line.hasPrefix("E:") else {
                if sawEvents {
                    throw .at(file, line: n, "'\(line.prefix(40))' after the events; expected an 'E: <sec.usec> <type> <code> <value>' line")
                }
                try header(line, n, file, &axes, &deviceName)
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
            if firstMicros == nil { firstMicros = micros }
            switch type {
            case 0x03:
                switch code {
                case 0x00: x = value
                case 0x01: y = value
                case 0x18: pressure = value
                case 0x1a: tiltX = value
                case 0x1b: tiltY = value
                case 0x2f: slot = value
                case 0x35:
                    if slot == 0 { mtX = value }
                    slotX[slot] = value
                    slotsMoved.insert(slot)
                case 0x36:
                    if slot == 0 { mtY = value }
                    slotY[slot] = value
                    slotsMoved.insert(slot)
                case 0x37: slotToolType[slot] = value
                case 0x39:
                    if slot == 0 { trackingID = value; sawTracking = true }
                    if value < 0 {
                        slotIDs[slot] = nil
                        if let c = contactOfSlot.removeValue(forKey: slot), let done = contacts.removeValue(forKey: c) {
                            finished.append(done)
                        }
                    } else {
                        if slotIDs[slot] != value, let c = contactOfSlot.removeValue(forKey: slot),
                            let done = contacts.removeValue(forKey: c)
                        {
                            finished.append(done)
                        }
                        slotIDs[slot] = value
                        slotsMoved.insert(slot)
                    }
                default: break
                }
            case 0x01:
                if code == 0x14a { touch = value != 0; sawTouchKey = true }
                if (0x140...0x147).contains(code) {
                    if value != 0 { toolsDown.insert(code) } else { toolsDown.remove(code) }
                    if code != 0x145 { sawPenTool = true }
                }
            case 0x00 where code == 0x03:
                dropped += 1
            case 0x00 where code == 0x00 && multitouch:
                if !scaleChecked {
                    comments.fill(&axes, file: file)
                    (sx, sy) = try scales(x: 0x35, y: 0x36, axes, options, file, n, &notices)
                    scaleChecked = true
                }
                for s in slotsMoved.sorted() {
                    guard slotIDs[s] != nil, let px = slotX[s], let py = slotY[s] else { continue }
                    let c: Int
                    if let existing = contactOfSlot[s] { c = existing } else {
                        c = nextContact
                        nextContact += 1
                        contactOfSlot[s] = c
                        contacts[c] = Contact(
                            tool: contactTool(slotToolType: slotToolType[s], toolsDown: toolsDown, declaredKeys: declared))
                    }
                    let start = firstMicros ?? micros
                    if micros < lastMicros {
                        throw .at(file, line: n, "time goes back to \(fields[0]); expected non-decreasing event times")
                    }
                    let sample = Sample(t: Double(micros - start) / 1e6, x: Double(px) / sx, y: Double(py) / sy)
                    contacts[c]?.samples.append((sample, n))
                }
                lastMicros = max(lastMicros, micros)
                slotsMoved.removeAll(keepingCapacity: true)
            case 0x00 where code == 0x00:
                let contact = sawTouchKey ? touch : (sawTracking && trackingID != -1)
                let hover = !contact && options.includeHover && !toolsDown.isEmpty
                let want = contact ? 1 : (hover ? 2 : 0)
                if want == 0 {
                    if state != 0 { try assembler.endStroke() }
                    state = 0
                    continue
                }
                if !scaleChecked {
                    useMT = x == nil && mtX != nil
                    let (ax, ay) = useMT ? (0x35, 0x36) : (0x00, 0x01)
                    comments.fill(&axes, file: file)
                    (sx, sy) = try scales(x: ax, y: ay, axes, options, file, n, &notices)
                    if let a = axes[0x18], a.max > a.min { pressureAxis = a }
                    if let a = axes[0x1a], let b = axes[0x1b], a.resolution > 0, b.resolution > 0 { tiltAxes = (a, b) }
                    scaleChecked = true
                }
                guard let px = useMT ? mtX : x, let py = useMT ? mtY : y else { continue }
                let start = firstMicros ?? micros
                if micros < lastMicros && state != 0 {
                    throw .at(file, line: n, "time goes back to \(fields[0]); expected non-decreasing event times")
                }
                lastMicros = micros
                if want != state {
                    let tool: Tool
                    if toolsDown.contains(0x141) { tool = .eraser }
                    else if toolsDown.contains(0x145) || (useMT && !sawPenTool) || (!sawPenTool && axes[0x35] != nil) { tool = .finger }
                    else { tool = .pen }
                    try assembler.beginStroke(tool: tool)
                    state = want
                }
                var sample = Sample(t: Double(micros - start) / 1e6, x: Double(px) / sx, y: Double(py) / sy)
                if let a = pressureAxis {
                    let full = options.pressureMax ?? Double(a.max)
                    let base = options.pressureMax == nil ? Double(a.min) : 0
                    sample.pressure = min(max((Double(pressure ?? a.min) - base) / (full - base), 0), 1)
                }
                if let (a, b) = tiltAxes {
                    let tx = Double(tiltX ?? 0) / Double(a.resolution), ty = Double(tiltY ?? 0) / Double(b.resolution)
                    let (u, v) = (tanClamped(tx), tanClamped(ty))
                    sample.tilt = atan((u * u + v * v).squareRoot())
                    sample.azimuth = atan2(v, u)
                }
                try assembler.add(sample, at: .line(n))
            default:
                break
            }
        }
        if !sawEvents { throw ImportError(file: file, line: max(1, text.numbered.count), "no 'E:' event lines; expected an evemu recording") }
        if multitouch {
            finished += contacts.sorted { $0.key < $1.key }.map(\.value)
            var fingers = 0
            var tools: [Tool: Int] = [:]
            for contact in finished where !contact.samples.isEmpty {
                try assembler.beginStroke(tool: contact.tool)
                for (sample, line) in contact.samples { try assembler.add(sample, at: .line(line)) }
                fingers += 1
                tools[contact.tool, default: 0] += 1
            }
            if fingers > 0 {
                let kinds = Tool.allCases.compactMap { t in tools[t].map { "\($0) \(t.rawValue)" } }.joined(separator: ", ")
                notices.append(
                    "multitouch: \(fingers) contact\(fingers == 1 ? "" : "s") read from ABS_MT slots, one stroke per tracking id (\(kinds))")
            }
        }
        try assembler.endStroke()
        if assembler.strokes.isEmpty {
            throw ImportError(
                file: file, line: max(1, text.numbered.count),
                options.includeHover
                    ? "no contact or hover frames with a position; expected BTN_TOUCH or proximity frames"
                    : "no contact strokes (BTN_TOUCH never 1); expected pen-down frames, or include hover motion as strokes (manifest 'hover = include')")
        }
        if dropped > 0 { notices.append("\(dropped) SYN_DROPPED event\(dropped == 1 ? "" : "s"): the kernel lost events there") }
        if let deviceName { notices.append("device: \(deviceName)") }
        var trace = try assembler.trace(notices: notices, end: .line(max(1, text.numbered.count)))
        trace.device = deviceName
        return trace
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
            if f.count >= 3, Int(f[1], radix: 16) == 3, Int(f[2], radix: 16) == 0x39 { return true }
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
