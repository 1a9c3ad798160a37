/// Android's stylus-prediction telemetry, re-expressed: `MotionPredictorMetricsManager` of AOSP
/// frameworks/native (`libs/input/MotionPredictorMetricsManager.cpp`, as in the LineageOS mirror
/// `LineageOS/android_frameworks_native` at 33be5720ee21ff68dbc22bca8842e33c02f60cd0; its tests
/// `libs/input/tests/MotionPredictorMetricsManager_test.cpp` at 4b884cf102ea996eb56df3d2788ee26b13dee09c).
/// Android's units and constants are kept inside: time in ns, positions in px, the bucket
/// width 12.5 ms / 3 (4.17 ms, one 240 Hz interval, in integer ns), 5 buckets, the
/// high-velocity threshold 1100 px/s, the path-length epsilon 0.001 px, and values reported
/// as truncated integer milli-units.
///
/// Per stroke (a down clears it; an up with at least two recorded points reports it):
/// - Each real point is pushed into a buffer of the last `maxPredictions + 1` points. Every
///   prediction whose target time is within a quarter bucket (exclusive) of the new point's
///   time is *matched* to it; predictions whose target is at or before `t - quarter` are
///   forgotten. A prediction can match two real points that are within half a bucket.
/// - For a match, the error `e = prediction - matched` is split along the last real segment
///   (previous real point to the matched one): along-trajectory (signed, positive ahead) and
///   off-trajectory; a zero segment counts `|e|` as both. The bucket is
///   `round((target - origin) / interval - 1)`, `origin` the newest real point's time when the
///   prediction was made. Android's C++ does not check that index; here a point outside
///   `0 ..< maxPredictions` is dropped and counted (``droppedOutsideBuckets``).
/// - Per bucket: along mean and SD (population), off RMSE, pressure RMSE (predicted pressure
///   minus the matched point's); for the last two buckets the along and off RMSE over matches
///   whose segment speed is over 1100 px/s; for the last bucket the scale-invariant along and
///   off RMSE: each error divided by the buffered truth's path length (scaled up as if the
///   buffer were full, plus 0.001 px), the RMSE per bucket, averaged over all buckets.
///
/// Android computes in `float`; this port computes in `Double`, so a truncated milli-unit can
/// differ by 1 where a value sits on an integer boundary (Android's own tests allow ±1).
///
/// ```swift
/// var m = AndroidPredictionMetrics()
/// m.down()
/// m.record(.init(timeNs: 0, xPx: 0, yPx: 0, pressure: 0.5))
/// m.predict([.init(targetNs: 4_166_666, xPx: 1, yPx: 0, pressure: 0.5)])
/// m.record(.init(timeNs: 4_166_666, xPx: 1, yPx: 0, pressure: 0.5))
/// let atoms = m.up()   // 5 atoms, one per bucket
/// ```
public struct AndroidPredictionMetrics: Sendable {
    /// Android's constants; the defaults are what the platform and its tests use.
    public struct Parameters: Sendable, Equatable {
        /// The bucket width (ns): 12,500,000 / 3 in integer ns, one 240 Hz input interval.
        public var predictionIntervalNs: Int64 = 12_500_000 / 3
        /// Buckets (and the truth buffer holds one more point).
        public var maxPredictions = 5
        /// Speed over which the last two buckets' high-velocity errors count (px/s).
        public var highVelocityPxPerS = 1100.0
        /// Added to the path length (px).
        public var pathLengthEpsilonPx = 0.001

        public init() {}

        /// Checks every value, naming the first bad one.
        public func validate() throws(FixedHorizonError) {
            guard predictionIntervalNs > 0 else {
                throw FixedHorizonError("android: prediction interval = \(predictionIntervalNs) ns is invalid: expected > 0")
            }
            guard maxPredictions >= 2, maxPredictions <= 100 else {
                throw FixedHorizonError("android: buckets = \(maxPredictions) is invalid: expected 2 to 100")
            }
        }
    }

    /// A real point (Android's `GroundTruthPoint`).
    public struct RealPoint: Sendable, Equatable {
        public var timeNs: Int64
        public var xPx: Double
        public var yPx: Double
        public var pressure: Double
        public init(timeNs: Int64, xPx: Double, yPx: Double, pressure: Double) {
            self.timeNs = timeNs
            self.xPx = xPx
            self.yPx = yPx
            self.pressure = pressure
        }
    }

