/// The 1€ filter on one value: an adaptive low-pass filter whose cut-off rises with speed,
/// `fc = mincutoff + β·|dx̂|` (Casiez, Roussel and Vogel, "1€ Filter", CHI 2012).
///
/// Source: the reference implementation, github.com/casiez/OneEuroFilter (commit
/// b9926841e20557eb689d40e26d9fee9edbc69b8b, BSD-3-Clause), whose `groundTruth.csv` this type's
/// test reproduces within 1e-4. Behaviour, per value `x` at time `t` (s):
/// - the rate is re-estimated from every time difference, `freq = 1 / (t − t_prev)` (kept
///   when the difference is not positive; the first sample uses the initial `freq`);
/// - `dx = (x − x̂_prev) · freq` from the previous *filtered* value (0 on the first sample),
///   low-passed at `dcutoff`: `dx̂`;
/// - `x̂ = α·x + (1 − α)·x̂_prev` with `α = 1 / (1 + τ·freq)`, `τ = 1 / (2π·fc)`,
///   `fc = mincutoff + β·|dx̂|`; the first sample passes through both filters unchanged.
///
/// Units: cut-offs in Hz, `freq` in Hz, `β` in 1/(unit of x) (it multiplies a speed in
/// units/s to give Hz): per mm in InkBench. Chromium's `β` = 0.001 is per px (its DIPs,
/// 160 per inch: 0.15875 mm), which is 0.001 / 0.15875 = 0.0063 per mm.
///
/// ```swift
/// var f = OneEuroFilter(parameters: .init(minCutoffHz: 1, beta: 0.1, dCutoffHz: 1, frequencyHz: 120))
/// f.filter(0.5, at: 0)       // 0.5: the first value passes through
/// f.filter(0.7, at: 1 / 120) // between 0.5 and 0.7
/// ```
public struct OneEuroFilter: Sendable {
    /// The filter's constants.
    public struct Parameters: Sendable, Equatable {
        /// The cut-off at rest (Hz).
        public var minCutoffHz: Double
        /// The cut-off's growth with speed (1/mm when x is in mm).
        public var beta: Double
        /// The derivative's cut-off (Hz).
        public var dCutoffHz: Double
        /// The rate assumed until two samples give one (Hz).
        public var frequencyHz: Double

        /// The defaults are Chromium's (`ui/base/prediction/one_euro_filter.h`: 60 Hz,
        /// mincutoff 1.0 Hz, β 0.001 per px = 0.0063 per mm, dcutoff 1.0 Hz).
        public init(minCutoffHz: Double = 1, beta: Double = 0.001 / 0.15875, dCutoffHz: Double = 1, frequencyHz: Double = 60) {
            self.minCutoffHz = minCutoffHz
            self.beta = beta
            self.dCutoffHz = dCutoffHz
            self.frequencyHz = frequencyHz
        }

        /// Throws unless the cut-offs and the rate are finite and > 0 (at most 10 kHz) and
        /// `β` is finite and ≥ 0.
        public func validate(predictor: String = "oneeuro") throws(PredictorParameterError) {
            try validateFields(predictor: predictor)
        }
    }

    @usableFromInline let parameters: Parameters
    @usableFromInline var frequency: Double
    @usableFromInline var lastTime = 0.0
    @usableFromInline var filtered = 0.0
    @usableFromInline var filteredDerivative = 0.0
    @usableFromInline var started = false

    public init(parameters: Parameters = Parameters()) {
        self.parameters = parameters
        frequency = parameters.frequencyHz
    }

    /// The smoothing factor for a cut-off (Hz) at a rate (Hz).
    @inlinable
    static func alpha(cutoffHz: Double, frequencyHz: Double) -> Double {
        let tau = 1 / (2 * Double.pi * cutoffHz)
        return 1 / (1 + tau * frequencyHz)
    }

    /// Filters `x` at time `t` (s) and returns the filtered value.
    @inlinable
    public mutating func filter(_ x: Double, at t: Double) -> Double {
        guard started else {
            started = true
            lastTime = t
            filtered = x
            filteredDerivative = 0
            return x
        }
        if t > lastTime { frequency = 1 / (t - lastTime) }
        lastTime = t
        let dx = (x - filtered) * frequency
        let ad = OneEuroFilter.alpha(cutoffHz: parameters.dCutoffHz, frequencyHz: frequency)
        filteredDerivative = ad * dx + (1 - ad) * filteredDerivative
        let cutoff = parameters.minCutoffHz + parameters.beta * abs(filteredDerivative)
        let a = OneEuroFilter.alpha(cutoffHz: cutoff, frequencyHz: frequency)
        filtered = a * x + (1 - a) * filtered
        return filtered
    }

    /// Forgets the past, as at a new stroke.
    @inlinable
    public mutating func reset() {
        started = false
        frequency = parameters.frequencyHz
    }
}

extension OneEuroFilter.Parameters: StageParameters {
    /// A ``OneEuroFilteredPredictor`` with these constants in front of `inner`.
    public func stage<Inner: Predictor>(wrapping inner: Inner) -> any Predictor {
        OneEuroFilteredPredictor(base: inner, filter: self)
    }

    /// The filter's constants as stage parameters (`oneeuro(beta=0.01)+kalman`).
    public static let fields: [ParameterField<Self>] = {
        let hz = ParameterRange.above(0, atMost: 10_000)
        return [
            ParameterField("mincutoff", \.minCutoffHz, unit: "Hz", range: hz, about: "cut-off at rest (Hz)"),
            ParameterField(
                "beta", \.beta, unit: "1/mm", range: .atLeast(0),
                about: "cut-off growth per mm/s of speed (1/mm; Chromium's 0.001 per px at 160 px/in)"),
            ParameterField("dcutoff", \.dCutoffHz, unit: "Hz", range: hz, about: "derivative cut-off (Hz)"),
            ParameterField("freq", \.frequencyHz, unit: "Hz", range: hz, about: "rate assumed before two samples (Hz)"),
        ]
    }()
}
