import Foundation
import InkImport
import InkReplay
import InkStrategies
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@testable import InkMetrics

/// The perceived-latency search on piecewise-linear truths (recordings), with the polyline
/// bound (``PolylineBounds``, `LatencySearch.evaluatePolyline`), returns exactly what the full
/// grid returns, and the bound never exceeds the cost it bounds.
@Suite("Polyline latency search")
struct PolylineSearchTests {
    /// Search, full grid and the search without the polyline bound (the smooth-path bounds
    /// alone, as before): the same shift, the same cost to the bit, the same edge flag. The
    /// search as the runs make it (no ``PathBounds``: derived only if a probe needs them;
    /// polyline tables computed when first needed) against the search given every bound and
    /// computing every evaluated point's table at once: the same result and the same work.
    /// The full grid is evaluated up to `gridFrames` frames (2,501 evaluations; a debug
    /// build takes seconds on the longest recordings): beyond, the search without the polyline
    /// bound, itself checked against the full grid (`PerceivedLatencySearchTests`), is the
    /// oracle alone.
    /// The search with the signed polyline bound (the default) against the one with the
    /// magnitude bound (`signedKinks: false`, the first polyline bound): the same result;
    /// their work is returned, (signed, magnitude, signed without shared tables), for the
    /// callers' totals. Either bound with its tables trimmed to the gaps against the same with
    /// every table at full reach (`trimTables: false`), both without shared tables: the same
    /// result and the same work. The search with shared tables (the default,
    /// `LatencySearch.shareTables`) against the one without: the same result.
    @discardableResult
    static func check(_ frames: LatencyFrames, _ truths: [GroundTruth], _ label: String, gridFrames: Int = .max) throws -> (
        signed: Int, magnitude: Int, unshared: Int
    ) {
        let polyline = try #require(PolylineBounds.of(truths), "\(label): truths are polylines")
        let bounds = PathBounds.of(truths)
        let fast = PerceivedLatency.search(frames, truths: truths, bounds: [], polyline: polyline)
        let unshared = PerceivedLatency.search(frames, truths: truths, bounds: [], polyline: polyline, shareTables: false)
        let eager = PerceivedLatency.search(frames, truths: truths, bounds: bounds, polyline: polyline, lazyTables: false)
        let smooth = PerceivedLatency.search(frames, truths: truths, bounds: bounds, polyline: nil)
        let magnitude = PerceivedLatency.search(frames, truths: truths, bounds: [], polyline: polyline, signedKinks: false)
        let magnitudeUnshared = PerceivedLatency.search(
            frames, truths: truths, bounds: [], polyline: polyline, signedKinks: false, shareTables: false)
        let magnitudeEager = PerceivedLatency.search(
            frames, truths: truths, bounds: bounds, polyline: polyline, lazyTables: false, signedKinks: false)
        let untrimmed = PerceivedLatency.search(frames, truths: truths, bounds: [], polyline: polyline, trimTables: false)
        let magnitudeUntrimmed = PerceivedLatency.search(
            frames, truths: truths, bounds: [], polyline: polyline, signedKinks: false, trimTables: false)
        #expect(unshared == untrimmed, "\(label): trimmed tables")
        #expect(magnitudeUnshared == magnitudeUntrimmed, "\(label): trimmed tables, magnitude bound")
        #expect(unshared == eager, "\(label): lazy tables")
        #expect(magnitudeUnshared == magnitudeEager, "\(label): lazy tables, magnitude bound")
        // Shared tables: the same result; the work may differ.
        for (shared, alone, name) in [(fast, unshared, "signed"), (magnitude, magnitudeUnshared, "magnitude")] {
            #expect(shared?.tenthsMs == alone?.tenthsMs, "\(label): shared tables, \(name) bound")
            #expect(shared?.cost.bitPattern == alone?.cost.bitPattern, "\(label): shared tables, \(name) bound")
            #expect(shared?.atEdge == alone?.atEdge, "\(label): shared tables, \(name) bound")
        }
        #expect(fast?.tenthsMs == magnitude?.tenthsMs, "\(label): magnitude bound")
        #expect(fast?.cost.bitPattern == magnitude?.cost.bitPattern, "\(label): magnitude bound")
        #expect(fast?.atEdge == magnitude?.atEdge, "\(label): magnitude bound")
        #expect(fast?.tenthsMs == smooth?.tenthsMs, "\(label)")
        #expect(fast?.cost.bitPattern == smooth?.cost.bitPattern, "\(label)")
        #expect(fast?.atEdge == smooth?.atEdge, "\(label)")
        if frames.count <= gridFrames {
            let grid = PerceivedLatency.fullGrid(frames, truths: truths)
            #expect(fast?.tenthsMs == grid?.tenthsMs, "\(label)")
            #expect(fast?.cost.bitPattern == grid?.cost.bitPattern, "\(label)")
            #expect(fast?.atEdge == grid?.atEdge, "\(label)")
        }
        return (fast?.evaluations ?? 0, magnitude?.evaluations ?? 0, unshared?.evaluations ?? 0)
    }

