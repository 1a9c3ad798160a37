import Foundation
import InkBrowser
import InkImport
import InkTestSupport
import InkTraces
import Testing

/// The capture page in WebKit (WebKitGTK's MiniBrowser through WebDriver, on Xvfb), served over
/// HTTPS by `bench capture --serve`'s server: feature detection, two synthetic pen strokes
/// (W3C pointer actions of type pen), the export read back, and Save to laptop into a corpus.
///
/// WebDriver cannot set event timestamps (DevTools can, in the Chromium test), so times are
/// checked for order and resolution, not against sent times; positions are checked exactly.
@Suite("Capture page (live WebKitGTK)", .serialized)
struct CapturePageWebKitTests {
    static let pxPerMM = 160 / 25.4

    /// Two pen strokes in CSS px: an arc of 40 moves and a line of 25, 16 ms apart.
    static func strokes() -> [[(x: Int, y: Int)]] {
        let arc = (0...40).map { i -> (x: Int, y: Int) in
            let a = Double(i) / 40 * Double.pi
            return (x: 200 + Int((150 * (1 - cos(a))).rounded()), y: 300 - Int((120 * sin(a)).rounded()))
        }
        let line = (0...25).map { i in (x: 250 + 12 * i, y: 420 + 3 * i) }
        return [arc, line]
    }

    @Test(
        "WebKitGTK: features, two pen strokes exported and read back (positions exact, times increasing at 20 µs resolution), Save to laptop",
        .enabled(if: Requirement.webKitDriver.isMetOrRequired, Requirement.webKitDriver.reason))
    func roundTrip() throws {
        let folder = (NSTemporaryDirectory() as NSString).appendingPathComponent("inkbench-webkit-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cert = try CaptureCertificate.make(host: "127.0.0.1", into: folder + "/cert")
        let corpus = try CaptureCorpus(folder: folder + "/captures")
        let server = try CapturePage.serve(
            corpus: corpus, tls: PageServer.TLSFiles(certificateChainPath: cert.chain, privateKeyPath: cert.key))
        defer { server.stop() }
        let miniBrowser = try #require(Requirement.webKitMiniBrowser(), "no MiniBrowser")
        let browser = try WebKitDriver(driverPath: try Requirement.webKitDriver.path(), miniBrowser: miniBrowser)
        defer { browser.close() }
        try browser.navigate(server.url)
        let deadline = Date().addingTimeInterval(20)
        while try browser.run("return document.readyState === 'complete' && !!window.inkCapture && window.inkCapture.uploadsOn()") as? Bool != true {
            guard Date() < deadline else { throw WebKitDriver.Failure(description: "the capture page did not load within 20 s") }
            usleep(50_000)
        }
        let features = try #require(try browser.run("return window.inkCapture.features") as? [String: Bool])
        let agent = try browser.run("return navigator.userAgent") as? String ?? ""
        print("WebKitGTK features: \(features.sorted { $0.key < $1.key }); \(agent)")
        #expect(agent.contains("AppleWebKit") && !agent.contains("Chrome"))
        #expect(features["secureContext"] == true && features["crossOriginIsolated"] == true, "\(features)")
        #expect(features["pointerEvents"] == true && features["coalescedEvents"] == true, "\(features)")
        #expect(features["predictedEvents"] == true, "\(features)")
        _ = try browser.run("window.inkCapture.setScale(arguments[0], true); return true", [Self.pxPerMM])

        let strokes = Self.strokes()
        for points in strokes {
            var actions: [[String: Any]] = [["type": "pointerMove", "duration": 0, "x": points[0].x, "y": points[0].y]]
            actions.append(["type": "pointerDown", "button": 0])
            for p in points.dropFirst() { actions.append(["type": "pointerMove", "duration": 16, "x": p.x, "y": p.y]) }
            actions.append(["type": "pointerUp", "button": 0])
            try browser.pointer("pen", actions)
        }
        let text = try #require(try browser.run("return window.inkCapture.exportText()") as? String)
        let read = try RecordingLoader.read(Array(text.utf8), path: "webkit.json", format: .pointerEvents, options: ImportOptions())
        #expect(read.strokes.count == 2)
        var times: [Double] = []
        for (stroke, points) in zip(read.strokes, strokes) {
            #expect(stroke.tool == .pen)
            #expect(stroke.count == points.count, "\(stroke.count) samples read, \(points.count) sent")
            guard stroke.count == points.count else { continue }
            for (i, p) in points.enumerated() {
                #expect(abs(stroke.x[i] * Self.pxPerMM - Double(p.x)) < 1e-9 && abs(stroke.y[i] * Self.pxPerMM - Double(p.y)) < 1e-9,
                    "sample \(i): (\(stroke.x[i] * Self.pxPerMM), \(stroke.y[i] * Self.pxPerMM)) px, sent \(p)")
            }
            #expect(zip(stroke.t, stroke.t.dropFirst()).allSatisfy { $0 < $1 }, "times not increasing")
            times += stroke.t
        }
        // Cross-origin isolated WebKit rounds event times to 20 µs: every time is a multiple of it.
        let offGrid = times.filter { t in let q = t / 20e-6; return abs(q - q.rounded()) > 1e-3 }
        #expect(offGrid.isEmpty, "\(offGrid.count) of \(times.count) times off the 20 µs grid, e.g. \(offGrid.prefix(3))")
        let predicted = read.strokes.reduce(0) { $0 + ($1.recordedPredictions?.filter { !$0.isEmpty }.count ?? 0) }
        print("WebKitGTK: \(times.count) samples, \(predicted) with predictions (getPredictedEvents() exists and returns empty lists)")

        let answer = try #require(
            try browser.runAsync(
                "window.inkCapture.setDevice(arguments[0]); window.inkCapture.save().then(arguments[arguments.length - 1])",
                ["WebKitGTK MiniBrowser, WebDriver pen"]) as? [String: Any])
        let name = try #require(answer["saved"] as? String, "\(answer)")
        #expect((answer["samples"] as? NSNumber)?.intValue == strokes.reduce(0) { $0 + $1.count })
        var loader = RecordingLoader()
        loader.strict = true
        let loaded = try loader.load(paths: [corpus.folder])
        #expect(loaded.traces.map(\.name) == [name])
        #expect(loaded.traces.first?.device == "WebKitGTK MiniBrowser, WebDriver pen")
        #expect(loaded.traces.first?.strokes.map(\.count) == strokes.map(\.count))
    }
}
