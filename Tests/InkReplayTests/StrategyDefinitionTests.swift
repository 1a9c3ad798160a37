import InkPrediction
import InkReplay
import Testing
import InkStrategies

/// The catalog without the `--strategies` grammar: strategies made from values, each range
/// stated once and checked once.
@Suite("Strategy definitions")
struct StrategyDefinitionTests {
    @Test func madeFromValuesAndNamedAfterThem() throws {
        let plain = try StrategyCatalog.strategy(named: "kalman")
        #expect(plain.name == "kalman")
        #expect(plain.capMs == nil)
        let capped = try StrategyCatalog.strategy(named: "kalman", ["cap_ms": 16, "sigma_p": 0.02])
        #expect(capped.name == "kalman[sigma_p=0.02,cap_ms=16]")  // the definition's order, not the dictionary's
        #expect(capped.capMs == 16)
        #expect(try StrategyCatalog.strategy(named: "braking", ["cap_ms": nil]).capMs == nil)
        let names = try StrategyCatalog.strategies(named: StrategyCatalog.defaultNames).map(\.name)
        #expect(names == StrategyCatalog.defaultNames)
    }

    /// `cap_ms` becomes `Strategy.capMs` in one place (the definition's `strategy(_:paths:)`),
    /// for every definition that lists the harness cap, whatever its builder: typed, simple,
    /// platform, android (which needs its model file, so it is left out here) and added.
    @Test func everyDefinitionWithTheHarnessCapCarriesItsValue() throws {
        var checked = 0
        for definition in StrategyCatalog.all where definition.name != "android" && definition.parameters.contains(where: { $0.name == "cap_ms" }) {
            #expect(try definition.strategy(["cap_ms": 7.5]).capMs == 7.5, "\(definition.name)")
            #expect(try definition.strategy(["cap_ms": nil]).capMs == nil, "\(definition.name)")
            let byDefault = definition.parameters.first { $0.name == "cap_ms" }?.defaultValue
            #expect(try definition.strategy().capMs == byDefault, "\(definition.name)")
            checked += 1
        }
        #expect(checked >= 8)
        // A definition without the cap (kalman-chromium applies its own limits) has none.
        #expect(try StrategyCatalog.strategy(named: "kalman-chromium").capMs == nil)
        let added = StrategyDefinition(name: "half", about: "a test strategy", parameters: []) { _ in NoPredictor() }
        #expect(try added.strategy(["cap_ms": 3]).capMs == 3)
    }

    /// The strategy's cap and the run's (`--horizon-cap-ms`, sweep's `--caps`) meet in
    /// `Strategy.capMs(under:)`: the smaller, or whichever is set.
    @Test func theRunsCapMeetsTheStrategysInOnePlace() {
        var strategy = Strategy.none
        var timing = Timing()
        #expect(strategy.capMs(under: timing) == nil)
        timing.capMs = 20
        #expect(strategy.capMs(under: timing) == 20)
        strategy.capMs = 12
        #expect(strategy.capMs(under: timing) == 12)
        timing.capMs = 8
        #expect(strategy.capMs(under: timing) == 8)
        timing.capMs = nil
        #expect(strategy.capMs(under: timing) == 12)
    }

    @Test func harnessLimitsCarryTheirRange() {
        #expect(throws: StrategySpecError("linear: cap_ms = -1 is invalid: expected a number from 0 to 10000 or 'off'")) {
            try StrategyCatalog.strategy(named: "linear", ["cap_ms": -1])
        }
        #expect(throws: StrategySpecError("kalman: gap_ms = -0.5 is invalid: expected a number from 0 to 10000 or 'off'")) {
            try StrategyCatalog.strategy(named: "kalman", ["gap_ms": -0.5])
        }
        #expect(throws: StrategySpecError.self) { try StrategyCatalog.strategy(named: "linear", ["cap_ms": .infinity]) }
        #expect(throws: StrategySpecError("linear: unknown parameter 'sigma_p'; known: cap_ms, gap_ms")) {
            try StrategyCatalog.strategy(named: "linear", ["sigma_p": 1])
        }
    }

    /// A predictor's own range is its parameter type's: the catalog states none beside it.
    @Test func predictorRangesAreTheParameterTypes() throws {
        for definition in StrategyCatalog.builtIn {
            for p in definition.parameters where p.range != nil {
                #expect(["cap_ms", "gap_ms"].contains(p.name), "\(definition.name).\(p.name) states a range beside its predictor's")
            }
        }
        // The predictor's check, not a rule on names ending in _ms: Chromium's gap reset must be > 0.
        #expect(throws: StrategySpecError.self) { try StrategyCatalog.strategy(named: "kalman-chromium", ["gap_ms": 0]) }
        // Signed ms parameters are the parameter type's to bound.
        #expect(try StrategyCatalog.strategy(named: "flutter-resampler", ["offset_ms": -50]).name == "flutter-resampler[offset_ms=-50]")
        #expect(throws: StrategySpecError.self) { try StrategyCatalog.strategy(named: "flutter-resampler", ["offset_ms": -500]) }
    }

    @Test func aRangeOfYourOwnIsCheckedBeforeYourBuilder() throws {
        let gain = StrategyParameter(name: "gain", defaultValue: 0.5, about: "share", range: 0...1)
        let damped = StrategyDefinition(name: "damped", about: "test", parameters: [gain]) { values in
            #expect((0...1).contains(values["gain"] ?? -1))
            return LinearPredictor()
        }
        #expect(throws: StrategySpecError("damped: gain = 1.5 is invalid: expected a number from 0 to 1")) {
            try damped.strategy(["gain": 1.5])
        }
        #expect(try damped.strategy(["gain": 1]).parameters.map(\.value) == ["1", "off", "off"])
    }

    @Test func stagesWrapWithTheirValuesChecked() throws {
        let oneEuro = try StrategyCatalog.stage(named: "oneeuro")
        let s = try oneEuro.applied(to: try StrategyCatalog.strategy(named: "kalman"), ["beta": 0.01])
        #expect(s.name == "oneeuro+kalman")
        #expect(s.parameters.first { $0.name == "oneeuro.beta" }?.value == "0.01")
        #expect(throws: StrategySpecError.self) { try oneEuro.applied(to: .none, ["gamma": 1]) }
        #expect(throws: StrategySpecError.self) { try StrategyCatalog.stage(named: "kalman") }
    }
}
