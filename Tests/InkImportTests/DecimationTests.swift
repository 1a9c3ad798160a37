import Foundation
import InkImport
import InkPrediction
import InkTestSupport
import InkTraces
import Testing

/// Decimation (benchmark model 4a): the first sample, each at least 0.99 / R after the last kept,
/// and the last; never an interpolated sample; the ground truth stays the full-rate path.
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

    @Test func eachSampleAWholeIntervalAfterTheLastKept() throws {
        // 8 ms reports with one dropped (16 ms gap), taken to 60 Hz (16.7 ms; 16.5 ms within 1 %).
        let times = [0, 0.008, 0.016, 0.024, 0.040, 0.048, 0.056, 0.064]
        let out = try Decimation.resample(try Self.trace(times), toHz: 60)
        // 16 ms is not 16.5 after 0; 24 is; 40 is 16 after 24 (no); 48 is 24 after (yes); 64 is 16
        // after 48 (no) but is the stroke's last sample, always kept.
        #expect(out.strokes[0].t == [0, 0.024, 0.048, 0.064])
        #expect(out.strokes[0].t.allSatisfy { times.contains($0) })
        // The nominal interval is the median of the kept intervals (24, 24, 16 ms).
        #expect(abs(out.nominalInterval - 0.024) < 1e-12)
    }

    @Test func withinOnePercentCountsAsAWholeInterval() throws {
        // A 240 Hz pen with 1 µs of jitter, to 120 Hz: 8.332 ms is within 1 % of 8.333 ms.
        let times = [0, 0.004166, 0.008332, 0.012499, 0.016664]
        let out = try Decimation.resample(try Self.trace(times), toHz: 120)
        #expect(out.strokes[0].t == [0, 0.008332, 0.016664])
    }

    @Test func theGroundTruthStaysTheFullRatePath() throws {
        // A bend between two kept samples: the truth passes through the dropped sample.
        let times = [0, 0.004, 0.008, 0.012, 0.016]
        let stroke = try Stroke(t: times, x: [0, 1, 2, 1, 0], y: [0, 0, 0, 0, 0])
        let source = try Trace(name: "pen", strokes: [stroke], source: "pen.csv")
        let out = try Decimation.resample(source, toHz: 125)
        #expect(out.strokes[0].t == [0, 0.008, 0.016])
        let truth = out.strokes[0].groundTruth()
        #expect(abs(truth.position(at: 0.004).x - 1) < 1e-12)
        #expect(abs(truth.position(at: 0.012).x - 1) < 1e-12)
    }
    @Test func neverRaisesTheRate() throws {
        let source = try Self.trace((0..<10).map { Double($0) / 120 })
        for rate in [120.0, 240, 0, -5, .nan] {
            let error = #expect(throws: ImportError.self) { try Decimation.resample(source, toHz: rate) }
            #expect(error?.file == "pen")
            #expect(error?.message.contains("expected") == true)
        }
    }

    /// The 2 % margin is stated once (`Decimation.isBelow`): resample refuses exactly the rates it calls too high.
    @Test func theRateMarginIsOneTest() throws {
        let source = try Self.trace((0..<30).map { Double($0) / 120 })
        let inputHz = 1 / source.nominalInterval
        for rate in [100.0, inputHz * 0.97, inputHz * 0.98, inputHz * 0.981, inputHz * 0.99, 119.9] {
            let made = (try? Decimation.resample(source, toHz: rate)) != nil
            #expect(made == Decimation.isBelow(rate, inputHz: inputHz), "\(rate) Hz")
        }
        #expect(Decimation.isBelow(117.5, inputHz: 120) && !Decimation.isBelow(117.7, inputHz: 120))
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
