import Foundation
import InkPrediction
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@testable import InkImport

/// The per-sample assembler (a `Sample` array, a tail and a location per sample) that
/// ``TraceAssembler`` replaced with columns (issue 28: 125 ms of hour.csv's read): kept here,
/// unchanged, as the oracle the column assembler must match to the bit, error for error.
struct TraceAssemblerOracle {
    /// The file, for errors and the trace's source.
    let file: String
    private(set) var strokes: [Stroke] = []
    private var samples: [Sample] = []
    private var tails: [[PenPoint]] = []
    private var hasTails = false
    private var locations: [InkImport.SourceLocation] = []
    private var tool: Tool = .pen
    /// Samples dropped because an equal timestamp followed.
    private(set) var mergedCount = 0
    /// Recorded predicted points dropped because they were not after the previous point.
    private(set) var droppedPredictions = 0
    /// Strokes split at a gap over ``/InkTraces/InputLimits/strokeSplitGapS``, and where the first was.
    private(set) var gapSplits = 0, firstGapSplit: InkImport.SourceLocation?
    /// Strokes split at an impossible jump (``/InkTraces/InputLimits/jumpDistanceMM``), and where the first was.
    private(set) var jumpSplits = 0, firstJumpSplit: InkImport.SourceLocation?
    /// Samples in the strokes finished so far, plus the open stroke.
    var sampleCount: Int { strokes.reduce(samples.count) { $0 + $1.count } }
    /// Whether a stroke is open.
    var isOpen: Bool { !samples.isEmpty }

    init(file: String) { self.file = file }

    /// Makes room for a stroke of `samples` samples, so that a reader that knows its longest
    /// stroke does not grow the arrays step by step (copying them). Changes nothing else.
    mutating func reserveCapacity(_ samples: Int) {
        self.samples.reserveCapacity(samples)
        tails.reserveCapacity(samples)
        locations.reserveCapacity(samples)
    }

    /// Ends any open stroke and starts a new one made by `tool`.
    mutating func beginStroke(tool: Tool) throws(ImportError) {
        try endStroke()
        self.tool = tool
    }

