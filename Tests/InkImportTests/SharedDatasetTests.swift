import Foundation
import InkImport
import InkTestSupport
import InkTraces
import Testing

/// Every recording in `Datasets/recordings`, read with the project's manifest
/// (`Datasets/recordings.manifest`), against the figures in its folder's README.
@Suite
struct SharedDatasetTests {
    /// What a folder README says about one recording (durations and medians in s).
    struct Expected: Sendable, CustomStringConvertible {
        var path: String
        var strokes: Int
        var samples: Int
        var perStroke: [Int]?
        var durationS: Double?
        var medianS: Double
        var description: String { path }
    }

    /// The README tables, with the quirks applied:
    /// - svc: pen-down strokes and samples; `jack…svc` states 606 but has 607 rows (a notice).
    /// - evemu: contact strokes; `stylus-move` is hover only, replayed as hover strokes (manifest
    ///   `hover = include`): 443 samples, the README's 444 counting the proximity-out frame,
    ///   which resets X and Y to 0 and is not a sample. Durations are not in the README; the
    ///   medians are its native rates (4 ms, 6 ms). The touchscreen needs a scale (tested apart).
    /// - html signal.json: the 148 samples with buttons = 1, one stroke, 16.1 ms median.
    /// - Google Ink: real samples only; the `.csv` decodings are not counted.
    /// - google-ink-zfold6: the 331 samples extracted from zfold6_wave.cc, 2 ms median.
    /// - graphomotor sample_data: rows, less those with a repeated timestamp (merged: 3 in
    ///   dsym_2, 27 in Alpha_AtoZ); strokes are the line numbers. The 30 batch spirals are
    ///   skipped by the manifest.
    /// - MyPaint: the 2,253 pen-down events in 30 strokes.
    static let expected: [Expected] = [
        Expected(path: "bdalab-handwriting-sample/html_data/signal.json", strokes: 1, samples: 148, medianS: 0.0161),
        Expected(path: "bdalab-handwriting-sample/svc_data/jack_18-07-2014_M_0006_Doe_12-10-2020.svc", strokes: 3, samples: 501, durationS: 9.04, medianS: 0.008),
        Expected(path: "bdalab-handwriting-sample/svc_data/signal.svc", strokes: 5, samples: 819, durationS: 11.73, medianS: 0.008),
        Expected(path: "evemu-sample/tablets/Wacom Cintiq 13HD touch Pen.events", strokes: 2, samples: 35, perStroke: [5, 30], medianS: 0.006),
        Expected(path: "evemu-sample/tablets/Wacom Intuos4 6x9.stylus-move.events", strokes: 1, samples: 443, medianS: 0.004),
        Expected(path: "evemu-sample/tablets/Wacom Intuos4 6x9.stylus-tap.events", strokes: 1, samples: 53, medianS: 0.004),
        Expected(path: "google-ink-stylus/spring_shape.binarypb", strokes: 1, samples: 167, durationS: 0.699, medianS: 0.004),
        Expected(path: "google-ink-stylus/straight_line.binarypb", strokes: 1, samples: 32, durationS: 0.166, medianS: 0.004),
        Expected(path: "google-ink-zfold6/zfold6_wave.csv", strokes: 1, samples: 331, durationS: 0.688, medianS: 0.002),
        Expected(path: "graphomotor-curious/sample_data/[5000000]648b6b868819c1120b4f6ce3-trail4.csv", strokes: 1, samples: 100, durationS: 0.819, medianS: 0.008),
        Expected(path: "graphomotor-curious/sample_data/[5000000]64d3ba8e22d8180cf9b407b5-648c7d0e8819c1120b4f708d-dsym_2.csv", strokes: 11, samples: 526, durationS: 17.368, medianS: 0.008),
        Expected(path: "graphomotor-curious/sample_data/[5000000]65318bf53c36ce79135b1049-648c7d0e8819c1120b4f708d-spiral_trace1_Dom.csv", strokes: 1, samples: 2499, durationS: 20.823, medianS: 0.008),
        Expected(
            path: "graphomotor-curious/sample_data/[5999999]17745689-f78c-4513-b052-ea9e3daad2f0-648c7b45-8819-c112-0b4f-6f3200000000-Alpha_AtoZ.csv",
            strokes: 33, samples: 1207, durationS: 35.057, medianS: 0.008),
        Expected(path: "mypaint-painting/painting30sec.dat", strokes: 30, samples: 2253, durationS: 29.487, medianS: 0.008),
    ]

    @Test func readsExactlyTheRecordingsWithAScale() throws {
        let result = try DatasetSupport.loadAll()
        #expect(result.traces.map(\.name) == Self.expected.map(\.path))
        // The touchscreen has no scale: skipped with a reason naming the axis (its multitouch
        // position axis: the recording is read by slot, issue 18 case 17).
        let touch = result.skipped.filter { $0.contains("EP0430M09") }
        #expect(touch.count == 1)
        #expect(touch.first?.contains("ABS_MT_POSITION_X has resolution 0") == true)
        // The Google Ink CSV decodings are not counted, nor graphomotor's 30 batch spirals.
        #expect(result.traces.allSatisfy { !($0.name.hasPrefix("google-ink-stylus/") && $0.name.hasSuffix(".csv")) })
        #expect(result.skipped.filter { $0.contains("google-ink-stylus/") && ($0.hasSuffix(".csv") || $0.contains(".csv:")) }.count == 2)
        #expect(result.skipped.filter { $0.contains("graphomotor-curious/sample_batch_data/") }.count == 30)
        // Finger flings are kept out of the pen corpus.
        #expect(result.skipped.filter { $0.contains("velocitytracker") || $0.contains("velocity-tracker") }.count >= 20)
    }

