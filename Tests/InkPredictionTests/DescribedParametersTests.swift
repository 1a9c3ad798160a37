import InkPrediction
import Testing

/// The typed parameter lists (`DescribedParameters`): every stored property of a predictor's
/// `Parameters` is a field (or a stated constant), each field reads and writes its own property,
/// its default lies in its range, and a value outside it is refused naming the field.
@Suite("typed predictor parameters")
struct DescribedParametersTests {
    /// The stored leaves of a value: nested structs are opened, everything else counts once.
    static func leafCount(_ value: Any) -> Int {
        let mirror = Mirror(reflecting: value)
        guard mirror.displayStyle == .struct, !mirror.children.isEmpty else { return 1 }
        return mirror.children.reduce(0) { $0 + leafCount($1.value) }
    }

    /// A value inside `range` other than `avoid` (to see a write land).
    static func inside(_ range: ParameterRange, avoiding avoid: Double?) -> Double {
        var candidates = [range.upperBound, range.lowerBound, range.lowerBound + 1, range.lowerBound + 0.5]
        if range.upperBound == .infinity { candidates = [range.lowerBound + 1, range.lowerBound + 2] }
        return candidates.first { range.contains($0) && $0 != avoid } ?? range.lowerBound
    }

    /// Checks `P`'s fields against `defaults`; `constants` names the stored leaves that are
    /// deliberately not strategy parameters.
    static func check<P: DescribedParameters & Equatable>(_ defaults: P, constants: [String] = []) {
        let names = P.fields.map(\.name)
        #expect(Set(names).count == names.count, "a field name is given twice: \(names)")
        #expect(leafCount(defaults) == P.fields.count + constants.count, "\(P.self): a stored property has no field: \(names) + \(constants)")
        #expect(throws: Never.self) { try defaults.validate(predictor: "test") }
        for field in P.fields {
            #expect(!field.name.isEmpty && !field.about.isEmpty && field.name == field.name.lowercased())
            let d = field.value(in: defaults)
            if let d { #expect(field.range.contains(d), "\(field.name)'s default \(d) is outside its range") }
            // A write lands in this field and no other.
            var changed = defaults
            let v = inside(field.range, avoiding: d)
            #expect(throws: Never.self) { try field.set(v, in: &changed, predictor: "test") }
            #expect(field.value(in: changed) == v, "\(field.name)")
            for other in P.fields where other.name != field.name {
                #expect(other.value(in: changed) == other.value(in: defaults), "setting \(field.name) changed \(other.name)")
            }
            // Outside the range, and not a number: refused, naming the field.
            let below = field.range.excludesLowerBound ? field.range.lowerBound : field.range.lowerBound - 1
            for bad in [below, .nan, .infinity] {
                var copy = defaults
                do throws(PredictorParameterError) {
                    try field.set(bad, in: &copy, predictor: "test")
                    Issue.record("\(field.name) = \(bad) was accepted")
                } catch {
                    #expect(error.parameter == field.name && error.predictor == "test")
                    #expect(error.description.contains("expected \(field.expected)"))
                }
                #expect(copy == defaults)
            }
            if field.range.wholeNumbers && field.range.upperBound > field.range.lowerBound + 1 {
                var copy = defaults
                #expect(throws: PredictorParameterError.self) { try field.set(field.range.lowerBound + 0.5, in: &copy, predictor: "test") }
            }
        }
    }

    @Test func braking() { Self.check(BrakingPredictor.Parameters()) }
    @Test func kalmanFilter() { Self.check(KalmanFilter.Parameters()) }
    @Test func kalman() { Self.check(KalmanPredictor.Parameters()) }
    @Test func chromiumKalman() { Self.check(ChromiumKalmanPredictor.Parameters()) }
    @Test func jetpack() { Self.check(JetpackKalmanPredictor.Parameters(), constants: ["mode (the strategy's name)"]) }
    @Test func linearResampling() {
        Self.check(LinearResamplingPredictor.Parameters(), constants: ["minDeltaMs", "maxDeltaMs"])
    }
    @Test func flutterResampler() { Self.check(FlutterResamplerPredictor.Parameters()) }
    @Test func linearSecond() { Self.check(ChromiumLinearSecondPredictor.Parameters()) }
    @Test func oneEuro() { Self.check(OneEuroFilter.Parameters()) }
    @Test func horizonController() { Self.check(HorizonControllerParameters()) }
    @Test func android() { Self.check(AndroidMotionPredictor.Parameters()) }
    @Test func inkModeler() {
        Self.check(
            InkModelerKalmanPredictor.Parameters(),
            constants: [
                "springMassConstant", "dragConstant", "endStoppingDistance", "endMaxIterations", "minStableIteration",
                "maxTimeSamples", "minCatchupVelocity", "accelerationWeight", "jerkWeight", "desiredNumberOfSamples",
                "maxEstimationDistance", "minTravelSpeed", "maxTravelSpeed", "maxLinearDeviation", "baselineLinearityConfidence",
                "timeout", "speedFloor", "speedCeiling",
            ])
        let tip = InkModelerKalmanPredictor.Parameters.tipFields.map(\.name)
        #expect(tip == ["unit_mm", "rate_hz", "wobble"])
        #expect(InkModelerKalmanPredictor.Parameters.fields.map(\.name).starts(with: tip))
    }

    /// `prediction_hz` is the reciprocal of the stored interval: 60 Hz reads back from the
    /// library's 1/60 s exactly, and a rate written lands as its interval.
    @Test func reciprocalFieldsConvert() throws {
        var p = InkModelerKalmanPredictor.Parameters()
        let field = try #require(InkModelerKalmanPredictor.Parameters.field(named: "prediction_hz"))
        #expect(field.value(in: p) == 60)
        try field.set(120, in: &p, predictor: "ink-modeler")
        #expect(p.kalman.predictionInterval == 1.0 / 120)
        #expect(throws: PredictorParameterError.self) { try field.set(0, in: &p, predictor: "ink-modeler") }
    }

    /// What an error says was expected comes from the bounds and the unit, never restated by hand.
    @Test func expectedTextsAreDerivedFromTheBounds() {
        #expect(ParameterRange.closed(0, 1000).expected(unit: "ms") == "a number of ms from 0 to 1000")
        #expect(ParameterRange.closed(0.001, 0.5).expected() == "a finite number from 0.001 to 0.5")
        #expect(ParameterRange.above(0).expected() == "a finite number > 0")
        #expect(ParameterRange.above(0, atMost: 10_000).expected(unit: "Hz") == "a number of Hz > 0 and at most 10000")
        #expect(ParameterRange.atLeast(0).expected(unit: "1/mm") == "a number in 1/mm >= 0")
        #expect(ParameterRange.integers(1...1000).expected() == "an integer from 1 to 1000")
        #expect(ParameterRange.flag.expected() == "0 or 1")
        #expect(ParameterRange.closed(0, 200, atMostField: "cap_max_ms").expected(unit: "ms") == "a number of ms from 0 to 200 and at most cap_max_ms")
        let window = BrakingPredictor.Parameters.field(named: "window_ms")
        #expect(window?.expected == "a number of ms from 1 to 200")
    }

    /// Nested fields reach the inner value: `kalman-chromium`'s `sigma_p` is its Kalman filter's.
    @Test func nestedFieldsWriteTheInnerValue() throws {
        var p = ChromiumKalmanPredictor.Parameters()
        let field = try #require(ChromiumKalmanPredictor.Parameters.field(named: "sigma_p"))
        try field.set(0.5, in: &p, predictor: "kalman-chromium")
        #expect(p.kalman.filter.sigmaProcess == 0.5)
        let ready = try #require(ChromiumKalmanPredictor.Parameters.field(named: "ready_after"))
        try ready.set(7, in: &p, predictor: "kalman-chromium")
        #expect(p.kalman.filter.stableIterations == 7)
    }

    /// A check between parameters stays with the type: `start_ms` above `cap_max_ms`.
    @Test func crossParameterChecksRemain() {
        do throws(PredictorParameterError) {
            try HorizonControllerParameters(startMs: 50, capMaxMs: 45).validate()
            Issue.record("start_ms above cap_max_ms was accepted")
        } catch {
            #expect(error.parameter == "start_ms")
        }
        #expect(throws: PredictorParameterError.self) { try LinearResamplingPredictor.Parameters(minDeltaMs: 30).validate() }
    }

    /// A window of the test's own: `low_ms` at most `high_ms`, stated in its range alone.
    struct Window: DescribedParameters {
        var lowMs = 1.0
        var highMs = 5.0
        static let fields: [ParameterField<Self>] = [
            ParameterField("low_ms", \.lowMs, unit: "ms", range: .closed(0, 100, atMostField: "high_ms"), about: "low end (ms)"),
            ParameterField("high_ms", \.highMs, unit: "ms", range: .closed(0, 100), about: "high end (ms)"),
        ]
        func validate(predictor: String) throws(PredictorParameterError) { try validateFields(predictor: predictor) }
    }

    /// A bound naming a field the type does not have: a misspelt name.
    struct Misspelt: DescribedParameters {
        var lowMs = 1.0
        var highMs = 5.0
        static let fields: [ParameterField<Self>] = [
            ParameterField("low_ms", \.lowMs, unit: "ms", range: .closed(0, 100, atMostField: "hi_ms"), about: "low end (ms)"),
            ParameterField("high_ms", \.highMs, unit: "ms", range: .closed(0, 100), about: "high end (ms)"),
        ]
        func validate(predictor: String) throws(PredictorParameterError) { try validateFields(predictor: predictor) }
    }

    /// A misspelt bound is refused on every validation (its defaults too), never skipped, so
    /// the registry's tests, which make every strategy and stage from its defaults, catch it.
    @Test func aBoundNamingNoFieldIsRefused() {
        do throws(PredictorParameterError) {
            try Misspelt().validateFields(predictor: "m")
            Issue.record("a bound naming no field was skipped")
        } catch {
            #expect(error.parameter == "low_ms")
            #expect(error.expected.hasSuffix("(no parameter hi_ms in m)"))
        }
    }

    /// A bound by another field (`ParameterRange.atMostField`) is one fact: the range states it,
    /// `validateFields` checks it (after every field's own range), and the docs' text shows it.
    @Test func boundByAnotherFieldIsCheckedByValidateFields() throws {
        try Window(lowMs: 5, highMs: 5).validateFields(predictor: "w")  // equal is allowed
        let field = try #require(Window.field(named: "low_ms"))
        #expect(field.expected == "a number of ms from 0 to 100 and at most high_ms")
        do throws(PredictorParameterError) {
            try Window(lowMs: 6, highMs: 5).validateFields(predictor: "w")
            Issue.record("low_ms above high_ms was accepted")
        } catch {
            #expect(error.parameter == "low_ms" && error.value == 6)
            #expect(error.expected == "a number of ms from 0 to 100 and at most high_ms (high_ms = 5)")
        }
        // A value out of its own range is named first, whatever the bound between them.
        #expect(throws: PredictorParameterError.self) { try Window(lowMs: 6, highMs: 500).validateFields(predictor: "w") }
        // The two stages state theirs this way: validateFields alone refuses a start over the maximum.
        #expect(throws: PredictorParameterError.self) { try HorizonControllerParameters(startMs: 50, capMaxMs: 45).validateFields(predictor: "control") }
        #expect(throws: PredictorParameterError.self) { try LeadLearnerParameters(startMm: 2, maxMm: 1.5).validateFields(predictor: "lead") }
        try LeadLearnerParameters(startMm: 1.5, maxMm: 1.5).validateFields(predictor: "lead")
        #expect(HorizonControllerParameters.field(named: "start_ms")?.range.atMostField == "cap_max_ms")
        #expect(LeadLearnerParameters.field(named: "start_mm")?.range.atMostField == "max_mm")
    }
}