    /// Adds a sample to the open stroke (opening one with the last tool if none is open).
    ///
    /// - Parameters:
    ///   - s: the sample (s, mm).
    ///   - tail: the predicted points the platform recorded with this sample, if the
    ///     format carries them (times in s, positions in mm).
    ///   - location: where the sample is in the file, for errors.
    mutating func add(_ s: Sample, tail: [PenPoint]? = nil, at location: InkImport.SourceLocation) throws(ImportError) {
        guard s.t.isFinite else { throw location.error(file: file, "time \(s.t) is not a finite number of seconds") }
        guard InputLimits.timestampS.contains(s.t) else {
            throw location.error(
                file: file,
                "time \(s.t) s is outside the accepted range; expected \(InputLimits.describe(InputLimits.timestampS)) s (check the time unit)")
        }
        guard s.x.isFinite, s.y.isFinite else {
            throw location.error(file: file, "position (\(s.x), \(s.y)) mm is not finite; expected finite numbers")
        }
        guard InputLimits.positionMM.contains(s.x), InputLimits.positionMM.contains(s.y) else {
            throw location.error(
                file: file,
                "position (\(s.x), \(s.y)) mm is outside the accepted range; expected \(InputLimits.describe(InputLimits.positionMM)) mm (check the scale)")
        }
        // Checked one by one, in this order (an array of the three per sample cost an allocation).
        if let v = s.pressure, !v.isFinite { throw location.error(file: file, "pressure \(v) is not a finite number") }
        if let v = s.tilt, !v.isFinite { throw location.error(file: file, "tilt \(v) is not a finite number") }
        if let v = s.azimuth, !v.isFinite { throw location.error(file: file, "azimuth \(v) is not a finite number") }
        if let p = s.pressure, !(p >= 0 && p <= 1) {
            throw location.error(file: file, "pressure \(p) is outside 0...1; expected a normalised pressure")
        }
        var cleanTail: [PenPoint] = []
        if let tail {
            hasTails = true
            var previous = s.t
            for (j, p) in tail.enumerated() {
                guard p.t.isFinite, p.x.isFinite, p.y.isFinite else {
                    throw location.error(file: file, "recorded prediction \(j) is not finite")
                }
                guard InputLimits.timestampS.contains(p.t), InputLimits.positionMM.contains(p.x),
                    InputLimits.positionMM.contains(p.y)
                else {
                    throw location.error(
                        file: file,
                        "recorded prediction \(j) at \(p.t) s, (\(p.x), \(p.y)) mm is outside the accepted range; expected times \(InputLimits.describe(InputLimits.timestampS)) s and positions \(InputLimits.describe(InputLimits.positionMM)) mm")
                }
                if p.t > previous || (cleanTail.isEmpty && p.t >= previous) {
                    cleanTail.append(p)
                    previous = p.t
                } else {
                    droppedPredictions += 1
                }
            }
        }
        if let last = samples.last {
            if s.t < last.t {
                throw location.error(
                    file: file,
                    "time \(s.t) s is before the previous sample's \(last.t) s; expected non-decreasing time within a stroke")
            }
            if s.t == last.t {
                // The later sample replaces the earlier; it is then checked against the one
                // before, as if the earlier had never come (so a written trace reads back the same).
                samples.removeLast()
                tails.removeLast()
                locations.removeLast()
                mergedCount += 1
            }
        }
        if let last = samples.last {
            let dt = s.t - last.t
            let step = ((s.x - last.x) * (s.x - last.x) + (s.y - last.y) * (s.y - last.y)).squareRoot()
            if dt > InputLimits.strokeSplitGapS {
                gapSplits += 1
                if firstGapSplit == nil { firstGapSplit = location }
                try beginStroke(tool: tool)
            } else if step > InputLimits.jumpDistanceMM && step > InputLimits.jumpSpeedMMPerS * dt {
                jumpSplits += 1
                if firstJumpSplit == nil { firstJumpSplit = location }
                try beginStroke(tool: tool)
            } else if let first = samples.first, s.t - first.t > InputLimits.strokeDurationS {
                throw location.error(
                    file: file,
                    "stroke \(strokes.count) lasts \(s.t - first.t) s by this sample; expected at most \(InputLimits.strokeDurationS) s per stroke (check the time unit)")
            }
        }
        samples.append(s)
        tails.append(cleanTail)
        locations.append(location)
    }

    /// Finishes the open stroke, if any, validating it.
    mutating func endStroke() throws(ImportError) {
        guard let firstLocation = locations.first else { return }
        do {
            let stroke = try Stroke(samples: samples, tool: tool, recordedPredictions: hasTails ? tails : nil)
            strokes.append(stroke)
        } catch {
            let where_ = error.sample.flatMap { $0 < locations.count ? locations[$0] : nil } ?? firstLocation
            throw where_.error(file: file, "stroke \(strokes.count): \(error.message)")
        }
        samples.removeAll(keepingCapacity: true)
        tails.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
    }

    /// The finished trace, named after the file; adds notices for merged timestamps and dropped predictions.
    ///
    /// - Parameters:
    ///   - notices: the reader's own notices, kept before the assembler's.
    ///   - nominalInterval: the trace's nominal input interval (s); `nil` means the median sample interval.
    ///   - end: where the file ends (its last line or byte count), for "no strokes" errors.
    mutating func trace(notices: [String], nominalInterval: Double? = nil, end: InkImport.SourceLocation = .file) throws(ImportError) -> Trace {
        try endStroke()
        // The notices' wording and the trace's validation are shared; what is compared is how
        // each assembler builds the strokes and counts what it merged, split and dropped.
        return try TraceAssembler.finishedTrace(
            file: file, strokes: strokes, notices: notices, merged: mergedCount,
            gapSplits: (gapSplits, firstGapSplit), jumpSplits: (jumpSplits, firstJumpSplit),
            droppedPredictions: droppedPredictions, nominalInterval: nominalInterval, end: end)
    }
}


