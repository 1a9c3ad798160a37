#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkImport
import InkPrediction
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replays a trace's strokes into a real Chromium as pen input and records the predictions the
/// browser made (`PointerEvent.getPredictedEvents()`), so that `recorded` scores the shipped
/// browser on those strokes.
///
/// How (the method of `Tests/Fixtures/chromium`, re-expressed in Swift):
/// - the probe page (`ProbePage`) is served from `127.0.0.1` by a ``PageServer`` with
///   COOP/COEP, so it is cross-origin isolated (µs timestamps, 5 µs coarsening); that, and
///   `devicePixelRatio` 1 and a viewport that holds every stroke, are checked before any input;
/// - each stroke is sent over DevTools as `Input.dispatchMouseEvent`, `pointerType: "pen"`,
///   button left, force 0.5: `mousePressed` at its first sample, one `mouseMoved` per later
///   sample, `mouseReleased` 1 ms after its last, every call awaited before the next (so each
///   pointermove carries one coalesced sample), every event at its sample's own time plus one
///   constant for the run;
/// - positions: `px = mm × pxPerMM`, translated (never scaled) so the trace lies 40 px inside
///   the viewport; a trace that does not fit in ``Settings/maxViewport`` is refused with the
///   largest scale that fits;
/// - the page's log is matched to the samples in order: every sample delivered once, in order,
///   at its position (0.01 px), one coalesced event per move, or the run fails; a predicted
///   point becomes `t = sample t + (its timeStamp − the move's timeStamp)`, position back in mm.
///
/// ```swift
/// let result = try BrowserReplay.run(trace, settings: .init(chromium: "/usr/bin/chromium"))
/// result.trace.strokes[0].recordedPredictions   // the browser's points after every sample
/// ```
public enum BrowserReplay {
    /// How to replay.
    public struct Settings: Sendable {
        /// The browser's path.
        public var chromium: String
        /// CSS px per mm of the trace (default 160 per inch, the unit of Chromium's predictor port).
        public var pxPerMM = 160 / 25.4
        /// The largest viewport (CSS px, width and height) a trace may need.
        public var maxViewport = 4000
        /// Replays to try when the browser's event times stray from the sent ones by more
        /// than ``strayLimitMs`` (after the run's constant offset).
        public var attempts = 3
        /// The allowed stray of an event time (ms) after removing the run's constant offset.
        public var strayLimitMs = 0.05
        public init(chromium: String) { self.chromium = chromium }
    }

    /// What a replay gives.
    public struct Result: Sendable {
        /// The input's samples, each stroke's `recordedPredictions` the browser's.
        public var trace: Trace
        /// `chromium --version` (or the DevTools product when it prints nothing).
        public var version: String
        /// DevTools' product, e.g. `Chrome/156.0.8078.108`.
        public var product: String
        /// The browser's flags.
        public var flags: [String]
        /// The viewport (CSS px).
        public var viewport: (width: Int, height: Int)
        /// The translation applied after scaling (px).
        public var offsetPx: (x: Double, y: Double)
        /// The spread of (event timeStamp − sent time) over every sample (ms): the timing check.
        public var timingSpreadMs: Double
        /// Replays made (1 unless a stray time forced another).
        public var attemptsUsed: Int
        /// Wall time of the input (s).
        public var wallSeconds: Double
        /// How many predicted points the browser gave in all.
        public var predictedPoints: Int
    }

    /// Progress: `(stroke index, stroke count, samples sent, samples in all)`.
    public typealias Progress = @Sendable (Int, Int, Int, Int) -> Void