    static func frames(_ trace: Trace, _ truth: TraceTruth, _ strategy: Strategy, _ timing: Timing = Timing()) -> LatencyFrames {
        var acc = FigureAccumulator(truth: truth)
        Replay.run(trace: trace, strategy: strategy, timing: timing, into: &acc)
        return acc.latencyFrames
    }

    /// Every recording of the corpus, with strategies that lag, lead and scatter.
    @Test func everyCorpusRecording() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        let traces = try loader.load(paths: [ProjectData.recordings]).traces
        #expect(traces.count >= 10)
        let strategies = try ["none", "linear", "kalman", "quadratic"].map { try StrategySpec.parse($0) }
        var searched = 0
        var signedWork = 0, magnitudeWork = 0, unsharedWork = 0
        for trace in traces {
            let truth = TraceTruth(trace)
            for strategy in strategies {
                let f = Self.frames(trace, truth, strategy)
                guard f.count > 0 else { continue }
                let work = try Self.check(f, truth.strokes, "\(trace.name) / \(strategy.name)", gridFrames: 4_000)
                signedWork += work.signed
                magnitudeWork += work.magnitude
                unsharedWork += work.unshared
                searched += 1
                if searched % 8 == 0 { try Self.checkTables(f, truth.strokes, "\(trace.name) / \(strategy.name)") }
            }
        }
        #expect(searched >= 40)
        // The signed bound is the tighter: over the corpus it leaves less to evaluate.
        #expect(signedWork < magnitudeWork, "evaluations: signed \(signedWork), magnitude \(magnitudeWork)")
        print("polyline searches: \(searched); evaluations with shared tables \(signedWork), without \(unsharedWork)")
    }

    /// A random polyline stroke: irregular sample intervals (some tiny), repeated points and
    /// zero-length segments, sharp turns, pauses; coordinates offset far from the origin in
    /// some cases.
    /// Every corpus recording's strokes' truths, 200 random polylines' (`seed`) and a
    /// one-sample stroke's.
    static func corpusAndRandomTruths(seed: UInt64) throws -> [GroundTruth] {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        var truths = try loader.load(paths: [ProjectData.recordings]).traces.flatMap { TraceTruth($0).strokes }
        var rng = SplitMix64(seed: seed)
        var start = 0.0
        for _ in 0..<200 {
            let s = try Self.randomStroke(&rng, start: start)
            truths.append(s.groundTruth())
            start = s.endTime + 0.1
        }
        truths.append(try Stroke(t: [1], x: [2], y: [3]).groundTruth())
        return truths
    }

    static func randomStroke(_ rng: inout SplitMix64, start: Double) throws -> Stroke {
        let count = Int.random(in: 2...160, using: &rng)
        var t: [Double] = [], x: [Double] = [], y: [Double] = []
        var time = start, px = Double.random(in: -50...50, using: &rng), py = Double.random(in: -50...50, using: &rng)
        if Bool.random(using: &rng) { px += 1e4 }
        var heading = Double.random(in: 0...6.28, using: &rng)
        let speed = Double.random(in: 5...400, using: &rng)
        for _ in 0..<count {
            t.append(time)
            x.append(px)
            y.append(py)
            let dt: Double
            switch Int.random(in: 0..<10, using: &rng) {
            case 0: dt = 1e-6  // nearly coincident samples
            case 1: dt = Double.random(in: 0.02...0.08, using: &rng)  // a pause
            default: dt = [1.0 / 240, 1.0 / 60, 0.001, 0.016, 0.008][Int.random(in: 0..<5, using: &rng)]
            }
            time += dt
            switch Int.random(in: 0..<8, using: &rng) {
            case 0: continue  // the pen stays: a zero-length segment
            case 1: heading += Double.random(in: 2...3.1, using: &rng)  // a sharp turn
            default: heading += Double.random(in: -0.3...0.3, using: &rng)
            }
            let step = speed * dt + Double.random(in: -0.05...0.05, using: &rng)
            px += step * cos(heading)
            py += step * sin(heading)
            if Int.random(in: 0..<6, using: &rng) == 0 {  // quantised to 0.1 mm
                px = (px * 10).rounded() / 10
                py = (py * 10).rounded() / 10
            }
        }
        return try Stroke(t: t, x: x, y: y)
    }

    /// Random polyline traces (1 to 4 strokes, with gaps between them) and random frames: tips
    /// at a random lag on the path with noise, some ahead, some far off, some frames outside
    /// the strokes' times (held ends).
    @Test(arguments: 0..<6)
    func randomPolylines(seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x5eed_0000 + seed)
        for round in 0..<25 {
            var strokes: [Stroke] = []
            var start = Double.random(in: 0...5, using: &rng)
            for _ in 0..<Int.random(in: 1...4, using: &rng) {
                let s = try Self.randomStroke(&rng, start: start)
                strokes.append(s)
                start = s.endTime + Double.random(in: 0.001...0.5, using: &rng)
            }
            let truths = strokes.map { $0.groundTruth() }
            let lag = Double.random(in: -0.06...0.22, using: &rng)
            let noise = [0, 0.01, 0.3, 3][Int.random(in: 0..<4, using: &rng)]
            var frames = LatencyFrames()
            for (i, truth) in truths.enumerated() {
                var tau = truth.startTime - 0.02
                while tau < truth.endTime + 0.05 {
                    let p = truth.position(at: tau - lag)
                    let qx = p.x + Double.random(in: -noise...noise, using: &rng)
                    let qy = p.y + Double.random(in: -noise...noise, using: &rng)
                    frames.append(
                        stroke: i, photonTime: tau, tipX: qx, tipY: qy,
                        tipTime: Bool.random(using: &rng) ? tau - lag : nil)
                    tau += [1.0 / 60, 1.0 / 120, 0.0037][Int.random(in: 0..<3, using: &rng)]
                }
            }
            guard frames.count > 0 else { continue }
            try Self.check(frames, truths, "seed \(seed) round \(round)")
            try Self.checkTables(frames, truths, "seed \(seed) round \(round)")
        }
    }

    /// Every entry of an evaluated point's polyline table is at most the cost the full grid
    /// computes at that offset (the bound is a bound, to the bit).
    static func checkTables(_ frames: LatencyFrames, _ truths: [GroundTruth], _ label: String) throws {
        guard let extent = PerceivedLatency.extent(frames) else { return }
        let polyline = try #require(PolylineBounds.of(truths))
        let shifts = Array(LatencySearch.lowest...LatencySearch.highest)
        var costs: [PerceivedLatency.Sums] = []
        PerceivedLatency.sums(frames, truths: truths, shifts: shifts, stride: 1, PerceivedLatency.PositionTerms(), into: &costs)
        // Near the grid's minimum, where the bound decides, and anywhere.
        var best = 0
        for j in costs.indices where costs[j].c < costs[best].c { best = j }
        let minimum = best + LatencySearch.lowest
        for signed in [true, false] {
            var search = LatencySearch(frames, truths: truths, bounds: PathBounds.of(truths), polyline: polyline, extent: extent)
            search.signedKinks = signed
            let w = search.polylineSteps
            let near = [minimum, minimum + 7, minimum - 40].map { min(max($0, LatencySearch.lowest), LatencySearch.highest) }
            for m in [0, 137, -321, 1990, -500, 2000] + near {
                let s = search.evaluatePolyline(m)
                #expect(s.c.bitPattern == costs[m - LatencySearch.lowest].c.bitPattern, "\(label): cost at \(m)")
                let table = (search.polylineTables.count / (2 * w) - 1) * 2 * w
                for side in 0..<2 {
                    for j in 1...w {
                        let shift = side == 0 ? m + j : m - j
                        guard shift >= LatencySearch.lowest && shift <= LatencySearch.highest else { continue }
                        let bound = search.polylineTables[table + side * w + j - 1]
                        let cost = costs[shift - LatencySearch.lowest].c
                        #expect(
                            !(bound > cost),
                            "\(label): \(signed ? "signed" : "magnitude") bound \(bound) above cost \(cost) at \(m) \(side == 0 ? "+" : "-")\(j)")
                    }
                }
                // The same point's table trimmed (a reach each side, as gaps would give it):
                // the full table's entries to the bit within the reach, -infinity beyond.
                let reaches = [(0, w), (w, 0), (1, 2), (37, 150), (w - 1, 83), ((m & 0x7f) + 3, ((m >> 3) & 0x3f) + 1)]
                for (up, down) in reaches {
                    let t = search.evaluatePolyline(m, reach: (up, down))
                    #expect(t.c.bitPattern == s.c.bitPattern, "\(label): trimmed cost at \(m)")
                    let trimmed = (search.polylineTables.count / (2 * w) - 1) * 2 * w
                    for side in 0..<2 {
                        let reach = side == 0 ? up : down
                        for j in 1...w {
                            let full = search.polylineTables[table + side * w + j - 1]
                            let entry = search.polylineTables[trimmed + side * w + j - 1]
                            let expected = j <= reach ? full : -Double.infinity
                            #expect(
                                entry.bitPattern == expected.bitPattern,
                                "\(label): \(signed ? "signed" : "magnitude") trimmed (\(up), \(down)) at \(m) \(side == 0 ? "+" : "-")\(j): \(entry), full \(full)")
                        }
                    }
                }
            }
        }
    }

    /// ``PolylineBounds``' speeds and top speed are ``PathBounds``' (the search's bounds for
    /// any path), the speeds rounded up to single precision (never below, less than a
    /// single-precision step above), and the jumps bound the slopes' differences at the knots:
    /// on every corpus recording and on random polylines.
    @Test func polylineBoundsMatchPathBounds() throws {
        let truths = try Self.corpusAndRandomTruths(seed: 0x5eed_b0)
        for (n, truth) in truths.enumerated() {
            let path = truth.path
            let kinks = PolylineBounds(path), bounds = PathBounds(path)
            #expect(kinks.maxSpeed.bitPattern == bounds.maxSpeed.bitPattern, "stroke \(n)")
            #expect(kinks.speeds.count == bounds.records.count && kinks.jumps.count == path.knots.count, "stroke \(n)")
            for (j, r) in bounds.records.enumerated() where j < kinks.speeds.count {
                let f = kinks.speeds[j]
                #expect(!(Double(f) < r[2]) && !(Double(f.nextDown) >= r[2]), "stroke \(n) piece \(j): \(f) for \(r[2])")
            }
            let knots = path.knots
            for i in knots.indices where path.pieceCount > 0 {
                let arriving = i == 0 ? SIMD2<Double>.zero : path.coefficients(ofPiece: .init(i - 1)).b
                let leaving = i == path.pieceCount ? SIMD2<Double>.zero : path.coefficients(ofPiece: .init(i)).b
                let jump = ((leaving - arriving) * (leaving - arriving)).sum().squareRoot()
                #expect(!(Double(kinks.jumps[i]) < jump), "stroke \(n) knot \(i)")
            }
        }
    }

    /// ``PolylineBounds``' one-pass reading (each piece's coefficients read once, in place, and
    /// one square root for the largest miss) gives every table and figure of the plain reading
    /// it replaced, to the bit (`oracle` below: both pieces of each knot through
    /// `coefficients(ofPiece:)`, a root per miss): on every corpus recording, on random
    /// polylines and on a path of one knot.
    @Test func polylineBoundsAreTheOracles() throws {
        // The plain reading: jumps, jump vectors, piece speeds, top speed, largest miss, largest coordinate.
        func oracle(_ path: CubicPath) -> (jumps: [Float], vectors: [SIMD2<Float>], speeds: [Double], speed: Double, miss: Double, coordinate: Double) {
            let knots = path.knots, pieces = path.pieceCount
            var jumps = [Float](repeating: 0, count: knots.count)
            var vectors = [SIMD2<Float>](repeating: .zero, count: knots.count)
            var pieceSpeed = [Double](repeating: 0, count: pieces)
            var speed = 0.0, coordinate = 0.0, miss = 0.0
            let held = path.position(at: path.endTime)
            var previous: CubicPath.Coefficients? = nil
            for j in 0...pieces {
                let c = j < pieces ? path.coefficients(ofPiece: CubicPath.PieceIndex(j)) : nil
                let arriving = previous.map { PathBounds.slope($0, knots[j] - knots[j - 1]) } ?? (x: 0.0, y: 0.0)
                let leaving = c.map { PathBounds.slope($0, 0) } ?? (x: 0.0, y: 0.0)
                let dx = leaving.x - arriving.x, dy = leaving.y - arriving.y
                jumps[j] = PolylineBounds.roundedUp((dx * dx + dy * dy).squareRoot() * (1 + 1e-9) + 1e-12)
                vectors[j] = SIMD2(Float(dx), Float(dy))
                guard let c else { break }
                let dt = knots[j + 1] - knots[j]
                pieceSpeed[j] = PathBounds.speedBound(c, dt)
                speed = max(speed, pieceSpeed[j])
                let end = c.a + dt * c.b
                let next = j + 1 < pieces ? path.coefficients(ofPiece: CubicPath.PieceIndex(j + 1)).a : SIMD2(held.x, held.y)
                let gap = end - next
                miss = max(miss, (gap * gap).sum().squareRoot())
                coordinate = max(coordinate, abs(c.a.x), abs(c.a.y), abs(end.x), abs(end.y), abs(next.x), abs(next.y))
                previous = c
            }
            return (jumps, vectors, pieceSpeed, speed, miss, coordinate)
        }
        let truths = try Self.corpusAndRandomTruths(seed: 0x5eed_b7)
        var checked = 0
        for (n, truth) in truths.enumerated() where truth.path.pieceCount > 0 {
            let path = truth.path
            let kinks = PolylineBounds(path), o = oracle(path)
            #expect(kinks.jumps.map(\.bitPattern) == o.jumps.map(\.bitPattern), "stroke \(n): jumps")
            #expect(
                kinks.jumpVectors.map { [$0.x.bitPattern, $0.y.bitPattern] } == o.vectors.map { [$0.x.bitPattern, $0.y.bitPattern] },
                "stroke \(n): jump vectors")
            let speeds = PathBounds.windowMaximum(o.speeds, knots: path.knots, window: PathBounds.speedWindow).map(PolylineBounds.roundedUp)
            #expect(kinks.speeds.map(\.bitPattern) == speeds.map(\.bitPattern), "stroke \(n): speeds")
            #expect(kinks.maxSpeed.bitPattern == (o.speed * (1 + 1e-12)).bitPattern, "stroke \(n): top speed")
            #expect(kinks.maxCoordinate.bitPattern == o.coordinate.bitPattern, "stroke \(n): largest coordinate")
            // The slack: the largest miss, enlarged, times one more than the most knots in a window.
            let knots = path.knots
            var most = 0, lo = 0
            for i in knots.indices {
                while knots[lo] < knots[i] - 2 * PolylineBounds.reach { lo += 1 }
                most = max(most, i - lo + 1)
            }
            let slack = (o.miss + 8 * (o.coordinate + 1).ulp) * Double(most + 1) * (1 + 1e-9)
            #expect(kinks.slack.bitPattern == slack.bitPattern, "stroke \(n): slack \(kinks.slack), oracle's \(slack)")
            checked += 1
        }
        #expect(checked > 250)
    }

    /// The negative part's bucket as the pass takes it (from the positive part's, without a
    /// second conversion nearly always) is the plain reading's, for distances as the pass
    /// computes them: on and near whole steps, negative, at and beyond the table's end, with
    /// slacks from none to several steps.
    @Test func negativeBucketIsTheOracles() throws {
        let w = 199
        var rng = SplitMix64(seed: 0x5eed_b5)
        var scaled: [Double] = [0, -0.0, 1, 198, 199, 200, 1e-300, -1e-9, 0.5, 1e6, .infinity, -.infinity, .nan]
        for _ in 0..<20_000 {
            let whole = Double(Int.random(in: -3...205, using: &rng))
            switch Int.random(in: 0..<4, using: &rng) {
            case 0: scaled.append(whole)
            case 1: scaled.append(whole.nextUp)
            case 2: scaled.append(whole.nextDown)
            default: scaled.append(Double.random(in: -3...205, using: &rng))
            }
        }
        var checked = 0
        for v in scaled {
            for slack in [0, 1e-12, 2.3e-9, 1e-4, 0.49, 0.5, 1, 2.5] {
                let x = (v - slack) * (1 - 1e-12)
                guard x < Double(w) else { continue }
                let b = x > 0 ? Int(x) : 0
                let y = (v + slack) * (1 + 1e-12)
                #expect(
                    LatencySearch.negativeBucket(y, b: b, w: w) == LatencySearch.negativeBucketOracle(y, w: w),
                    "scaled \(v), slack \(slack)")
                checked += 1
            }
        }
        #expect(checked > 100_000)
    }

    /// A table's reach each side is the furthest grid point of the gaps within the table's
    /// reach on that side (0 where none), against a point-by-point reading, on random gaps.
    @Test func tableReachIsTheFurthestGapPoint() throws {
        let stroke = try Stroke(t: [0, 0.01, 0.02], x: [0, 1, 3], y: [0, 0, 1])
        var frames = LatencyFrames()
        frames.append(stroke: 0, photonTime: 0.05, tipX: 1, tipY: 0)
        let truths = [stroke.groundTruth()]
        let polyline = try #require(PolylineBounds.of(truths))
        let extent = try #require(PerceivedLatency.extent(frames))
        var search = LatencySearch(frames, truths: truths, bounds: [], polyline: polyline, extent: extent)
        let w = search.polylineSteps
        var rng = SplitMix64(seed: 0x5eed_7a)
        for _ in 0..<400 {
            var gaps: [(Int, Int)] = []
            var a = Int.random(in: 0..<40, using: &rng)
            while a < search.count && gaps.count < 8 {
                let b = min(search.count - 1, a + Int.random(in: 0..<300, using: &rng))
                gaps.append((a, b))
                a = b + 2 + Int.random(in: 0..<400, using: &rng)
            }
            let i = Int.random(in: 0..<search.count, using: &rng)
            var up = 0, down = 0
            for (a, b) in gaps {
                for g in a...b where g > i && g - i <= w { up = max(up, g - i) }
                for g in a...b where g < i && i - g <= w { down = max(down, i - g) }
            }
            let reach = search.tableReach(i, gaps: gaps)
            #expect(reach.up == up && reach.down == down, "point \(i), gaps \(gaps)")
        }
        search.trimTables = false
        let full = search.tableReach(7, gaps: [(0, 3)])
        #expect(full.up == w && full.down == w)
    }

    /// Tips lying exactly on a polyline that turns at every sample (the `none` strategy on a
    /// zig-zag): the cost is 0 at the lag, and the search finds it.
    @Test func tipsOnAZigZag() throws {
        let t = (0..<200).map { Double($0) / 240 }
        let stroke = try Stroke(t: t, x: t.map { $0 * 100 }, y: t.indices.map { $0 % 2 == 0 ? 0 : 1 })
        let truth = stroke.groundTruth()
        var frames = LatencyFrames()
        var tau = 0.05
        while tau < 0.8 {
            let p = truth.position(at: tau - 0.0317)
            frames.append(stroke: 0, photonTime: tau, tipX: p.x, tipY: p.y)
            tau += 1.0 / 60
        }
        try Self.check(frames, [truth], "zig-zag")
        let result = try #require(PerceivedLatency.search(frames, truths: [truth]))
        #expect(result.tenthsMs == 317)
    }

    /// ``PathBounds/windowMaximum(_:knots:window:)`` (one pass, a queue) returns its oracle's
    /// values to the bit (``PathBounds/windowMaximumOracle(_:knots:window:)``, every window
    /// read whole): on random knots (regular, irregular, with long gaps and nearly coincident
    /// knots), values with ties, zeros of either sign, negatives, NaN and infinity, windows from
    /// none to wider than the path, and the corpus's piece speeds at the search's windows.
    @Test func windowMaximumIsTheOracles() throws {
        var rng = SplitMix64(seed: 0x5eed_3a)
        func check(_ values: [Double], _ knots: [Double], _ window: Double, _ label: String) {
            let fast = PathBounds.windowMaximum(values, knots: knots, window: window)
            let oracle = PathBounds.windowMaximumOracle(values, knots: knots, window: window)
            #expect(fast.map(\.bitPattern) == oracle.map(\.bitPattern), "\(label)")
        }
        for round in 0..<400 {
            let pieces = Int.random(in: 1...300, using: &rng)
            var knots = [Double.random(in: -5...5, using: &rng)]
            for _ in 0..<pieces {
                let dt: Double
                switch Int.random(in: 0..<6, using: &rng) {
                case 0: dt = 1e-9
                case 1: dt = Double.random(in: 0.05...0.3, using: &rng)
                default: dt = [1.0 / 240, 0.001, 0.008][Int.random(in: 0..<3, using: &rng)]
                }
                knots.append(knots[knots.count - 1] + dt)
            }
            let values = (0..<pieces).map { _ -> Double in
                switch Int.random(in: 0..<12, using: &rng) {
                case 0: return .nan
                case 1: return -0.0
                case 2: return 0
                case 3: return -Double.random(in: 0...10, using: &rng)
                case 4: return .infinity
                case 5: return 7  // ties
                default: return Double.random(in: 0...500, using: &rng)
                }
            }
            for window in [0, 0.002, 0.010, 0.050, 1, 100] { check(values, knots, window, "round \(round) window \(window)") }
        }
        let t = (0..<2_000).map { Double($0) / 240 }
        let path = CubicPath(polylineT: t, x: t.map { 30 * sin($0 * 7) }, y: t.map { 20 * cos($0 * 5) })
        let speeds = (0..<path.pieceCount).map { j in
            PathBounds.speedBound(path.coefficients(ofPiece: CubicPath.PieceIndex(j)), t[j + 1] - t[j])
        }
        for window in [PathBounds.localWindow, PathBounds.speedWindow, PathBounds.jerkWindow] {
            check(speeds, path.knots, window, "sampled curve, window \(window)")
        }
    }
}