/// The column ``TraceAssembler`` against ``TraceAssemblerOracle``: the same calls give the same
/// trace (every bit, notices, name) or the same error (file, line or byte, message).
struct TraceAssemblerTests {
    /// One call to an assembler.
    enum Step {
        case begin(Tool)
        case add(Sample, tail: [PenPoint]?, at: InkImport.SourceLocation)
        case end
    }

    /// Runs `steps` and then `trace(...)` on both assemblers; records a difference.
    ///
    /// `reserve`: room both make for a stroke first (``TraceAssembler/reserveCapacity(_:)``).
    static func compare(_ steps: [Step], nominal: Double?, reserve: Int = 0, label: String) -> Bool {
        var a = TraceAssembler(file: "f.csv")
        var o = TraceAssemblerOracle(file: "f.csv")
        a.reserveCapacity(reserve)
        o.reserveCapacity(reserve)
        func run<T>(_ body: () throws(ImportError) -> T) -> Result<T, ImportError> {
            do throws(ImportError) { return .success(try body()) } catch { return .failure(error) }
        }
        var resultA: Result<Trace, ImportError>?, resultO: Result<Trace, ImportError>?
        for step in steps where resultA == nil || resultO == nil {
            let (ra, ro): (Result<Void, ImportError>, Result<Void, ImportError>)
            switch step {
            case .begin(let tool):
                ra = run { () throws(ImportError) in try a.beginStroke(tool: tool) }
                ro = run { () throws(ImportError) in try o.beginStroke(tool: tool) }
            case .add(let s, let tail, let at):
                ra = run { () throws(ImportError) in try a.add(s, tail: tail, at: at) }
                ro = run { () throws(ImportError) in try o.add(s, tail: tail, at: at) }
            case .end:
                ra = run { () throws(ImportError) in try a.endStroke() }
                ro = run { () throws(ImportError) in try o.endStroke() }
            }
            if case .failure(let e) = ra { resultA = .failure(e) }
            if case .failure(let e) = ro { resultO = .failure(e) }
            if (resultA == nil) != (resultO == nil) { break }
        }
        if resultA == nil && resultO == nil {
            resultA = run { () throws(ImportError) in try a.trace(notices: ["n"], nominalInterval: nominal, end: .line(99)) }
            resultO = run { () throws(ImportError) in try o.trace(notices: ["n"], nominalInterval: nominal, end: .line(99)) }
        }
        switch (resultA, resultO) {
        case (.success(let x)?, .success(let y)?):
            let same = sameTrace(x, y) && x.notices == y.notices && x.name == y.name && x.source == y.source
            #expect(same, "\(label): the traces differ")
            return same
        case (.failure(let x)?, .failure(let y)?):
            #expect(x == y, "\(label): errors differ: \(x) / \(y)")
            return x == y
        default:
            Issue.record("\(label): column assembler \(String(describing: resultA)), oracle \(String(describing: resultO))")
            return false
        }
    }