    /// Replays `trace` (its own recorded predictions, if any, are replaced by the browser's).
    ///
    /// - Throws: ``BrowserError``: no fit, a failed check (isolation, devicePixelRatio, a sample
    ///   not delivered once and in order), or the browser exiting (naming the stroke and sample).
    public static func run(_ trace: Trace, settings: Settings, progress: Progress? = nil) throws(BrowserError) -> Result {
        let s = settings
        let layout = try Layout(trace, settings: s)
        let version = ChromiumLocator.version(of: s.chromium)
        let server = try PageServer(pages: ["/": .html(ProbePage.html)])
        defer { server.stop() }
        let browser = try DevToolsBrowser(
            chromium: s.chromium, windowSize: (max(layout.width + 20, 800), max(layout.height + 250, 600)))
        defer { browser.close() }
        let page = try openProbePage(browser, url: server.url, layout: layout)
        var attempt = 0
        while true {
            attempt += 1
            let (sent, wall) = try sendStrokes(trace, browser: browser, layout: layout, page: page, settings: s, progress: progress)
            usleep(300_000)
            guard let text = try browser.evaluate("JSON.stringify(window.inkLog)")?.string else {
                throw BrowserError("cannot read the page's event log: the page returned no text")
            }
            let parsed: JSONValue
            do { parsed = try JSONParser.parse(Array(text.utf8), file: "the page's event log") } catch {
                throw BrowserError("cannot read the page's event log: \(error)")
            }
            guard let log = parsed.elements else {
                throw BrowserError("cannot read the page's event log: expected a JSON array of events")
            }
            let matched = try match(log: log, trace: trace, sent: sent, ox: layout.ox, oy: layout.oy, pxPerMM: s.pxPerMM)
            let sortedErrors = matched.timeErrors.sorted()
            let median = sortedErrors.isEmpty ? 0 : sortedErrors[sortedErrors.count / 2]
            let stray = sortedErrors.map { abs($0 - median) }.max() ?? 0
            if stray > s.strayLimitMs && attempt < s.attempts { continue }
            if stray > s.strayLimitMs {
                throw BrowserError(
                    "\(trace.name): an event time strayed \(format(stray * 1000)) µs from its sample's (after the run's constant offset) in "
                        + "\(attempt) replays; expected at most \(format(s.strayLimitMs * 1000)) µs")
            }
            let (out, points) = try withPredictions(trace, tails: matched.tails)
            return Result(
                trace: out, version: version ?? browser.product, product: browser.product, flags: browser.arguments,
                viewport: (page.width, page.height), offsetPx: (-layout.ox, -layout.oy),
                timingSpreadMs: (sortedErrors.last ?? 0) - (sortedErrors.first ?? 0), attemptsUsed: attempt,
                wallSeconds: wall, predictedPoints: points)
        }
    }

    /// Where the trace lies on the page: its translation (px, after scaling by px per mm) and
    /// the viewport it needs, 40 px of margin on every side.
    struct Layout {
        /// The translation subtracted from the scaled positions (px).
        var ox: Double, oy: Double
        /// The viewport the strokes need (CSS px).
        var width: Int, height: Int

        /// The layout of `trace` at `settings.pxPerMM`.
        ///
        /// - Throws: ``BrowserError`` for an invalid scale, or a trace larger than
        ///   ``Settings/maxViewport`` (naming the largest scale that fits).
        init(_ trace: Trace, settings s: Settings) throws(BrowserError) {
            guard s.pxPerMM.isFinite, s.pxPerMM > 0 else {
                throw BrowserError("px per mm = \(s.pxPerMM) is invalid: expected a finite number > 0")
            }
            var minX = Double.infinity, minY = Double.infinity, maxX = -Double.infinity, maxY = -Double.infinity
            for stroke in trace.strokes {
                for i in 0..<stroke.count {
                    minX = min(minX, stroke.x[i] * s.pxPerMM)
                    maxX = max(maxX, stroke.x[i] * s.pxPerMM)
                    minY = min(minY, stroke.y[i] * s.pxPerMM)
                    maxY = max(maxY, stroke.y[i] * s.pxPerMM)
                }
            }
            ox = (minX).rounded(.down) - 40
            oy = (minY).rounded(.down) - 40
            width = Int((maxX - ox + 40).rounded(.up))
            height = Int((maxY - oy + 40).rounded(.up))
            if width > s.maxViewport || height > s.maxViewport {
                let spanMM = max((maxX - minX), (maxY - minY)) / s.pxPerMM
                let fits = Double(s.maxViewport - 82) / max(spanMM, 1e-9)
                throw BrowserError(
                    "\(trace.name): the strokes span \(Int(((maxX - minX) / s.pxPerMM).rounded())) x "
                        + "\(Int(((maxY - minY) / s.pxPerMM).rounded())) mm, \(width) x \(height) CSS px at "
                        + "\(format(s.pxPerMM)) px per mm: more than the \(s.maxViewport) x \(s.maxViewport) px screen; "
                        + "expected --px-per-mm \(format((fits * 1000).rounded(.down) / 1000)) or less (nothing is clipped)")
            }
        }
    }

    /// The probe page as loaded: its viewport (CSS px) and `performance.timeOrigin` (ms).
    struct ProbePageState {
        var width: Int, height: Int
        var timeOrigin: Double
    }

