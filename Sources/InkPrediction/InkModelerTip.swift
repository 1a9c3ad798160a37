/// The state of google/ink-stroke-modeler's modeled pen tip: position, velocity and
/// acceleration (in the modeler's length unit, per s and s²) at a time (s).
///
/// Source: google/ink-stroke-modeler, `ink_stroke_modeler/internal/internal_types.h`
/// (`TipState`), commit 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78, Apache-2.0.
public struct InkModelerTipState: Sendable, Equatable {
    public var x: Double, y: Double
    public var vx: Double, vy: Double
    public var ax: Double, ay: Double
    /// Time (s).
    public var t: Double

    @inlinable
    public init(x: Double, y: Double, vx: Double = 0, vy: Double = 0, ax: Double = 0, ay: Double = 0, t: Double) {
        self.x = x
        self.y = y
        self.vx = vx
        self.vy = vy
        self.ax = ax
        self.ay = ay
        self.t = t
    }
}

/// google/ink-stroke-modeler's position modeler: the pen tip as a mass pulled by a spring
/// towards an anchor that moves along the (upsampled) raw inputs, with drag.
///
/// Source: `ink_stroke_modeler/internal/position_modeler.{h,cc}` and the upsampling of
/// `stroke_modeler.cc` (`NumberOfStepsBetweenInputs`, `UpdateAlongLinearPath`), commit
/// 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78. Per update to an anchor `A` at time `t`:
/// `a = (A − p) / k_spring − k_drag · v`, `v += Δt · a`, `p += Δt · v` (semi-implicit Euler).
/// Between two inputs the anchor moves in `ceil(Δt · min_output_rate)` equal steps.
/// Constants (`PositionModelerParams` defaults): `spring_mass_constant` 11/32400 s²,
/// `drag_constant` 72 /s; unit-free in length. Left out (off or absent in InkBench's
/// use): the angle-based extra steps
/// (`max_estimated_angle_to_traverse_per_input` −1: off), loop-contraction mitigation (off by
/// default) and the stylus-state modeler (no pressure).
public struct InkModelerPositionModeler: Sendable {
    /// The spring and drag constants and the output rate.
    public struct Parameters: Sendable, Equatable {
        /// `spring_mass_constant` (s²): 11/32400.
        public var springMassConstant = 11.0 / 32400
        /// `drag_constant` (1/s): 72.
        public var dragConstant = 72.0
        /// `min_output_rate` (Hz): 180, the library's README and tests.
        public var minOutputRateHz = 180.0
        /// `end_of_stroke_stopping_distance` (modeler units): 0.001, README and tests.
        public var endStoppingDistance = 0.001
        /// `end_of_stroke_max_iterations`: 20.
        public var endMaxIterations = 20

        public init(
            springMassConstant: Double = 11.0 / 32400, dragConstant: Double = 72, minOutputRateHz: Double = 180,
            endStoppingDistance: Double = 0.001, endMaxIterations: Int = 20
        ) {
            self.springMassConstant = springMassConstant
            self.dragConstant = dragConstant
            self.minOutputRateHz = minOutputRateHz
            self.endStoppingDistance = endStoppingDistance
            self.endMaxIterations = endMaxIterations
        }

