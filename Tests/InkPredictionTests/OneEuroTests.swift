import Foundation
import InkPrediction
import InkTestSupport
import Testing

/// The 1€ filter against the reference implementation's own vectors, and as a stage.
@Suite("1€ filter")
struct OneEuroTests {
    /// `Tests/Fixtures/oneeuro/groundTruth.csv` (casiez/OneEuroFilter at b9926841):
    /// freq 120 Hz, mincutoff 1, beta 0.1, dcutoff 1; every `filtered` value within 1e-4.
    @Test
    func referenceGroundTruth() throws {
        let root = ProjectData.fixtures
        let text = try String(contentsOfFile: root + "/oneeuro/groundTruth.csv", encoding: .utf8)
        var filter = OneEuroFilter(parameters: .init(minCutoffHz: 1, beta: 0.1, dCutoffHz: 1, frequencyHz: 120))
        var rows = 0, worst = 0.0
        for line in text.split(separator: "\n").dropFirst() {
            let f = line.split(separator: ",").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
            try #require(f.count == 4, "bad row: \(line)")
            let got = filter.filter(f[2], at: f[0])
            worst = max(worst, abs(got - f[3]))
            rows += 1
        }
        #expect(rows == 1200)
        #expect(worst <= 1e-4, "largest difference \(worst)")
        print("1€ groundTruth.csv: \(rows) rows, largest difference \(worst)")
    }

    /// The first value passes through; a step is followed more closely at higher beta.
    @Test func firstValuePassesAndBetaSpeedsUp() {
        var slow = OneEuroFilter(parameters: .init(minCutoffHz: 1, beta: 0, dCutoffHz: 1, frequencyHz: 120))
        var fast = OneEuroFilter(parameters: .init(minCutoffHz: 1, beta: 1, dCutoffHz: 1, frequencyHz: 120))
        #expect(slow.filter(3, at: 0) == 3)
        #expect(fast.filter(3, at: 0) == 3)
        let a = slow.filter(4, at: 1.0 / 120), b = fast.filter(4, at: 1.0 / 120)
        #expect(a > 3 && a < 4 && b > a)
    }

    /// The stage filters before the predictor and answers the filtered sample when it declines.
    @Test func stageFiltersThenPredicts() throws {
        var p = OneEuroFilteredPredictor(base: NoPredictor(), filter: .init())
        #expect(p.predict(at: 0) == nil)
        p.update(PenPoint(t: 0, x: 0, y: 0))
        p.update(PenPoint(t: 0.01, x: 10, y: 0))
        let q = try #require(p.predict(at: 0.02))
        #expect(q.x > 0 && q.x < 10 && q.t == 0.02)
        #expect(throws: PredictorParameterError.self) { try OneEuroFilter.Parameters(beta: -1).validate() }
    }
}
