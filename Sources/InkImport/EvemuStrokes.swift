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

/// The evemu reader's stroke assembly: decoded events in, strokes out. Both event decoders
/// feed it (the text decoder, ``EvemuReader/readOracle(_:file:description:descriptionFile:options:)``,
/// and the byte decoder, `EvemuBytes`), so they differ only in how a line becomes an event.
///
/// Axis values persist across `SYN_REPORT` frames; each frame is one sample of the stroke its
/// state calls for (``StrokeState``). A multitouch recording is read by slot instead: each
/// tracking id collects its own samples, assembled into strokes at the end.
struct EvemuStrokes {
    /// What the frames being read belong to.
    enum StrokeState {
        /// No stroke open: the pen is up (and out of proximity, or hover is not read).
        case none
        /// A contact stroke (`BTN_TOUCH` down, or a tracking id without `BTN_TOUCH` events).
        case contact
        /// A hover stroke (a tool key down, not touching; only with ``ImportOptions/includeHover``).
        case hover
    }

    let file: String
    let options: ImportOptions
    /// Whether the recording is read by multitouch slot (``EvemuReader/usesMultitouchSlots(_:)``).
    let multitouch: Bool
    /// The device's declared key codes (`B: 01` lines).
    let declared: Set<Int>
    /// The device's axes by code, completed by the header comments at the first frame.
    var axes: [Int: EvemuReader.Axis]
    /// The `#` header's axis descriptions (read until the first event).
    var comments = EvemuReader.CommentAxes()
    /// The reader's notices so far.
    var notices: [String]

    private var slotToolType: [Int: Int] = [:]
    private var contacts: [Int: EvemuReader.Contact] = [:]
    private var finished: [EvemuReader.Contact] = []
    private var slotIDs: [Int: Int] = [:], slotX: [Int: Int] = [:], slotY: [Int: Int] = [:]
    private var slotsMoved = Set<Int>()
    private var nextContact = 0
    private var contactOfSlot: [Int: Int] = [:]
    private var assembler: TraceAssembler

    // Axis state, carried across frames.
    private var x: Int?, y: Int?, mtX: Int?, mtY: Int?
    private var pressure: Int?, tiltX: Int?, tiltY: Int?
    private var touch = false, sawTouchKey = false
    private var slot = 0, trackingID = -1, sawTracking = false
    private var toolsDown = Set<Int>()
    private var sawPenTool = false
    private var firstMicros: Int?
    private var lastMicros = Int.min
    private var state = StrokeState.none
    private var dropped = 0
    private var scaleChecked = false
    private var sx = 1.0, sy = 1.0
    private var pressureAxis: EvemuReader.Axis?
    private var tiltAxes: (EvemuReader.Axis, EvemuReader.Axis)?
    private var useMT = false

    init(file: String, options: ImportOptions, multitouch: Bool, declared: Set<Int>, axes: [Int: EvemuReader.Axis], notices: [String]) {
        self.file = file
        self.options = options
        self.multitouch = multitouch
        self.declared = declared
        self.axes = axes
        self.notices = notices
        assembler = TraceAssembler(file: file)
    }

    /// Takes one event.
    ///
    /// - Parameters:
    ///   - micros: its time in microseconds (kernel time).
    ///   - type: its event type; `code`, its code; `value`, its value.
    ///   - n: its line, for errors.
    ///   - timeText: its time as written, for errors.
    mutating func event(
        micros: Int, type: Int, code: Int, value: Int, line n: Int, timeText: () -> Substring
    ) throws(ImportError) {
        if firstMicros == nil { firstMicros = micros }
        switch type {
        case Evdev.EventType.abs:
            absolute(code: code, value: value)
        case Evdev.EventType.key:
            if code == Evdev.Key.touch { touch = value != 0; sawTouchKey = true }
            if (Evdev.Key.toolPen...Evdev.Key.toolLens).contains(code) {
                if value != 0 { toolsDown.insert(code) } else { toolsDown.remove(code) }
                if code != Evdev.Key.toolFinger { sawPenTool = true }
            }
        case Evdev.EventType.syn where code == Evdev.Syn.dropped:
            dropped += 1
        case Evdev.EventType.syn where code == Evdev.Syn.report && multitouch:
            try multitouchFrame(micros: micros, line: n, timeText: timeText)
        case Evdev.EventType.syn where code == Evdev.Syn.report:
            try frame(micros: micros, line: n, timeText: timeText)
        default:
            break
        }
    }