    @Test(arguments: expected)
    func figuresMatchTheReadme(_ e: Expected) throws {
        let result = try DatasetSupport.loadAll()
        let trace = try #require(result.traces.first { $0.name == e.path })
        #expect(trace.strokes.count == e.strokes)
        #expect(trace.sampleCount == e.samples)
        if let per = e.perStroke { #expect(trace.strokes.map(\.count) == per) }
        if let d = e.durationS { #expect(abs((trace.endTime - trace.startTime) - d) < 0.006, "duration \(trace.endTime - trace.startTime)") }
        #expect(abs(trace.nominalInterval - e.medianS) < 0.0003, "median \(trace.nominalInterval)")
    }

    @Test func svcHeaderMismatchIsANotice() throws {
        let result = try DatasetSupport.loadAll()
        let jack = try #require(result.traces.first { $0.name.contains("jack_") })
        #expect(jack.notices.contains { $0.contains("606") && $0.contains("607") })
    }

    @Test func pointerEventsDefaultScaleIsANotice() throws {
        let result = try DatasetSupport.loadAll()
        let html = try #require(result.traces.first { $0.name.hasSuffix("html_data/signal.json") })
        #expect(html.notices.contains { $0.contains("96 px per inch") })
    }

    @Test func touchscreenReadsWithAScale() throws {
        let root = ProjectData.recordings
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: DatasetSupport.manifestPath)]
        loader.scaleRules = [try ScaleRule(parsing: "EP0430M09*=10")]
        let result = try loader.load(paths: [root + "/evemu-sample/touchscreens"])
        let trace = try #require(result.traces.first)
        #expect(trace.strokes.count == 1)
        #expect(trace.sampleCount == 182)
        #expect(trace.strokes[0].tool == .finger)
        #expect(abs(1 / trace.nominalInterval - 134) < 3)
    }

    @Test func hoverBecomesStrokesOfItsOwn() throws {
        let root = ProjectData.recordings
        let path = root + "/evemu-sample/tablets/Wacom Intuos4 6x9.stylus-tap.events"
        let contact = try RecordingLoader.readFile(path, options: ImportOptions(scaleUnitsPerMM: 200))
        let hover = try RecordingLoader.readFile(path, options: ImportOptions(scaleUnitsPerMM: 200, includeHover: true))
        #expect(contact.strokes.map(\.count) == [53])
        // Hover before and after the contact, which stays one stroke of 53 samples.
        #expect(hover.strokes.count == 3)
        #expect(hover.strokes.count > 1 && hover.strokes[1].count == 53)
        #expect(hover.strokes[1].t == contact.strokes[0].t)
    }

    @Test func strictStopsAtTheFirstBadFile() throws {
        let root = ProjectData.recordings
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: DatasetSupport.manifestPath)]
        loader.strict = true
        #expect(throws: ImportError.self) { try loader.load(paths: [root]) }
    }

    @Test func googleInkMatchesItsCSVDecoding() throws {
        let root = ProjectData.recordings
        let result = try DatasetSupport.loadAll()
        for name in ["spring_shape", "straight_line"] {
            let trace = try #require(result.traces.first { $0.name == "google-ink-stylus/\(name).binarypb" })
            let csv = try String(contentsOfFile: "\(root)/google-ink-stylus/\(name).csv", encoding: .utf8)
            var real: [(t: Double, x: Double, y: Double)] = []
            var predicted: [Int: [(t: Double, x: Double, y: Double)]] = [:]
            for line in csv.split(whereSeparator: { $0.isNewline }).dropFirst() {
                let c = line.split(separator: ",")
                guard c.count >= 5, let event = Int(c[0]), let t = Double(c[2]), let x = Double(c[3]), let y = Double(c[4]) else { continue }
                if c[1] == "real" { real.append((t, x, y)) } else { predicted[event, default: []].append((t, x, y)) }
            }
            let stroke = trace.strokes[0]
            #expect(stroke.count == real.count)
            let scale = 10.8
            for i in 0..<min(stroke.count, real.count) {
                #expect(abs(stroke.t[i] - real[i].t) < 1e-5)
                #expect(abs(stroke.x[i] * scale - real[i].x) < 1e-3)
                #expect(abs(stroke.y[i] * scale - real[i].y) < 1e-3)
                let tail = stroke.recordedPredictions?[i] ?? []
                let want = predicted[i] ?? []
                #expect(tail.count == want.count, "event \(i)")
                for (p, q) in zip(tail, want) {
                    #expect(abs(p.t - q.t) < 1e-5 && abs(p.x * scale - q.x) < 1e-3 && abs(p.y * scale - q.y) < 1e-3)
                }
            }
            // README: predictions at 164 of 167 (spring) and 27 of 32 (line) events.
            let withTails = stroke.recordedPredictions?.filter { !$0.isEmpty }.count
            #expect(withTails == (name == "spring_shape" ? 164 : 27))
        }
    }
}
