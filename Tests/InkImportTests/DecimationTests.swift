import Foundation
import InkImport
import InkPrediction
import InkTestSupport
import InkTraces
import Testing

/// Decimation: the nearest recorded sample to each grid time of the new period, never an
/// interpolated one.
@Suite("Decimation to a lower input rate")
struct DecimationTests {
    static func trace(_ times: [Double], pressure: Bool = false, tails: Bool = false) throws -> Trace {
        let stroke = try Stroke(
            t: times, x: times.map { $0 * 100 }, y: times.map { $0 * 50 }, pressure: pressure ? times.map { _ in 0.5 } : nil,
            recordedPredictions: tails ? times.map { [PenPoint(t: $0 + 0.001, x: $0 * 100 + 1, y: $0 * 50)] } : nil)
        return try Trace(name: "pen", strokes: [stroke], source: "pen.csv")
    }

    @Test func everyKthSampleWhenTheRateDivides() throws {
        let times = (0..<25).map { Double($0) / 240 }
        let source = try Self.trace(times, pressure: true, tails: true)
        let half = try Decimation.resample(source, toHz: 120)
        #expect(half.strokes[0].t == stride(from: 0, to: 25, by: 2).map { times[$0] })
        #expect(half.name == "pen @120Hz")
        #expect(abs(half.nominalInterval - 1.0 / 120) < 1e-15)
        #expect(half.strokes[0].pressure?.count == 13)
        #expect(half.strokes[0].recordedPredictions?[1].first?.t == times[2] + 0.001)
        #expect(half.notices.last?.contains("13 of 25 samples kept") == true)
        let third = try Decimation.resample(source, toHz: 80)
        #expect(third.strokes[0].t == stride(from: 0, to: 25, by: 3).map { times[$0] })
    }

    @Test func nearestSampleWhenItDoesNot() throws {
        // 8 ms reports with one dropped (16 ms gap), taken to 60 Hz (16.7 ms).
        let times = [0, 0.008, 0.016, 0.024, 0.040, 0.048, 0.056, 0.064].map { $0 }
        let out = try Decimation.resample(try Self.trace(times), toHz: 60)
        // Grid 0, 16.7, 33.3, 50, 66.7 ms: nearest 0, 16, 40 (33.3 is 6.7 from 40, 9.3 from 24), 48, 64.
        #expect(out.strokes[0].t == [0, 0.016, 0.040, 0.048, 0.064])
        // Every kept time is a recorded one.
        #expect(out.strokes[0].t.allSatisfy { times.contains($0) })
    }

    @Test func gapsStayGaps() throws {
        let times = [0, 0.004, 0.008, 0.2, 0.204, 0.208]
        let out = try Decimation.resample(try Self.trace(times), toHz: 125)
        #expect(out.strokes[0].t == [0, 0.008, 0.2, 0.208])
    }

    @Test func neverRaisesTheRate() throws {
        let source = try Self.trace((0..<10).map { Double($0) / 120 })
        for rate in [120.0, 240, 0, -5, .nan] {
            let error = #expect(throws: ImportError.self) { try Decimation.resample(source, toHz: rate) }
            #expect(error?.file == "pen")
            #expect(error?.message.contains("expected") == true)
        }
    }

    @Test func aRealRecordingKeepsItsDevice() throws {
        let result = try DatasetSupport.loadAll()
        let spring = try #require(result.traces.first { $0.name == "google-ink-stylus/spring_shape.binarypb" })
        let out = try Decimation.resample(spring, toHz: 120)
        #expect(out.device == spring.device)
        #expect(out.strokes[0].count > spring.strokes[0].count / 3 && out.strokes[0].count < spring.strokes[0].count * 2 / 3)
        let kept = Set(spring.strokes[0].t)
        #expect(out.strokes[0].t.allSatisfy(kept.contains))
        #expect(out.strokes[0].recordedPredictions != nil)
    }
}
