import InkMetrics
import InkPrediction
@testable import InkReplay
import InkStrategies
import InkTraces
import Testing

/// The `lead` stage through the replay: its grammar, and that its lead carries from one stroke
/// to the next of a trace (and only for a predictor that says it carries).
@Suite("lead stage (lead cut-off learnt across strokes) in replay")
struct LeadStageTests {
    /// Three straight strokes at 200 mm/s, 0.3 s each, 240 Hz, that end at full speed (the pen
    /// gives no sign of the lift), 0.5 s apart.
    static func abruptStrokes() throws -> Trace {
        let strokes = try (0..<3).map { s in
            let t = (0..<72).map { 0.8 * Double(s) + Double($0) / 240 }
            return try Stroke(t: t, x: t.map { 200 * ($0 - 0.8 * Double(s)) }, y: t.map { _ in 10 * Double(s) })
        }
        return try Trace(name: "abrupt", strokes: strokes)
    }

    /// The largest distance (mm) from a shown tip to its newest sample, per stroke.
    static func largestLead(_ frames: [Frame], stroke: Int) -> Double {
        frames.filter { $0.stroke == stroke && $0.predicted }.map {
            let dx = $0.tipX - $0.newest.x, dy = $0.tipY - $0.newest.y
            return (dx * dx + dy * dy).squareRoot()
        }.max() ?? 0
    }

    @Test func grammarNamesAndChecksTheStage() throws {
        let s = try StrategySpec.parse("control+lead(start_mm=1.2)+braking:lead_mm=100")
        #expect(s.name == "control+lead(start_mm=1.2)+braking[lead_mm=100]")
        #expect(s.parameters.contains { $0 == ("lead.start_mm", "1.2") })
        #expect(s.parameters.contains { $0 == ("lead.target_mm", "0.6") })
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("lead(start_mm=2)+braking") }
        #expect(throws: StrategySpecError.self) { try StrategySpec.parse("lead(target_mm=0)+braking") }
    }

    /// The first stroke runs at the start lead and overshoots its lift; the second and third use
    /// the lead that lift allowed, and their ink past the lift stays within target_mm, behind the
    /// horizon controller too. The same stages without carrying (a fresh memory per stroke)
    /// would repeat the first stroke's lead: checked against the first stroke itself.
    @Test func carriesTheLeadAcrossStrokesOfATrace() throws {
        let trace = try Self.abruptStrokes()
        for spec in ["lead(start_mm=2.5,max_mm=4)+linear", "control+lead(start_mm=2.5,max_mm=4)+linear"] {
            let strategy = try StrategySpec.parse(spec)
            var recorder = FrameRecorder()
            Replay.run(trace: trace, strategy: strategy, timing: Timing(), into: &recorder)
            let first = Self.largestLead(recorder.frames, stroke: 0)
            let second = Self.largestLead(recorder.frames, stroke: 1)
            #expect(first > 2.4, "\(spec): first stroke's largest lead \(first) mm")
            #expect(second < 1.6, "\(spec): second stroke's largest lead \(second) mm")
            var figures = [Double](repeating: 0, count: 3)
            for f in recorder.frames where f.kind == .afterLift && f.predicted {
                let end = trace.strokes[f.stroke].point(trace.strokes[f.stroke].count - 1)
                figures[f.stroke] = max(figures[f.stroke], f.tipX - end.x)
            }
            #expect(figures[0] > 1, "\(spec): ink past the first lift \(figures[0]) mm")
            #expect(figures[1] <= 0.6 + 1e-9 && figures[2] <= 0.6 + 1e-9, "\(spec): ink past the later lifts \(figures)")
        }
    }

    /// A predictor that does not carry is made fresh, with fresh frame clocks, for every
    /// stroke: the three identical strokes each get frames, and the largest lead of each is
    /// the same within 0.2 mm (the strokes sit differently on the trace's one frame clock, so
    /// frames are not compared one by one; a cap carried across strokes would change it).
    @Test func nothingCarriesForOtherPredictors() throws {
        let trace = try Self.abruptStrokes()
        var recorder = FrameRecorder()
        Replay.run(trace: trace, strategy: try StrategySpec.parse("control+linear"), timing: Timing(), into: &recorder)
        let tips = (0..<3).map { s in recorder.frames.filter { $0.stroke == s }.map { ($0.tipX - $0.newest.x, $0.predicted) } }
        // The frame clock is one per trace, so the strokes' alignments to it differ: compare the
        // largest lead alone, which a carried cap would change.
        let leads = (0..<3).map { Self.largestLead(recorder.frames, stroke: $0) }
        #expect(tips.allSatisfy { !$0.isEmpty })
        #expect(abs(leads[1] - leads[0]) < 0.2 && abs(leads[2] - leads[0]) < 0.2, "\(leads)")
    }
}
