import InkPrediction
import InkReplay
import InkStrategies
import Testing

/// Strategies of one's own (`StrategyCatalog.added`): parsed like built-ins, only where added.
@Suite("Added strategies")
struct AddedStrategyTests {
    static let half = StrategyDefinition(
        name: "half-linear", about: "test", parameters: [StrategyParameter(name: "gain", defaultValue: 0.5, about: "share")]
    ) { values throws(StrategySpecError) in
        guard let g = values["gain"], g >= 0 else { throw StrategySpecError("half-linear: gain must be >= 0") }
        return LinearPredictor()
    }

    @Test func parsedWithParametersAndLimitsWhereAdded() throws {
        let s = try StrategyCatalog.$added.withValue([Self.half]) { try StrategySpec.parse("half-linear:gain=0.3,cap_ms=12") }
        #expect(s.name == "half-linear[gain=0.3,cap_ms=12]")
        #expect(s.capMs == 12)
        #expect(s.parameters.map(\.name) == ["gain", "cap_ms", "gap_ms"])
        #expect(s.parameters.map(\.value) == ["0.3", "12", "off"])
        #expect(StrategyCatalog.$added.withValue([Self.half]) { StrategyCatalog.defaultRunNames.last } == "half-linear")
    }

    @Test func unknownElsewhereAndBadValuesRefusedAtParse() {
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("half-linear") }
        #expect(throws: StrategySpecError("half-linear: gain must be >= 0")) {
            try StrategyCatalog.$added.withValue([Self.half]) { try StrategySpec.parse("half-linear:gain=-1") }
        }
    }
}