    /// A predicted point (Android's `PredictionPoint` without its origin, which is the newest
    /// real point's time when it is handed over).
    public struct PredictedPoint: Sendable, Equatable {
        public var targetNs: Int64
        public var xPx: Double
        public var yPx: Double
        public var pressure: Double
        public init(targetNs: Int64, xPx: Double, yPx: Double, pressure: Double) {
            self.targetNs = targetNs
            self.xPx = xPx
            self.yPx = yPx
            self.pressure = pressure
        }
    }

    /// One reported atom (Android's `AtomFields`): a bucket's figures in truncated integer
    /// milli-px (pressure: milli-units); `nil` where Android writes its no-data sentinel
    /// (`INT32_MIN`).
    public struct Atom: Sendable, Equatable {
        public var deltaTimeBucketMs: Int?
        public var alongMeanMilliPx: Int?
        public var alongSDMilliPx: Int?
        public var offRMSEMilliPx: Int?
        public var pressureRMSEMilli: Int?
        public var highVelocityAlongRMSEMilliPx: Int?
        public var highVelocityOffRMSEMilliPx: Int?
        public var scaleInvariantAlongRMSEMilli: Int?
        public var scaleInvariantOffRMSEMilli: Int?
        public init() {}
    }

    struct Pending: Sendable {
        var point: PredictedPoint
        var originNs: Int64
    }

    struct Bucket: Sendable {
        var alongSum = 0.0, alongSquares = 0.0, offSquares = 0.0, pressureSquares = 0.0, count = 0
        var highAlongSquares = 0.0, highOffSquares = 0.0, highCount = 0
        var scaledAlongSquares = 0.0, scaledOffSquares = 0.0, scaledCount = 0
    }

    public let parameters: Parameters
    var truth: [RealPoint] = []
    var pending: [Pending] = []
    var buckets: [Bucket]

