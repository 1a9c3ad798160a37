/// Chromium's input-prediction telemetry, re-expressed: `ui::PredictionMetricsHandler`
/// (chromium/chromium `ui/base/prediction/prediction_metrics_handler.cc` at
/// 36619c19f1c497cb673f1a5d1b82e20da90663df; its unit test
/// `prediction_metrics_handler_unittest.cc` at 03d27022760541387fc7a6f220a8bd9edcd1b771).
/// Chromium's units are kept: positions in px, times in ms here (Chromium's TimeTicks; only
/// differences and order matter).
///
/// Real events (position, time) and predicted events (position, the time it predicts, and the
/// frame time it is shown at) are queued; ``evaluate()`` scores each predicted event, oldest
/// first, once a real event lies strictly after both its time and its frame time:
/// - the truth at its time is the linear interpolation of the two real events around it, and
///   `next real` the later of those two; the same at its frame time;
/// - **over/under-prediction** (px): `|predicted - truth(time)|`, positive (over) when
///   `predicted - truth` points the way `next real - truth` does (dot product >= 0), else
///   negative (under); the **prediction score** is its magnitude;
/// - **frame over/under-prediction** and **frame score**: the same against the truth at the
///   frame time and the real event after it;
/// - **prediction jitter**: `|(truth(time) - predicted) - (previous truth(time) - previous predicted)|`;
///   **visual jitter**: the same with the frame-time truths (both need a previous scored point).
/// A predicted event earlier than the oldest queued real event is ignored; one whose time or
/// frame time has no real event on both sides scores nothing. `WrongDirection` (older Chromium
/// versions) is not reported.
///
/// Chromium adds each value to a histogram of integer samples (1 to 1000, 50 buckets), so its
/// unit test checks truncated integers; ``Record`` keeps the exact values, and
/// ``histogramSample(_:)`` gives Chromium's integer.
///
/// ```swift
/// var c = ChromiumPredictionMetrics()
/// c.addReal(x: 1, y: 1, timeMs: 8)
/// c.addPredicted(x: 1, y: 1, timeMs: 10, frameTimeMs: 12)
/// c.addReal(x: 2, y: 2, timeMs: 16)
/// c.evaluate()
/// c.records.first?.overUnderPx   // -0.35: under-predicted by 0.25 √2
/// ```
public struct ChromiumPredictionMetrics: Sendable {
    /// The figures of one scored predicted event (px).
    public struct Record: Sendable, Equatable {
        /// Signed over (+) / under (-) prediction against the truth at its time.
        public var overUnderPx: Double
        /// Signed over / under prediction against the truth at its frame time.
        public var frameOverUnderPx: Double
        /// `nil` for the first scored point (no previous one).
        public var predictionJitterPx: Double?
        public var visualJitterPx: Double?
    }

    struct Event: Sendable {
        var x: Double, y: Double, t: Double, frame: Double
    }

    var real: [Event] = []
    var predicted: [Event] = []
    var interpolated = (x: 0.0, y: 0.0), frameInterpolated = (x: 0.0, y: 0.0)
    var lastPredicted: (x: Double, y: Double)?
    var lastInterpolated = (x: 0.0, y: 0.0), lastFrameInterpolated = (x: 0.0, y: 0.0)
    /// Every scored predicted event, in order.
    public private(set) var records: [Record] = []
    /// Predicted events ignored (earlier than the oldest real event) or left unscored by
    /// ``evaluate()`` for want of real events around them.
    public private(set) var ignored = 0

    public init() {}

    /// Chromium's histogram sample for a value: the integer `Histogram::Add` receives.
    public static func histogramSample(_ value: Double) -> Int { Int(value.rounded(.towardZero)) }

    /// Queues a real event. One not after the newest real event is ignored (Chromium's early out).
    public mutating func addReal(x: Double, y: Double, timeMs: Double) {
        if let back = real.last, timeMs <= back.t { return }
        real.append(Event(x: x, y: y, t: timeMs, frame: timeMs))
    }

