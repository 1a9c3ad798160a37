import Foundation
import InkPrediction
import InkReplay
@testable import InkStrategies
import InkTestSupport
import Testing

/// What a registered strategy must come with: a row in the README's strategy table, a current
/// row in the docs' generated parameter reference, a `predict-NAME` benchmark with its allocation
/// gate (both made from the registry: `StrategyCatalog.predictorBenchmarks`), and parameters that parse. A new
/// built-in that lacks one of them fails here, naming it.
@Suite("Strategy registry")
struct StrategyRegistryTests {
    static func text(_ relative: String) throws -> String {
        try String(contentsOfFile: ProjectData.path(relative), encoding: .utf8)
    }

    /// The README's strategy table: its rows' first cells (a cell may name several, `jetpack`, `jetpack-safe`, ...).
    @Test func everyStrategyHasAReadmeRow() throws {
        let firstCells = try Self.text("README.md").split(separator: "\n").filter { $0.hasPrefix("| `") }
            .map { $0.dropFirst(2).prefix { $0 != "|" } }
        for d in StrategyCatalog.builtIn {
            #expect(firstCells.contains { $0.contains("`\(d.name)`") }, "README.md: no strategy-table row names `\(d.name)`")
        }
    }

    /// docs/predictors.md holds the parameter reference as `bench list --markdown` prints it.
    @Test func docsParameterReferenceIsCurrent() throws {
        let docs = try Self.text("docs/predictors.md")
        let begin = try #require(docs.range(of: StrategyReference.beginMarker + "\n"), "docs/predictors.md: no parameter reference")
        let end = try #require(docs.range(of: "\n" + StrategyReference.endMarker, range: begin.upperBound..<docs.endIndex))
        let committed = String(docs[begin.upperBound..<end.lowerBound])
        let generated = StrategyReference.markdownTable()
        #expect(committed == generated, "docs/predictors.md's parameter reference is stale; replace it with `swift run bench list --markdown`:\n\(generated)")
        for d in StrategyCatalog.builtIn { #expect(committed.contains("| `\(d.name)` |"), "no reference row for \(d.name)") }
    }

    /// Every strategy that predicts from samples alone has its `predict-NAME` benchmark, and
    /// every stage a `predict-STAGE-STRATEGY` one in front of a registered strategy, each made
    /// from its defaults: the Benchmarks package runs exactly `predictorBenchmarks` and gates
    /// each at 0 allocations per sample (`AllocationGate` writes one threshold per entry).
    @Test func everyStrategyHasABenchmarkGate() throws {
        let benchmarks = StrategyCatalog.predictorBenchmarks
        let names = benchmarks.map(\.name)
        #expect(Set(names).count == names.count, "two predictor benchmarks share a name: \(names)")
        for d in StrategyCatalog.builtIn where !d.needsRecordedPredictions {
            let entry = benchmarks.first { $0.name == "predict-\(d.name)" }
            #expect(entry != nil, "no predict-\(d.name) benchmark")
            // Only a strategy with a file parameter (android's model) may be absent here.
            if !d.parameters.contains(where: { $0.kind == .path }) {
                #expect(entry?.strategy != nil, "predict-\(d.name): its strategy cannot be made from its defaults")
            }
        }
        for s in StrategyCatalog.stages {
            #expect(StrategyCatalog.definition(named: s.measuredInFrontOf) != nil, "stage \(s.name): measured in front of '\(s.measuredInFrontOf)', not a registered strategy")
            let entry = benchmarks.first { $0.name == "predict-\(s.name)-\(s.measuredInFrontOf)" }
            #expect(entry?.strategy?.name == "\(s.name)+\(s.measuredInFrontOf)", "no benchmark for the \(s.name) stage")
        }
        // The CI step writes the gates from this list and checks the smoke run against them.
        let ci = try Self.text(".ci/run")
        #expect(ci.contains("inkperf gates .build/allocation-gates") && ci.contains("thresholds check --target InkBenchmarks --no-progress --path .build/allocation-gates"))
    }

    /// Each number parameter takes its own default back, by name, through the grammar (the
    /// look-up sweep and tune use); the strategy keeps the name it is given.
    @Test func everyParameterParsesByName() throws {
        for d in StrategyCatalog.builtIn {
            guard (try? d.strategy()) != nil else { continue }  // android without its model file
            for p in d.parameters where p.kind == .number {
                let text = p.defaultValue.map(StrategyCatalog.formatNumber) ?? "off"
                let s = try StrategySpec.parse("\(d.name):\(p.name)=\(text)")
                #expect(s.name == "\(d.name)[\(p.name)=\(text)]")
                #expect(s.parameters.contains { $0.name == p.name && $0.value == text }, "\(d.name): \(p.name)")
            }
        }
    }

    /// A typed strategy's list is its predictor type's fields, in their order, then the harness limits.
    @Test func typedStrategiesListTheirFields() throws {
        let braking = try #require(StrategyCatalog.definition(named: "braking"))
        #expect(braking.parameters.map(\.name) == BrakingPredictor.Parameters.fields.map(\.name) + ["cap_ms", "gap_ms"])
        #expect(braking.parameters.first?.defaultValue == BrakingPredictor.Parameters().windowMs)
        #expect(braking.parameters.first?.unit == "ms")
        let second = try #require(StrategyCatalog.definition(named: "linear-second"))
        #expect(second.parameters.map(\.name) == ["gap_ms", "cap_ms"])
        let capped = try StrategySpec.parse("linear-second:cap_ms=8,gap_ms=30")
        #expect(capped.capMs == 8)
        #expect(capped.gapResetMs == nil)  // its gap_ms is the predictor's own reset, not the harness's
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("linear-second:gap_ms=0") }
    }

    /// android and the ink-stroke-modeler pair are typed too: android's list is its model path,
    /// then its predictor's fields; `ink-modeler-end` takes the tip's fields alone.
    @Test func androidAndInkModelerListTheirFields() throws {
        let limits = ["cap_ms", "gap_ms"]
        let android = try #require(StrategyCatalog.definition(named: "android"))
        #expect(android.parameters.map(\.name) == ["model"] + AndroidMotionPredictor.Parameters.fields.map(\.name) + limits)
        #expect(android.parameters.first?.kind == .path)
        #expect(android.parameters.first { $0.name == "px_mm" }?.defaultValue == AndroidMotionPredictor.Parameters().pxPerMm)
        #expect(android.parameters.first { $0.name == "lead_ms" }?.acceptedText == "a number of ms from 0 to 1000 or 'off'")
        let modeler = try #require(StrategyCatalog.definition(named: "ink-modeler"))
        #expect(modeler.parameters.map(\.name) == InkModelerKalmanPredictor.Parameters.fields.map(\.name) + limits)
        #expect(modeler.parameters.map { $0.defaultValue.map(StrategyCatalog.formatNumber) ?? "off" }
            == ["10", "180", "1", "60", "0.00026458", "0.026458", "off", "off"])
        let end = try #require(StrategyCatalog.definition(named: "ink-modeler-end"))
        #expect(end.parameters.map(\.name) == ["unit_mm", "rate_hz", "wobble"] + limits)
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("ink-modeler-end:prediction_hz=30") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("ink-modeler:wobble=2") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("ink-modeler:rate_hz=0") }
        let s = try StrategySpec.parse("ink-modeler:prediction_hz=120,wobble=0,cap_ms=16")
        #expect(s.name == "ink-modeler[prediction_hz=120,wobble=0,cap_ms=16]")  // named in the order written
        #expect(s.capMs == 16)
    }
}