    /// Random calls: times that repeat (merges), go back, jump over the split gap; positions
    /// that jump or leave the range; non-finite values; axes on some samples only or on all;
    /// tails absent, empty, or with points not after the sample; tools changing.
    static func randomSteps(_ rng: inout SplitMix64, count: Int, axesMode: Int, tailMode: Int) -> [Step] {
        func unit() -> Double { Double(rng.next() % 1_000_000) / 1_000_000 }
        var steps: [Step] = [.begin(.pen)]
        var t = unit() * 10, x = 0.0, y = 0.0
        let tools: [Tool] = [.pen, .finger, .eraser, .mouse]
        for i in 0..<count {
            let r = rng.next() % 1000
            switch r {
            case 0..<700: t += 0.004 + unit() * 0.002
            case 700..<800: break  // an equal time: merged
            case 800..<805: t -= 0.001  // backwards: an error
            case 805..<815: t += 31  // a gap: split
            case 815..<817: t = .nan
            case 817..<819: t = 1e13
            default: t += 0.008
            }
            let jump = rng.next() % 100 == 0
            x += jump ? 80 : unit() - 0.5
            y += unit() - 0.5
            var px = x
            if rng.next() % 500 == 0 { px = rng.next() % 2 == 0 ? .infinity : 1e9 }
            var s = Sample(t: t, x: px, y: y)
            let withAxes: Bool
            switch axesMode {
            case 0: withAxes = false
            case 1: withAxes = true
            default: withAxes = rng.next() % 8 != 0
            }
            if withAxes {
                s.pressure = rng.next() % 300 == 0 ? 1.5 : unit()
                s.tilt = rng.next() % 3 == 0 ? nil : unit()
                s.azimuth = rng.next() % 400 == 0 ? .nan : unit() * 6
            }
            var tail: [PenPoint]?
            switch tailMode {
            case 0: tail = nil
            case 1: tail = (0..<Int(rng.next() % 3)).map { k in PenPoint(t: t + 0.004 * Double(k), x: x + 0.1, y: y) }
            default:
                if rng.next() % 3 != 0 {
                    tail = (0..<Int(rng.next() % 4)).map { k in
                        PenPoint(t: t + (rng.next() % 5 == 0 ? -0.001 : 0.004 * Double(k + 1)), x: x, y: rng.next() % 700 == 0 ? .nan : y)
                    }
                }
            }
            let at: InkImport.SourceLocation = i % 2 == 0 ? .line(i + 3) : .byte(i * 40)
            steps.append(.add(s, tail: tail, at: at))
            if t.isNaN || t > 1e12 { t = Double(i) }
            switch rng.next() % 200 {
            case 0: steps.append(.end)
            case 1: steps.append(.begin(tools[Int(rng.next() % 4)]))
            default: break
            }
        }
        return steps
    }

    @Test func randomCallsGiveTheOraclesTraceOrError() {
        var rng = SplitMix64(seed: 2811)
        var succeeded = 0, failed = 0
        for c in 0..<1500 {
            let steps = Self.randomSteps(&rng, count: 1 + Int(rng.next() % 400), axesMode: c % 3, tailMode: (c / 3) % 3)
            let nominal: Double? = c % 2 == 0 ? nil : 0.004
            if Self.compare(steps, nominal: nominal, reserve: c % 2 == 0 ? 0 : 64, label: "case \(c)") {
                // Count which way the case went, so the test shows it exercised both.
                var o = TraceAssemblerOracle(file: "f.csv")
                var ok = true
                for step in steps where ok {
                    do throws(ImportError) {
                        switch step {
                        case .begin(let tool): try o.beginStroke(tool: tool)
                        case .add(let s, let tail, let at): try o.add(s, tail: tail, at: at)
                        case .end: try o.endStroke()
                        }
                    } catch { ok = false }
                }
                if ok, (try? o.trace(notices: [], nominalInterval: nominal, end: .line(99))) != nil { succeeded += 1 } else { failed += 1 }
            }
        }
        #expect(succeeded >= 100 && failed >= 100, "\(succeeded) cases read, \(failed) refused")
    }

    /// One long stroke (a reader that reserved it: the columns are handed to the stroke
    /// without a copy) and many short ones (buffers reused), as the trace CSV reader gives them.
    @Test func longAndShortStrokesGiveTheOraclesTrace() {
        var steps: [Step] = [.begin(.pen)]
        for i in 0..<50_000 { steps.append(.add(Sample(t: Double(i) * 0.004, x: Double(i % 97) * 0.01, y: 0), tail: nil, at: .line(i + 4))) }
        #expect(Self.compare(steps, nominal: nil, label: "long"))
        #expect(Self.compare(steps, nominal: nil, reserve: 50_000, label: "long, reserved"))
        var short: [Step] = []
        for k in 0..<300 {
            short.append(.begin(k % 5 == 0 ? .finger : .pen))
            for i in 0..<(1 + k % 40) {
                short.append(.add(Sample(t: Double(k) * 100 + Double(i) * 0.004, x: Double(i) * 0.1, y: 1, pressure: k % 3 == 0 ? nil : 0.5), tail: nil, at: .line(i)))
            }
        }
        #expect(Self.compare(short, nominal: 0.004, label: "short"))
        #expect(Self.compare(short, nominal: 0.004, reserve: 40, label: "short, reserved"))
    }
}
