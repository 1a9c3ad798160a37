import InkPrediction
import InkTraces

/// Collects a reader's samples into strokes and a ``/InkTraces/Trace``, applying the rules every reader
/// shares: values must be finite, time must not go backwards within a stroke, samples with
/// equal timestamps are merged (the later one wins, with its recorded predictions) and counted
/// in a notice, and every failure names the file and the line or byte of the sample.
///
/// ```swift
/// var a = TraceAssembler(file: "pen.svc")
/// a.beginStroke(tool: .pen)
/// try a.add(Sample(t: 0, x: 1, y: 2), at: .line(2))
/// try a.endStroke()
/// let trace = try a.trace(notices: [])
/// ```
struct TraceAssembler {
    /// The file, for errors and the trace's source.
    let file: String
    private(set) var strokes: [Stroke] = []
    private var samples: [Sample] = []
    private var tails: [[PenPoint]] = []
    private var hasTails = false
    private var locations: [SourceLocation] = []
    private var tool: Tool = .pen
    /// Samples dropped because an equal timestamp followed.
    private(set) var mergedCount = 0
    /// Recorded predicted points dropped because they were not after the previous point.
    private(set) var droppedPredictions = 0
    /// Strokes split at a gap over ``/InkTraces/InputLimits/strokeSplitGapS``, and where the first was.
    private(set) var gapSplits = 0, firstGapSplit: SourceLocation?
    /// Strokes split at an impossible jump (``/InkTraces/InputLimits/jumpDistanceMM``), and where the first was.
    private(set) var jumpSplits = 0, firstJumpSplit: SourceLocation?
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
    mutating func add(_ s: Sample, tail: [PenPoint]? = nil, at location: SourceLocation) throws(ImportError) {
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
    mutating func trace(notices: [String], nominalInterval: Double? = nil, end: SourceLocation = .file) throws(ImportError) -> Trace {
        try endStroke()
        guard !strokes.isEmpty else { throw end.error(file: file, "no strokes found by the end of the file; expected at least one sample") }
        var all = notices
        if mergedCount > 0 {
            all.append("merged \(mergedCount) sample\(mergedCount == 1 ? "" : "s") with equal timestamps (the later one kept)")
        }
        if gapSplits > 0, let at = firstGapSplit {
            all.append(
                "split \(gapSplits) stroke\(gapSplits == 1 ? "" : "s") at gaps over \(Int(InputLimits.strokeSplitGapS)) s between samples (first at \(at.description)): a pen-up and a new stroke each")
        }
        if jumpSplits > 0, let at = firstJumpSplit {
            all.append(
                "split \(jumpSplits) stroke\(jumpSplits == 1 ? "" : "s") at jumps over \(Int(InputLimits.jumpDistanceMM)) mm faster than \(InputLimits.jumpSpeedMMPerS / 1000) m/s, which no pen or finger makes (first at \(at.description))")
        }
        if droppedPredictions > 0 {
            all.append("dropped \(droppedPredictions) recorded predicted point\(droppedPredictions == 1 ? "" : "s") not after the previous point")
        }
        let name = file.split(separator: "/").last.map(String.init) ?? file
        do {
            if nominalInterval == nil && Trace.medianInterval(of: strokes) == nil {
                throw end.error(file: file, "every stroke has a single sample; expected at least one stroke of two or more samples")
            }
            return try Trace(name: name, strokes: strokes, nominalInterval: nominalInterval, notices: all, source: file)
        } catch let error as ImportError {
            throw error
        } catch {
            throw ImportError(file: file, "\(error)")
        }
    }
}