        /// Throws unless the constants are finite and > 0 (the rate within its field's range,
        /// the iterations from 1 to 1000).
        public func validate(predictor: String) throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
            for (name, v) in [("spring", springMassConstant), ("drag", dragConstant), ("stop_distance", endStoppingDistance)] {
                guard v.isFinite, v > 0 else {
                    throw PredictorParameterError(predictor: predictor, parameter: name, value: v, expected: "a finite number > 0")
                }
            }
            guard endMaxIterations >= 1, endMaxIterations <= 1000 else {
                throw PredictorParameterError(
                    predictor: predictor, parameter: "end_iterations", value: Double(endMaxIterations),
                    expected: "an integer from 1 to 1000")
            }
        }
    }

    public let parameters: Parameters
    /// The modeled tip.
    public var state: InkModelerTipState
    @usableFromInline var lastInputX = 0.0, lastInputY = 0.0, lastInputT = 0.0
    @usableFromInline var started = false

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        state = InkModelerTipState(x: 0, y: 0, t: 0)
    }

    /// One spring step to the anchor `(ax, ay)` at time `t` (the library's `Update`).
    @inlinable
    public mutating func step(anchorX: Double, anchorY: Double, t: Double) {
        let dt = t - state.t
        state.ax = (anchorX - state.x) / parameters.springMassConstant - parameters.dragConstant * state.vx
        state.ay = (anchorY - state.y) / parameters.springMassConstant - parameters.dragConstant * state.vy
        state.vx += dt * state.ax
        state.vy += dt * state.ay
        state.x += dt * state.vx
        state.y += dt * state.vy
        state.t = t
    }

    /// Feeds a raw input (modeler units, s): the first starts the tip at rest there; later ones
    /// move the anchor to it in `ceil(Δt · rate)` steps.
    @inlinable
    public mutating func input(x: Double, y: Double, t: Double) {
        guard started else {
            started = true
            state = InkModelerTipState(x: x, y: y, t: t)
            lastInputX = x
            lastInputY = y
            lastInputT = t
            return
        }
        let steps = ((t - lastInputT) * parameters.minOutputRateHz).rounded(.up)
        let n = steps.isFinite ? Int(max(0, min(steps, 100_000))) : 0
        if n > 0 {
            for i in 1...n {
                let w = Double(i) / Double(n)
                step(
                    anchorX: lastInputX + (x - lastInputX) * w, anchorY: lastInputY + (y - lastInputY) * w,
                    t: lastInputT + (t - lastInputT) * w)
            }
        }
        lastInputX = x
        lastInputY = y
        lastInputT = t
    }

    /// Forgets the stroke.
    @inlinable
    public mutating func reset() { started = false }

    /// Whether an input has started the tip.
    @inlinable public var hasStarted: Bool { started }

    /// The library's `ModelEndOfStroke`: steps towards `anchor` at the output rate, halving the
    /// step after an overshoot, until within the stopping distance, no longer moving, or out
    /// of iterations; each kept state goes to `visit` (return `false` to stop early).
    @inlinable
    public mutating func modelEndOfStroke(
        anchorX: Double, anchorY: Double, visit: (InkModelerTipState) -> Bool
    ) {
        var dt = 1 / parameters.minOutputRateHz
        let stop = parameters.endStoppingDistance
        for _ in 0..<parameters.endMaxIterations {
            let previous = state
            step(anchorX: anchorX, anchorY: anchorY, t: previous.t + dt)
            let candidate = state
            let mx = candidate.x - previous.x, my = candidate.y - previous.y
            if (mx * mx + my * my).squareRoot() < stop { return }
            // Nearest point on the step's segment to the anchor, as a fraction of the step.
            let len2 = mx * mx + my * my
            let closest = len2 == 0 ? 0 : min(1, max(0, ((anchorX - previous.x) * mx + (anchorY - previous.y) * my) / len2))
            if closest < 1 {
                dt *= 0.5
                state = previous
                continue
            }
            if !visit(candidate) { return }
            let rx = candidate.x - anchorX, ry = candidate.y - anchorY
            if (rx * rx + ry * ry).squareRoot() < stop { return }
        }
    }
}

extension InkModelerPositionModeler.Parameters: DescribedParameters {
    /// The output rate as a strategy parameter; the spring, drag and end-of-stroke constants
    /// stay the library's (checked by ``validate(predictor:)``).
    public static let fields: [ParameterField<Self>] = [
        ParameterField("rate_hz", \.minOutputRateHz, unit: "Hz", range: .above(0, atMost: 10_000), about: "min_output_rate")
    ]
}
