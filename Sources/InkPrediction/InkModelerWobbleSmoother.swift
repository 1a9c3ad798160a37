/// google/ink-stroke-modeler's wobble smoother: a moving average of the raw inputs over a short
/// window, blended back towards the raw input as the average speed rises.
///
/// Source: google/ink-stroke-modeler, `ink_stroke_modeler/internal/wobble_smoother.cc`, commit
/// 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78 (Apache-2.0). Each input after the first adds its
/// position weighted by the time since the previous input, and the distance from it; inputs
/// older than `timeout` are dropped from the window; the smoothed position is
/// `interp(average, input, normalize01(speed_floor, speed_ceiling, distance / duration))`
/// (the input itself while the window's duration is 0). Constants: the library's README example,
/// timeout 0.04 s, speed floor 1.31 and ceiling 1.44 unit/s (cm/s there). The window holds at
/// most 256 inputs in a ring allocated once (6,400 inputs/s at the 40 ms timeout).
public struct InkModelerWobbleSmoother: Sendable {
    /// The smoother's constants (`WobbleSmootherParams`).
    public struct Parameters: Sendable, Equatable {
        /// Whether it smooths (`is_enabled`; true in the README example).
        public var isEnabled = true
        /// The window (s): 0.04.
        public var timeout = 0.04
        /// Speeds (unit/s) at and below which the average is used: 1.31.
        public var speedFloor = 1.31
        /// Speeds (unit/s) at and above which the raw input is used: 1.44.
        public var speedCeiling = 1.44

        public init(isEnabled: Bool = true, timeout: Double = 0.04, speedFloor: Double = 1.31, speedCeiling: Double = 1.44) {
            self.isEnabled = isEnabled
            self.timeout = timeout
            self.speedFloor = speedFloor
            self.speedCeiling = speedCeiling
        }

        /// Throws unless the timeout is finite and > 0 and 0 ≤ floor ≤ ceiling.
        public func validate(predictor: String) throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
            guard !isEnabled || (timeout.isFinite && timeout > 0) else {
                throw PredictorParameterError(predictor: predictor, parameter: "wobble_ms", value: timeout * 1000, expected: "a number of ms > 0")
            }
            guard !isEnabled || (speedFloor.isFinite && speedCeiling.isFinite && speedFloor >= 0 && speedFloor <= speedCeiling) else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: "wobble_floor", value: speedFloor,
                    expected: "a finite number from 0 to the ceiling (\(speedCeiling))")
            }
        }
    }

    /// One input in the window.
    @usableFromInline
    struct Entry: Sendable {
        @usableFromInline var x: Double, y: Double, wx: Double, wy: Double, distance: Double, duration: Double, t: Double
        @inlinable init(x: Double, y: Double, wx: Double, wy: Double, distance: Double, duration: Double, t: Double) {
            self.x = x
            self.y = y
            self.wx = wx
            self.wy = wy
            self.distance = distance
            self.duration = duration
            self.t = t
        }
    }

    public let parameters: Parameters
    @usableFromInline var window: [Entry]
    @usableFromInline var start = 0, count = 0
    @usableFromInline var sumX = 0.0, sumY = 0.0, sumDistance = 0.0, sumDuration = 0.0

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        window = Array(repeating: Entry(x: 0, y: 0, wx: 0, wy: 0, distance: 0, duration: 0, t: 0), count: 256)
    }

    @inlinable
    mutating func push(_ e: Entry) {
        if count == window.count { pop() }
        window[(start + count) % window.count] = e
        count += 1
    }

    @inlinable
    mutating func pop() {
        let e = window[start]
        sumX -= e.wx
        sumY -= e.wy
        sumDistance -= e.distance
        sumDuration -= e.duration
        start = (start + 1) % window.count
        count -= 1
    }

    /// Starts a stroke at an input (the library's `Reset`).
    @inlinable
    public mutating func reset(x: Double, y: Double, t: Double) {
        start = 0
        count = 0
        sumX = 0
        sumY = 0
        sumDistance = 0
        sumDuration = 0
        push(Entry(x: x, y: y, wx: 0, wy: 0, distance: 0, duration: 0, t: t))
    }

    /// What the position modeler gets for an input: the input itself at a stroke's first
    /// sample (which restarts the smoother), the smoothed position after it. Both ink-stroke-
    /// modeler predictors feed their modeler through this.
    @inlinable
    public mutating func input(x: Double, y: Double, t: Double, strokeStarted: Bool) -> (x: Double, y: Double) {
        guard strokeStarted else {
            reset(x: x, y: y, t: t)
            return (x, y)
        }
        return update(x: x, y: y, t: t)
    }

    /// The smoothed position for an input after the first (the library's `Update`).
    @inlinable
    public mutating func update(x: Double, y: Double, t: Double) -> (x: Double, y: Double) {
        guard parameters.isEnabled, count > 0 else { return (x, y) }
        let last = window[(start + count - 1) % window.count]
        let dt = t - last.t
        let dx = x - last.x, dy = y - last.y
        let e = Entry(x: x, y: y, wx: x * dt, wy: y * dt, distance: (dx * dx + dy * dy).squareRoot(), duration: dt, t: t)
        push(e)
        sumX += e.wx
        sumY += e.wy
        sumDistance += e.distance
        sumDuration += e.duration
        while count > 0, window[start].t < t - parameters.timeout { pop() }
        guard sumDuration != 0 else { return (x, y) }
        let ax = sumX / sumDuration, ay = sumY / sumDuration
        let speed = sumDistance / sumDuration
        let w: Double
        if parameters.speedFloor == parameters.speedCeiling {
            w = speed > parameters.speedFloor ? 1 : 0
        } else {
            w = min(1, max(0, (speed - parameters.speedFloor) / (parameters.speedCeiling - parameters.speedFloor)))
        }
        return (ax + (x - ax) * w, ay + (y - ay) * w)
    }
}

extension InkModelerWobbleSmoother.Parameters: DescribedParameters {
    /// The switch as a strategy parameter; the window and speeds stay the README example's.
    public static let fields: [ParameterField<Self>] = [
        ParameterField("wobble", \.isEnabled, about: "1: wobble smoother on (40 ms, 1.31-1.44 unit/s, README example); 0: off")
    ]
}