    /// Loads the probe page and checks it before any input: devicePixelRatio 1, cross-origin
    /// isolated, a viewport that holds `layout`.
    ///
    /// - Throws: ``BrowserError`` naming the check that failed, or a page that did not load in 20 s.
    static func openProbePage(_ browser: DevToolsBrowser, url: String, layout: Layout) throws(BrowserError) -> ProbePageState {
        try browser.call("Page.enable")
        try browser.call("Page.navigate", ["url": .string(url)])
        let deadline = Date().addingTimeInterval(20)
        while true {
            let ready = try browser.evaluate("document.readyState === 'complete' && Array.isArray(window.inkLog)")?.bool
            if ready == true { break }
            guard Date() < deadline else { throw BrowserError("the probe page did not load within 20 s from \(url)") }
            usleep(50_000)
        }
        let info = try browser.evaluate(
            "({w: innerWidth, h: innerHeight, dpr: devicePixelRatio, origin: performance.timeOrigin, coi: self.crossOriginIsolated})")
            ?? [:]
        let dpr = info["dpr"]?.number ?? 0
        let coi = info["coi"]?.bool ?? false
        let vw = info["w"]?.number.flatMap { Int(exactly: $0.rounded(.towardZero)) } ?? 0
        let vh = info["h"]?.number.flatMap { Int(exactly: $0.rounded(.towardZero)) } ?? 0
        let timeOrigin = info["origin"]?.number ?? 0
        guard dpr == 1 else { throw BrowserError("the page's devicePixelRatio is \(dpr); expected 1 (positions would be rescaled)") }
        guard coi else {
            throw BrowserError("the page is not cross-origin isolated; expected COOP/COEP from the loopback server (timestamps would be 0.1 ms)")
        }
        guard vw >= layout.width, vh >= layout.height else {
            throw BrowserError("the viewport is \(vw) x \(vh) px; the strokes need \(layout.width) x \(layout.height) px")
        }
        return ProbePageState(width: vw, height: vh, timeOrigin: timeOrigin)
    }

    /// Clears the page's log and sends every stroke as pen input, each event at its sample's
    /// time plus one constant for the replay.
    ///
    /// - Returns: per stroke, the sent times (ms since the page's time origin), and the wall
    ///   time the input took (s).
    /// - Throws: ``BrowserError`` naming the stroke and sample whose event failed.
    static func sendStrokes(
        _ trace: Trace, browser: DevToolsBrowser, layout: Layout, page: ProbePageState, settings s: Settings, progress: Progress?
    ) throws(BrowserError) -> (sent: [[Double]], wallSeconds: Double) {
        let total = trace.sampleCount
        _ = try browser.evaluate("window.inkLog = []; true")
        let t0 = Date().timeIntervalSince1970 + 0.2
        let tFirst = trace.startTime
        let wallStart = Date()
        var sentCount = 0
        var sent: [[Double]] = []  // per stroke: the sent times (ms since timeOrigin)
        for (k, stroke) in trace.strokes.enumerated() {
            var times: [Double] = []
            func event(_ type: String, _ i: Int, extra: Double = 0) -> JSONValue {
                let t = stroke.t[i] + extra
                var e: [(key: String, value: JSONValue)] = [
                    ("type", .string(type)), ("x", .number(stroke.x[i] * s.pxPerMM - layout.ox)),
                    ("y", .number(stroke.y[i] * s.pxPerMM - layout.oy)), ("pointerType", "pen"), ("button", "left"),
                    ("buttons", type == "mouseReleased" ? 0 : 1), ("force", 0.5), ("timestamp", .number(t0 + (t - tFirst))),
                ]
                if type != "mouseMoved" { e.append(("clickCount", 1)) }
                return .object(e)
            }
            do {
                for i in 0..<stroke.count {
                    let e = event(i == 0 ? "mousePressed" : "mouseMoved", i)
                    try browser.call("Input.dispatchMouseEvent", e)
                    times.append((t0 + (stroke.t[i] - tFirst)) * 1000 - page.timeOrigin)
                    sentCount += 1
                    if sentCount % 250 == 0 { progress?(k, trace.strokes.count, sentCount, total) }
                }
                try browser.call("Input.dispatchMouseEvent", event("mouseReleased", stroke.count - 1, extra: 0.001))
            } catch {
                throw BrowserError(
                    "\(trace.name): stroke \(k + 1) of \(trace.strokes.count) (sample \(times.count + 1) of \(stroke.count)): \(error.message)")
            }
            sent.append(times)
        }
        progress?(trace.strokes.count - 1, trace.strokes.count, total, total)
        return (sent, Date().timeIntervalSince(wallStart))
    }

