/// The `ink-modeler` strategy: google/ink-stroke-modeler's `KalmanPredictor` behind the
/// modeler's spring-modeled tip, as an app using `StrokeModeler::Predict` draws it.
///
/// Source: google/ink-stroke-modeler (commit 3fa5129ed1ae6f8b2ec4e9b60fa5d08cc81e2d78,
/// Apache-2.0): `stroke_modeler.cc` (each input after the first passes the wobble smoother, then
/// moves the position modeler and feeds the predictor; `Predict` builds the prediction from the
/// modeler's current tip), ``InkModelerWobbleSmoother``, ``InkModelerPositionModeler`` and
/// ``InkModelerKalman`` (every constant is documented there).
///
/// Units: the library is unit-free; its tests' constants are in cm and s, so inside it works
/// in a unit of `unitMM` mm (default 10: cm) and converts at the boundary.
///
/// What is shown: before the filter is stable the library predicts nothing and the app draws
/// the modeled stroke, which ends at the tip: this predictor answers the tip. Once stable,
/// ``predict(at:)`` interpolates linearly from the tip through the predicted points by their
/// times and holds the last beyond (the library's points end
/// `prediction_interval · confidence` after the connector).
///
/// ```swift
/// var p = InkModelerKalmanPredictor()
/// for i in 0..<30 { p.update(PenPoint(t: Double(i) / 240, x: Double(i) * 0.5, y: 0)) }
/// p.predict(at: 30.0 / 240)
/// ```
public struct InkModelerKalmanPredictor: Predictor {
    /// The modeler's and the predictor's constants, and the length unit.
    public struct Parameters: Sendable, Equatable {
        public var modeler = InkModelerPositionModeler.Parameters()
        public var kalman = InkModelerKalman.Parameters()
        /// The wobble smoother in front of the modeler (on, as in the library's README example).
        public var wobble = InkModelerWobbleSmoother.Parameters()
        /// The modeler's length unit in mm (10: the library's tests' cm).
        public var unitMM = 10.0

        public init(
            modeler: InkModelerPositionModeler.Parameters = .init(), kalman: InkModelerKalman.Parameters = .init(),
            wobble: InkModelerWobbleSmoother.Parameters = .init(), unitMM: Double = 10
        ) {
            self.modeler = modeler
            self.kalman = kalman
            self.wobble = wobble
            self.unitMM = unitMM
        }

        /// Throws if a constant is out of range: the fields', then each part's own constants.
        public func validate(predictor: String = "ink-modeler") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
            try modeler.validate(predictor: predictor)
            try kalman.validate(predictor: predictor)
            try wobble.validate(predictor: predictor)
        }
    }

    @usableFromInline var modeler: InkModelerPositionModeler
    @usableFromInline var kalman: InkModelerKalman
    @usableFromInline var smoother: InkModelerWobbleSmoother
    @usableFromInline let unitMM: Double

    public init(parameters: Parameters = Parameters()) {
        modeler = InkModelerPositionModeler(parameters: parameters.modeler)
        kalman = InkModelerKalman(parameters: parameters.kalman)
        smoother = InkModelerWobbleSmoother(parameters: parameters.wobble)
        unitMM = parameters.unitMM
    }

    @inlinable
    public mutating func update(_ sample: PenPoint) {
        let (x, y) = smoother.input(x: sample.x / unitMM, y: sample.y / unitMM, t: sample.t, strokeStarted: modeler.hasStarted)
        modeler.input(x: x, y: y, t: sample.t)
        kalman.update(x: x, y: y, t: sample.t)
    }

    @inlinable
    public func predict(at t: Double) -> PenPoint? {
        guard modeler.hasStarted else { return nil }
        let tip = modeler.state
        var reader = TailInterpolation(start: PenPoint(t: tip.t, x: tip.x, y: tip.y), at: t)
        kalman.constructPrediction(from: tip, outputRateHz: modeler.parameters.minOutputRateHz) { s in
            reader.take(PenPoint(t: s.t, x: s.x, y: s.y))
        }
        let p = reader.point
        return PenPoint(t: t, x: p.x * unitMM, y: p.y * unitMM)
    }

    @inlinable
    public mutating func reset() {
        modeler.reset()
        kalman.reset()
    }

    /// The modeled tip (modeler units), for tests.
    public var tip: InkModelerTipState { modeler.state }

    /// The library's `StrokeModeler::Predict`: each predicted state (modeler units) in order.
    public func predictedPoints(_ visit: (InkModelerTipState) -> Bool) {
        guard modeler.hasStarted else { return }
        kalman.constructPrediction(from: modeler.state, outputRateHz: modeler.parameters.minOutputRateHz, visit: visit)
    }
}

extension InkModelerKalmanPredictor.Parameters: DescribedParameters {
    /// The parameters of the modeled tip: the length unit, the modeler's output rate and the
    /// wobble switch (all ``InkModelerStrokeEndPredictor`` takes).
    public static let tipFields: [ParameterField<Self>] =
        [ParameterField("unit_mm", \.unitMM, unit: "mm", range: .above(0), about: "the modeler's length unit in mm (10: cm, its tests' unit)")]
        + InkModelerPositionModeler.Parameters.fields.map { $0.nested(in: \.modeler) }
        + InkModelerWobbleSmoother.Parameters.fields.map { $0.nested(in: \.wobble) }

    /// ``tipFields``, then the Kalman predictor's (in the modeler's unit).
    public static let fields: [ParameterField<Self>] = tipFields + InkModelerKalman.Parameters.fields.map { $0.nested(in: \.kalman) }
}
