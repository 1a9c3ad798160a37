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
    // The open stroke, as columns: no `Sample` (64 bytes with its optional axes) per sample,
    // and the axes and tails kept only once a sample has them. `TraceAssemblerTests` compare
    // it with the per-sample assembler it replaced (kept there as the oracle), to the bit.
    private var t: [Double] = [], x: [Double] = [], y: [Double] = []
    /// Per sample, its optional axes; empty until a sample of the open stroke has one (then
    /// filled for the samples before it).
    private var axes: [Axes] = []
    private var hasAxes = false
    /// Per sample, its recorded predictions; kept from the first sample that gives a tail on
    /// (filled with empty tails for the open stroke's samples before it).
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
    var sampleCount: Int { strokes.reduce(t.count) { $0 + $1.count } }
    /// Whether a stroke is open.
    var isOpen: Bool { !t.isEmpty }

    /// A sample's optional pen axes.
    private struct Axes {
        var pressure: Double?, tilt: Double?, azimuth: Double?
    }

    init(file: String) { self.file = file }

    /// Makes room for a stroke of `samples` samples, so that a reader that knows its longest
    /// stroke does not grow the arrays step by step (copying them). Changes nothing else.
    mutating func reserveCapacity(_ samples: Int) {
        t.reserveCapacity(samples)
        x.reserveCapacity(samples)
        y.reserveCapacity(samples)
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
            if !hasTails { tails = [[PenPoint]](repeating: [], count: t.count) }
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
        if let lastT = t.last {
            if s.t < lastT {
                throw location.error(
                    file: file,
                    "time \(s.t) s is before the previous sample's \(lastT) s; expected non-decreasing time within a stroke")
            }
            if s.t == lastT {
                // The later sample replaces the earlier; it is then checked against the one
                // before, as if the earlier had never come (so a written trace reads back the same).
                t.removeLast()
                x.removeLast()
                y.removeLast()
                if hasAxes { axes.removeLast() }
                if hasTails { tails.removeLast() }
                locations.removeLast()
                mergedCount += 1
            }
        }
        if let lastT = t.last, let lastX = x.last, let lastY = y.last {
            let dt = s.t - lastT
            let step = ((s.x - lastX) * (s.x - lastX) + (s.y - lastY) * (s.y - lastY)).squareRoot()
            if dt > InputLimits.strokeSplitGapS {
                gapSplits += 1
                if firstGapSplit == nil { firstGapSplit = location }
                try beginStroke(tool: tool)
            } else if step > InputLimits.jumpDistanceMM && step > InputLimits.jumpSpeedMMPerS * dt {
                jumpSplits += 1
                if firstJumpSplit == nil { firstJumpSplit = location }
                try beginStroke(tool: tool)
            } else if let firstT = t.first, s.t - firstT > InputLimits.strokeDurationS {
                throw location.error(
                    file: file,
                    "stroke \(strokes.count) lasts \(s.t - firstT) s by this sample; expected at most \(InputLimits.strokeDurationS) s per stroke (check the time unit)")
            }
        }
        if !hasAxes && (s.pressure != nil || s.tilt != nil || s.azimuth != nil) {
            axes = [Axes](repeating: Axes(), count: t.count)
            hasAxes = true
        }
        t.append(s.t)
        x.append(s.x)
        y.append(s.y)
        if hasAxes { axes.append(Axes(pressure: s.pressure, tilt: s.tilt, azimuth: s.azimuth)) }
        if hasTails { tails.append(cleanTail) }
        locations.append(location)
    }

    /// Finishes the open stroke, if any, validating it.
    mutating func endStroke() throws(ImportError) {
        guard let firstLocation = locations.first else { return }
        do {
            // The axes as `Stroke(samples:)` takes them: a column where the first sample has
            // the value, refused at the first sample that differs in having it.
            var pressure: [Double]?, tilt: [Double]?, azimuth: [Double]?
            if hasAxes, let first = axes.first {
                pressure = first.pressure == nil ? nil : []
                tilt = first.tilt == nil ? nil : []
                azimuth = first.azimuth == nil ? nil : []
                for (i, a) in axes.enumerated() {
                    func column(_ value: Double?, _ array: inout [Double]?, _ name: String) throws(TraceError) {
                        switch (value, array == nil) {
                        case (let v?, false): array?.append(v)
                        case (nil, true): break
                        default: throw TraceError(sample: i, "\(name) is present on some samples only; expected all or none")
                        }
                    }
                    try column(a.pressure, &pressure, "pressure")
                    try column(a.tilt, &tilt, "tilt")
                    try column(a.azimuth, &azimuth, "azimuth")
                }
            }
            let stroke = try Stroke(
                t: Self.handOff(&t), x: Self.handOff(&x), y: Self.handOff(&y), pressure: pressure, tilt: tilt, azimuth: azimuth, tool: tool,
                recordedPredictions: hasTails ? tails : nil)
            strokes.append(stroke)
        } catch {
            let where_ = error.sample.flatMap { $0 < locations.count ? locations[$0] : nil } ?? firstLocation
            throw where_.error(file: file, "stroke \(strokes.count): \(error.message)")
        }
        t.removeAll(keepingCapacity: true)
        x.removeAll(keepingCapacity: true)
        y.removeAll(keepingCapacity: true)
        axes.removeAll(keepingCapacity: true)
        hasAxes = false
        tails.removeAll(keepingCapacity: true)
        locations.removeAll(keepingCapacity: true)
    }

    /// A column for the finished stroke: the array itself when it has little spare room (a
    /// stroke of a reader that reserved its longest stroke: no copy), else a copy of its
    /// values; `column` keeps a buffer of the same room for the next stroke.
    private static func handOff(_ column: inout [Double]) -> [Double] {
        guard column.capacity - column.count <= column.count / 4 + 16 else { return Array(column) }
        let out = column
        column = []
        column.reserveCapacity(out.count)
        return out
    }

    /// The finished trace, named after the file; adds notices for merged timestamps and dropped predictions.
    ///
    /// - Parameters:
    ///   - notices: the reader's own notices, kept before the assembler's.
    ///   - nominalInterval: the trace's nominal input interval (s); `nil` means the median sample interval.
    ///   - end: where the file ends (its last line or byte count), for "no strokes" errors.
    mutating func trace(notices: [String], nominalInterval: Double? = nil, end: SourceLocation = .file) throws(ImportError) -> Trace {
        try endStroke()
        return try Self.finishedTrace(
            file: file, strokes: strokes, notices: notices, merged: mergedCount,
            gapSplits: (gapSplits, firstGapSplit), jumpSplits: (jumpSplits, firstJumpSplit),
            droppedPredictions: droppedPredictions, nominalInterval: nominalInterval, end: end)
    }

    /// The trace made of assembled `strokes`, named after `file`, with the reader's `notices`
    /// followed by the assembler's (merged timestamps, strokes split at gaps and jumps with the
    /// first place each happened, dropped predictions). Shared with the per-sample oracle in the
    /// tests, which counts the same events its own way.
    ///
    /// - Throws: ``ImportError`` at `end` when there are no strokes or every stroke has a single
    ///   sample and no `nominalInterval` is given; the trace's own validation errors, naming `file`.
    static func finishedTrace(
        file: String, strokes: [Stroke], notices: [String], merged: Int,
        gapSplits: (count: Int, first: SourceLocation?), jumpSplits: (count: Int, first: SourceLocation?),
        droppedPredictions: Int, nominalInterval: Double?, end: SourceLocation
    ) throws(ImportError) -> Trace {
        guard !strokes.isEmpty else { throw end.error(file: file, "no strokes found by the end of the file; expected at least one sample") }
        var all = notices
        if merged > 0 {
            all.append("merged \(merged) sample\(merged == 1 ? "" : "s") with equal timestamps (the later one kept)")
        }
        if gapSplits.count > 0, let at = gapSplits.first {
            all.append(
                "split \(gapSplits.count) stroke\(gapSplits.count == 1 ? "" : "s") at gaps over \(Int(InputLimits.strokeSplitGapS)) s between samples (first at \(at.description)): a pen-up and a new stroke each")
        }
        if jumpSplits.count > 0, let at = jumpSplits.first {
            all.append(
                "split \(jumpSplits.count) stroke\(jumpSplits.count == 1 ? "" : "s") at jumps over \(Int(InputLimits.jumpDistanceMM)) mm faster than \(InputLimits.jumpSpeedMMPerS / 1000) m/s, which no pen or finger makes (first at \(at.description))")
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