    /// Predicted points handed over, in all strokes so far.
    public private(set) var predictionsGiven = 0
    /// Matches made (a prediction matched to a real point), in all strokes so far.
    public private(set) var matches = 0
    /// Matched points whose bucket index fell outside `0 ..< maxPredictions` (dropped).
    public private(set) var droppedOutsideBuckets = 0
    /// Predicted points that were never matched before being forgotten or the stroke ended.
    public private(set) var unmatched = 0
    var pendingMatched: [Bool] = []

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        buckets = Array(repeating: Bucket(), count: parameters.maxPredictions)
    }

    /// A pen-down: forgets the previous stroke's data (Android's `clearStrokeData`).
    public mutating func down() {
        unmatched += pendingMatched.filter { !$0 }.count
        truth.removeAll(keepingCapacity: true)
        pending.removeAll(keepingCapacity: true)
        pendingMatched.removeAll(keepingCapacity: true)
        buckets = Array(repeating: Bucket(), count: parameters.maxPredictions)
    }

    /// A real point (down or move), matched against the pending predictions.
    public mutating func record(_ p: RealPoint) {
        truth.append(p)
        if truth.count > parameters.maxPredictions + 1 { truth.removeFirst() }
        let quarter = parameters.predictionIntervalNs / 4
        var firstKept = 0
        while firstKept < pending.count && !(pending[firstKept].point.targetNs > p.timeNs - quarter) { firstKept += 1 }
        if firstKept > 0 {
            unmatched += pendingMatched[..<firstKept].filter { !$0 }.count
            pending.removeFirst(firstKept)
            pendingMatched.removeFirst(firstKept)
        }
        for i in pending.indices {
            let target = pending[i].point.targetNs
            if target > p.timeNs - quarter && target < p.timeNs + quarter {
                pendingMatched[i] = true
                aggregate(pending[i])
            }
        }
    }

    /// Predictions made now (after the newest real point), in any order.
    public mutating func predict(_ points: [PredictedPoint]) {
        guard let origin = truth.last?.timeNs else { return }
        for p in points {
            pending.append(Pending(point: p, originNs: origin))
            pendingMatched.append(false)
            predictionsGiven += 1
        }
        // A stable sort by target time (Android sorts with operator< on the target).
        let order = pending.indices.sorted { (pending[$0].point.targetNs, $0) < (pending[$1].point.targetNs, $1) }
        pending = order.map { pending[$0] }
        pendingMatched = order.map { pendingMatched[$0] }
    }

    /// A pen-up: the stroke's atoms (one per bucket), or `nil` when fewer than two real points
    /// were recorded (Android reports nothing then).
    public mutating func up() -> [Atom]? {
        guard truth.count >= 2 else { return nil }
        return atoms()
    }

    mutating func aggregate(_ prediction: Pending) {
        guard truth.count >= 2 else { return }
        matches += 1
        let latest = truth[truth.count - 1], previous = truth[truth.count - 2]
        let gx = latest.xPx - previous.xPx, gy = latest.yPx - previous.yPx
        let ex = prediction.point.xPx - latest.xPx, ey = prediction.point.yPx - latest.yPx
        let norm = (ex * ex + ey * ey).squareRoot()
        var along = norm, off = norm
        let segment = (gx * gx + gy * gy).squareRoot()
        if segment > 0 {
            along = (ex * gx + ey * gy) / segment
            off = (ey * gx - ex * gy) / segment
        }
        let delta = Double(prediction.point.targetNs - prediction.originNs)
        let index = (delta / Double(parameters.predictionIntervalNs) - 1).rounded(.toNearestOrAwayFromZero)
        guard index >= 0, index < Double(parameters.maxPredictions) else {
            droppedOutsideBuckets += 1
            return
        }
        let i = Int(index)
        buckets[i].alongSum += along
        buckets[i].alongSquares += along * along
        buckets[i].offSquares += off * off
        let pressureError = prediction.point.pressure - latest.pressure
        buckets[i].pressureSquares += pressureError * pressureError
        buckets[i].count += 1
        let dtS = Double(latest.timeNs - previous.timeNs) / 1e9
        let speed = segment / dtS
        if i + 2 >= parameters.maxPredictions && speed > parameters.highVelocityPxPerS {
            buckets[i].highAlongSquares += along * along
            buckets[i].highOffSquares += off * off
            buckets[i].highCount += 1
        }
        var path = 0.0
        for k in 1..<truth.count {
            let dx = truth[k].xPx - truth[k - 1].xPx, dy = truth[k].yPx - truth[k - 1].yPx
            path += (dx * dx + dy * dy).squareRoot()
        }
        path *= Double(parameters.maxPredictions) / Double(truth.count - 1)
        path += parameters.pathLengthEpsilonPx
        buckets[i].scaledAlongSquares += (along / path) * (along / path)
        buckets[i].scaledOffSquares += (off / path) * (off / path)
        buckets[i].scaledCount += 1
    }

    /// Android's `computeAtomFields`.
    func atoms() -> [Atom] {
        var out = Array(repeating: Atom(), count: parameters.maxPredictions)
        func milli(_ v: Double) -> Int { Int((v * 1000).rounded(.towardZero)) }
        for i in buckets.indices {
            let b = buckets[i]
            guard b.count > 0 else { continue }
            let n = Double(b.count)
            out[i].deltaTimeBucketMs = Int(parameters.predictionIntervalNs / 1_000_000) * (i + 1)
            let mean = b.alongSum / n
            out[i].alongMeanMilliPx = milli(mean)
            out[i].alongSDMilliPx = milli(max(0, b.alongSquares / n - mean * mean).squareRoot())
            out[i].offRMSEMilliPx = milli((b.offSquares / n).squareRoot())
            out[i].pressureRMSEMilli = milli((b.pressureSquares / n).squareRoot())
            if i + 2 >= parameters.maxPredictions && b.highCount > 0 {
                out[i].highVelocityAlongRMSEMilliPx = milli((b.highAlongSquares / Double(b.highCount)).squareRoot())
                out[i].highVelocityOffRMSEMilliPx = milli((b.highOffSquares / Double(b.highCount)).squareRoot())
            }
            if i + 1 == parameters.maxPredictions {
                // Android aborts when a bucket has no scale-invariant data here; such a bucket
                // adds nothing to the sums (it still counts in the average's divisor).
                var alongSum = 0.0, offSum = 0.0
                for c in buckets where c.scaledCount > 0 {
                    alongSum += (c.scaledAlongSquares / Double(c.scaledCount)).squareRoot()
                    offSum += (c.scaledOffSquares / Double(c.scaledCount)).squareRoot()
                }
                out[i].scaleInvariantAlongRMSEMilli = milli(alongSum / Double(buckets.count))
                out[i].scaleInvariantOffRMSEMilli = milli(offSum / Double(buckets.count))
            }
        }
        return out
    }
}
