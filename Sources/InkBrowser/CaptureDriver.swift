#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkImport
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Drives the capture page in a headless Chromium: draws a trace's strokes into it as pen input
/// (as ``BrowserReplay`` does: one awaited DevTools event per sample, at the sample's own time),
/// reads its export, and takes screenshots. For the capture page's round-trip test and for
/// `bench capture --screenshot`.
///
/// ```swift
/// let driver = try CaptureDriver(chromium: "/usr/bin/chromium", viewport: (1000, 700))
/// defer { driver.close() }
/// try driver.draw(trace, pxPerMM: 160 / 25.4, originPx: (100, 150))
/// let json = try driver.exportText()
/// ```
public final class CaptureDriver {
    let server: PageServer
    let browser: DevToolsBrowser
    /// `performance.timeOrigin` of the page (ms since the epoch).
    public let timeOrigin: Double

    /// Serves the capture page on 127.0.0.1 (with uploads into `corpus` when given) and opens
    /// it in a new headless browser.
    public init(chromium: String, viewport: (width: Int, height: Int), corpus: CaptureCorpus? = nil) throws(BrowserError) {
        server = try CapturePage.serve(corpus: corpus)
        do {
            browser = try DevToolsBrowser(chromium: chromium, windowSize: (viewport.width, viewport.height))
        } catch {
            server.stop()
            throw error
        }
        do throws(BrowserError) {
            try browser.call("Page.enable")
            try browser.call("Page.navigate", ["url": .string(server.url)])
            let deadline = Date().addingTimeInterval(20)
            let ready = "document.readyState === 'complete' && !!window.inkCapture" + (corpus == nil ? "" : " && window.inkCapture.uploadsOn()")
            while try browser.evaluate(ready)?.bool != true {
                guard Date() < deadline else { throw BrowserError("the capture page did not load within 20 s") }
                usleep(50_000)
            }
            timeOrigin = try browser.evaluate("performance.timeOrigin")?.number ?? 0
        } catch {
            browser.close()
            server.stop()
            throw error
        }
    }

    /// The page's feature detection (`secureContext`, `crossOriginIsolated`, `coalescedEvents`, ...).
    public func features() throws(BrowserError) -> [String: Bool] {
        var features: [String: Bool] = [:]
        for (key, value) in try browser.evaluate("window.inkCapture.features")?.members ?? [] {
            // Every member a boolean, or none (as a cast of the whole object would give).
            guard let flag = value.bool else { return [:] }
            features[key] = flag
        }
        return features
    }

    /// Sets the page's scale (CSS px per mm), as a calibration would.
    public func setScale(pxPerMM: Double, calibrated: Bool) throws(BrowserError) {
        _ = try browser.evaluate("window.inkCapture.setScale(\(pxPerMM), \(calibrated)); true")
    }

    /// Draws every stroke as pen input: `px = originPx + mm × pxPerMM` (the trace's own origin
    /// at `originPx`). Returns each sample's sent time in ms since the page's time origin.
    @discardableResult
    public func draw(_ trace: Trace, pxPerMM: Double, originPx: (x: Double, y: Double)) throws(BrowserError) -> [[Double]] {
        let t0 = Date().timeIntervalSince1970 + 0.2
        let tFirst = trace.startTime
        var sent: [[Double]] = []
        for (k, stroke) in trace.strokes.enumerated() {
            var times: [Double] = []
            for i in 0...stroke.count {
                let j = min(i, stroke.count - 1)
                let type = i == 0 ? "mousePressed" : (i == stroke.count ? "mouseReleased" : "mouseMoved")
                let t = stroke.t[j] + (i == stroke.count ? 0.001 : 0)
                var e: JSONValue = [
                    "type": .string(type), "x": .number(originPx.x + stroke.x[j] * pxPerMM), "y": .number(originPx.y + stroke.y[j] * pxPerMM),
                    "pointerType": "pen", "button": "left", "buttons": type == "mouseReleased" ? 0 : 1, "force": 0.5,
                    "timestamp": .number(t0 + (t - tFirst)),
                ]
                if type != "mouseMoved" { e = e.setting("clickCount", 1) }
                do throws(BrowserError) {
                    try browser.call("Input.dispatchMouseEvent", e)
                } catch {
                    throw BrowserError("stroke \(k + 1) of \(trace.strokes.count) (sample \(j + 1)): \(error.message)")
                }
                if i < stroke.count { times.append((t0 + (t - tFirst)) * 1000 - timeOrigin) }
            }
            sent.append(times)
        }
        usleep(200_000)
        return sent
    }

    /// Presses and moves through one stroke without lifting (so its predicted tail stays drawn).
    public func drawWithoutLift(_ stroke: Stroke, pxPerMM: Double, originPx: (x: Double, y: Double)) throws(BrowserError) {
        let t0 = Date().timeIntervalSince1970 + 0.2
        for i in 0..<stroke.count {
            var e: JSONValue = [
                "type": i == 0 ? "mousePressed" : "mouseMoved", "x": .number(originPx.x + stroke.x[i] * pxPerMM),
                "y": .number(originPx.y + stroke.y[i] * pxPerMM), "pointerType": "pen", "button": "left", "buttons": 1,
                "force": 0.5, "timestamp": .number(t0 + (stroke.t[i] - stroke.t[0])),
            ]
            if i == 0 { e = e.setting("clickCount", 1) }
            try browser.call("Input.dispatchMouseEvent", e)
        }
        usleep(200_000)
    }

    /// The page's export (`inkbench-capture` JSON), as its Export button saves it.
    public func exportText() throws(BrowserError) -> String {
        guard let text = try browser.evaluate("window.inkCapture.exportText()")?.string else {
            throw BrowserError("the capture page's exportText() returned no text")
        }
        return text
    }

    /// Types `device` and presses "Save to laptop"; returns the page's answer from the server
    /// (`saved`, `strokes`, `samples`, ... or `error`), after the page has shown it.
    package func save(device: String) throws(BrowserError) -> JSONValue {
        let quoted = JSONValue.quoted(device)
        let answer = try browser.evaluate("(async () => { window.inkCapture.setDevice(\(quoted)); return await window.inkCapture.save(); })()")
        guard let object = answer, object.members != nil else {
            let text = answer.map { String(decoding: (try? $0.text()) ?? [], as: UTF8.self) } ?? "nothing"
            throw BrowserError("the capture page's save() returned \(text); expected the server's answer")
        }
        return object
    }

    /// The text of the page's status line.
    public func status() throws(BrowserError) -> String {
        try browser.evaluate("document.getElementById('status').textContent")?.string ?? ""
    }

    /// A PNG of the viewport.
    public func screenshot() throws(BrowserError) -> Data {
        let r = try browser.call("Page.captureScreenshot", ["format": "png"])
        guard let base64 = r["data"]?.string, let data = Data(base64Encoded: base64) else {
            throw BrowserError("Chromium returned no screenshot")
        }
        return data
    }

    /// Shuts the browser and the server down.
    public func close() {
        browser.close()
        server.stop()
    }
}