    private mutating func absolute(code: Int, value: Int) {
        switch code {
        case Evdev.Abs.x: x = value
        case Evdev.Abs.y: y = value
        case Evdev.Abs.pressure: pressure = value
        case Evdev.Abs.tiltX: tiltX = value
        case Evdev.Abs.tiltY: tiltY = value
        case Evdev.Abs.mtSlot: slot = value
        case Evdev.Abs.mtPositionX:
            if slot == 0 { mtX = value }
            slotX[slot] = value
            slotsMoved.insert(slot)
        case Evdev.Abs.mtPositionY:
            if slot == 0 { mtY = value }
            slotY[slot] = value
            slotsMoved.insert(slot)
        case Evdev.Abs.mtToolType: slotToolType[slot] = value
        case Evdev.Abs.mtTrackingID:
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
    }

    /// A `SYN_REPORT` of a multitouch recording: a sample for every slot that moved.
    private mutating func multitouchFrame(micros: Int, line n: Int, timeText: () -> Substring) throws(ImportError) {
        if !scaleChecked {
            comments.fill(&axes, file: file)
            (sx, sy) = try EvemuReader.scales(x: Evdev.Abs.mtPositionX, y: Evdev.Abs.mtPositionY, axes, options, file, n, &notices)
            scaleChecked = true
        }
        for s in slotsMoved.sorted() {
            guard slotIDs[s] != nil, let px = slotX[s], let py = slotY[s] else { continue }
            let c: Int
            if let existing = contactOfSlot[s] { c = existing } else {
                c = nextContact
                nextContact += 1
                contactOfSlot[s] = c
                contacts[c] = EvemuReader.Contact(
                    tool: EvemuReader.contactTool(slotToolType: slotToolType[s], toolsDown: toolsDown, declaredKeys: declared))
            }
            let start = firstMicros ?? micros
            if micros < lastMicros {
                throw .at(file, line: n, "time goes back to \(timeText()); expected non-decreasing event times")
            }
            let sample = Sample(t: Double(micros - start) / 1e6, x: Double(px) / sx, y: Double(py) / sy)
            contacts[c]?.samples.append((sample, n))
        }
        lastMicros = max(lastMicros, micros)
        slotsMoved.removeAll(keepingCapacity: true)
    }

    /// A `SYN_REPORT` of a single-contact recording: one sample of the open stroke, if any.
    private mutating func frame(micros: Int, line n: Int, timeText: () -> Substring) throws(ImportError) {
        let contact = sawTouchKey ? touch : (sawTracking && trackingID != -1)
        let hover = !contact && options.includeHover && !toolsDown.isEmpty
        let want: StrokeState = contact ? .contact : (hover ? .hover : .none)
        if want == .none {
            if state != .none { try assembler.endStroke() }
            state = .none
            return
        }
        if !scaleChecked {
            useMT = x == nil && mtX != nil
            let (ax, ay) = useMT ? (Evdev.Abs.mtPositionX, Evdev.Abs.mtPositionY) : (Evdev.Abs.x, Evdev.Abs.y)
            comments.fill(&axes, file: file)
            (sx, sy) = try EvemuReader.scales(x: ax, y: ay, axes, options, file, n, &notices)
            if let a = axes[Evdev.Abs.pressure], a.max > a.min { pressureAxis = a }
            if let a = axes[Evdev.Abs.tiltX], let b = axes[Evdev.Abs.tiltY], a.resolution > 0, b.resolution > 0 { tiltAxes = (a, b) }
            scaleChecked = true
        }
        guard let px = useMT ? mtX : x, let py = useMT ? mtY : y else { return }
        let start = firstMicros ?? micros
        if micros < lastMicros && state != .none {
            throw .at(file, line: n, "time goes back to \(timeText()); expected non-decreasing event times")
        }
        lastMicros = micros
        if want != state {
            let tool: Tool
            if toolsDown.contains(Evdev.Key.toolRubber) {
                tool = .eraser
            } else if toolsDown.contains(Evdev.Key.toolFinger) || (useMT && !sawPenTool) || (!sawPenTool && axes[Evdev.Abs.mtPositionX] != nil) {
                tool = .finger
            } else {
                tool = .pen
            }
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
            let (u, v) = (EvemuReader.tanClamped(tx), EvemuReader.tanClamped(ty))
            sample.tilt = atan((u * u + v * v).squareRoot())
            sample.azimuth = atan2(v, u)
        }
        try assembler.add(sample, at: .line(n))
    }

    /// The trace, after the last event.
    ///
    /// - Parameters:
    ///   - lineCount: the file's number of lines, for errors at its end.
    ///   - deviceName: the `N:` line's name, if any.
    mutating func trace(lineCount: Int, deviceName: String?) throws(ImportError) -> Trace {
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
                file: file, line: max(1, lineCount),
                options.includeHover
                    ? "no contact or hover frames with a position; expected BTN_TOUCH or proximity frames"
                    : "no contact strokes (BTN_TOUCH never 1); expected pen-down frames, or include hover motion as strokes (manifest 'hover = include')")
        }
        if dropped > 0 { notices.append("\(dropped) SYN_DROPPED event\(dropped == 1 ? "" : "s"): the kernel lost events there") }
        if let deviceName { notices.append("device: \(deviceName)") }
        var trace = try assembler.trace(notices: notices, end: .line(max(1, lineCount)))
        trace.device = deviceName
        return trace
    }
}