    /// `trace` with each stroke's recorded predictions replaced by the browser's `tails`.
    ///
    /// - Returns: the trace and the number of predicted points in all.
    /// - Throws: ``BrowserError`` naming the stroke whose predictions do not form a tail.
    static func withPredictions(_ trace: Trace, tails: [[[PenPoint]]]) throws(BrowserError) -> (trace: Trace, points: Int) {
        var strokes: [Stroke] = []
        var points = 0
        for (k, stroke) in trace.strokes.enumerated() {
            points += tails[k].reduce(0) { $0 + $1.count }
            do {
                strokes.append(
                    try Stroke(
                        t: stroke.t, x: stroke.x, y: stroke.y, pressure: stroke.pressure, tilt: stroke.tilt,
                        azimuth: stroke.azimuth, tool: stroke.tool, recordedPredictions: tails[k]))
            } catch {
                throw BrowserError("\(trace.name): stroke \(k + 1): the browser's predictions do not form a tail: \(error)")
            }
        }
        do {
            let out = try Trace(
                name: trace.name, strokes: strokes, nominalInterval: trace.nominalInterval, notices: trace.notices,
                source: trace.source)
            return (out, points)
        } catch { throw BrowserError("\(trace.name): \(error)") }
    }

    /// The log matched to the samples: each stroke's tails, and every sample's (event time −
    /// sent time) in ms.
    static func match(
        log: [JSONValue], trace: Trace, sent: [[Double]], ox: Double, oy: Double, pxPerMM: Double
    ) throws(BrowserError) -> (tails: [[[PenPoint]]], timeErrors: [Double]) {
        func number(_ v: JSONValue?) -> Double { v?.number ?? .nan }
        var perStroke: [(down: JSONValue, moves: [JSONValue])] = []
        for e in log {
            switch e["type"]?.string {
            case "pointerdown": perStroke.append((e, []))
            case "pointermove":
                guard !perStroke.isEmpty else { continue }
                perStroke[perStroke.count - 1].moves.append(e)
            default: break
            }
        }
        guard perStroke.count == trace.strokes.count else {
            throw BrowserError(
                "\(trace.name): the page saw \(perStroke.count) pointerdowns for \(trace.strokes.count) strokes; expected one per stroke")
        }
        var tails: [[[PenPoint]]] = []
        var errors: [Double] = []
        for (k, stroke) in trace.strokes.enumerated() {
            let (down, moves) = perStroke[k]
            let times = sent[k]
            func px(_ i: Int) -> (Double, Double) { (stroke.x[i] * pxPerMM - ox, stroke.y[i] * pxPerMM - oy) }
            let (dx, dy) = px(0)
            guard abs(number(down["x"]) - dx) <= 0.01, abs(number(down["y"]) - dy) <= 0.01 else {
                throw BrowserError("\(trace.name): stroke \(k + 1): the pointerdown is not at the first sample")
            }
            errors.append(number(down["t"]) - times[0])
            var strokeTails = [[PenPoint]](repeating: [], count: stroke.count)
            var next = 1
            for m in moves {
                let coalesced = (m["co"]?.elements ?? []).map { $0.elements ?? [] }
                guard coalesced.count == 1 else {
                    throw BrowserError(
                        "\(trace.name): stroke \(k + 1): a pointermove carried \(coalesced.count) coalesced samples; expected 1 (one awaited event per sample)")
                }
                let c = coalesced[0]
                guard c.count == 3, next < stroke.count else {
                    throw BrowserError("\(trace.name): stroke \(k + 1): more pointermoves than samples (\(moves.count) for \(stroke.count - 1))")
                }
                let (sx, sy) = px(next)
                guard abs(number(c[1]) - sx) <= 0.01, abs(number(c[2]) - sy) <= 0.01 else {
                    throw BrowserError(
                        "\(trace.name): stroke \(k + 1): sample \(next + 1) was not delivered in order (the page saw "
                            + "(\(number(c[1])), \(number(c[2]))) px, expected (\(sx), \(sy)))")
                }
                let ct = number(c[0])
                errors.append(ct - times[next])
                let predicted = (m["pr"]?.elements ?? []).map { $0.elements ?? [] }
                strokeTails[next] = predicted.compactMap { p -> PenPoint? in
                    guard p.count == 3 else { return nil }
                    return PenPoint(
                        t: stroke.t[next] + (number(p[0]) - ct) / 1000, x: (number(p[1]) + ox) / pxPerMM,
                        y: (number(p[2]) + oy) / pxPerMM)
                }
                next += 1
            }
            guard next == stroke.count else {
                throw BrowserError(
                    "\(trace.name): stroke \(k + 1): the page saw \(next - 1) of its \(stroke.count - 1) moves; expected every sample once")
            }
            tails.append(strokeTails)
        }
        return (tails, errors)
    }

    static func format(_ v: Double) -> String {
        let r = (v * 1000).rounded() / 1000
        return r == r.rounded() ? String(Int(r)) : "\(r)"
    }
}