    /// Queues a predicted event: its position, the time it predicts and the frame time it is shown at.
    public mutating func addPredicted(x: Double, y: Double, timeMs: Double, frameTimeMs: Double) {
        guard let front = real.first, timeMs >= front.t else {
            ignored += 1
            return
        }
        let e = Event(x: x, y: y, t: timeMs, frame: frameTimeMs)
        if let back = predicted.last, timeMs < back.t {
            let i = predicted.firstIndex { $0.t > timeMs } ?? predicted.count
            predicted.insert(e, at: i)
        } else {
            predicted.append(e)
        }
    }

    /// Scores every queued predicted event that can be scored now (Chromium's `EvaluatePrediction`).
    public mutating func evaluate() {
        while let p = predicted.first {
            guard real.count >= 2, let back = real.last, back.t > p.t, back.t > p.frame else { return }
            compute(p)
            predicted.removeFirst()
        }
    }

    /// Forgets every queued event and the previous point (Chromium's `Reset`, at a new stroke);
    /// the records stay.
    public mutating func reset() {
        real.removeAll()
        predicted.removeAll()
        lastPredicted = nil
    }

    /// Counts the predicted events still queued as unscored and forgets them (the stroke ended).
    public mutating func finishStroke() {
        ignored += predicted.count
        reset()
    }

    /// The interpolation at `t` and the index of the real event before it, or `nil`.
    func interpolate(_ t: Double) -> (x: Double, y: Double, low: Int)? {
        var i = 0
        while i < real.count && t >= real[i].t { i += 1 }
        guard i > 0, i < real.count else { return nil }
        let a = real[i - 1], b = real[i]
        let alpha = (t - a.t) / (b.t - a.t)
        return (a.x + alpha * (b.x - a.x), a.y + alpha * (b.y - a.y), i - 1)
    }

    static func signed(_ px: Double, _ py: Double, truth: (x: Double, y: Double), next: Event) -> Double {
        let rx = next.x - truth.x, ry = next.y - truth.y
        let dx = px - truth.x, dy = py - truth.y
        let length = (dx * dx + dy * dy).squareRoot()
        return rx * dx + ry * dy >= 0 ? length : -length
    }

    mutating func compute(_ p: Event) {
        // As Chromium: each interpolation found replaces the held one; the held ones and this
        // point's position become the "previous" values even when this point is not scored.
        let atTime = interpolate(p.t)
        let atFrame = interpolate(p.frame)
        if let atTime { interpolated = (atTime.x, atTime.y) }
        if let atFrame { frameInterpolated = (atFrame.x, atFrame.y) }
        defer {
            lastPredicted = (p.x, p.y)
            lastInterpolated = interpolated
            lastFrameInterpolated = frameInterpolated
        }
        guard let atTime, let atFrame else {
            ignored += 1
            return
        }
        let first = min(atTime.low, atFrame.low)
        let overUnder = Self.signed(p.x, p.y, truth: interpolated, next: real[atTime.low + 1])
        let frameOverUnder = Self.signed(p.x, p.y, truth: frameInterpolated, next: real[atFrame.low + 1])
        var record = Record(overUnderPx: overUnder, frameOverUnderPx: frameOverUnder, predictionJitterPx: nil, visualJitterPx: nil)
        if let lp = lastPredicted {
            let dx = (interpolated.x - p.x) - (lastInterpolated.x - lp.x)
            let dy = (interpolated.y - p.y) - (lastInterpolated.y - lp.y)
            record.predictionJitterPx = (dx * dx + dy * dy).squareRoot()
            let fx = (frameInterpolated.x - p.x) - (lastFrameInterpolated.x - lp.x)
            let fy = (frameInterpolated.y - p.y) - (lastFrameInterpolated.y - lp.y)
            record.visualJitterPx = (fx * fx + fy * fy).squareRoot()
        }
        records.append(record)
        // Chromium drops real events no longer needed (all but one before the earliest used).
        if first > 1 { real.removeFirst(first - 1) }
    }
}
