import Foundation
import InkTraces

/// The capture page (`Sources/InkBrowser/Resources/capture.html`): a self-contained HTML page
/// that records pen, touch and mouse strokes with every digitizer sample and the browser's own
/// predictions, and exports `inkbench-capture` JSON (read by `InkCaptureReader`).
///
/// ```swift
/// let html = try CapturePage.html()
/// let server = try PageServer(pages: ["/": .html(html)])
/// ```
public enum CapturePage {
    /// The page's text.
    ///
    /// - Throws: ``BrowserError`` when the package's resource bundle is missing.
    public static func html() throws(BrowserError) -> String {
        guard let url = Bundle.module.url(forResource: "capture", withExtension: "html") else {
            throw BrowserError("the capture page is missing from bench's resources (capture.html); expected it beside the bench executable")
        }
        do { return try String(contentsOf: url, encoding: .utf8) } catch {
            throw BrowserError("cannot read \(url.path): \(ErrorReason.text(error))")
        }
    }

    /// Serves the page at `/` and `/capture.html`, with `extraPages`; with a corpus, also its
    /// uploads (`POST /captures`, `GET /captures/info`), the body limit then being the
    /// corpus's capture limit. What `bench capture --serve` and ``CaptureDriver`` run.
    ///
    /// - Throws: ``BrowserError`` when the page is missing, the certificate cannot be read, or
    ///   the address cannot be bound.
    public static func serve(
        corpus: CaptureCorpus? = nil, extraPages: [String: PageServer.Resource] = [:], host: String = "127.0.0.1", port: Int = 0,
        tls: PageServer.TLSFiles? = nil
    ) throws(BrowserError) -> PageServer {
        var all = try pages().merging(extraPages) { _, extra in extra }
        var handlers: [String: PageServer.Handler] = [:]
        var limits = PageServer.Limits()
        if let corpus {
            handlers[CaptureCorpus.uploadPath] = { corpus.handle($0) }
            all[CaptureCorpus.infoPath] = corpus.info
            limits.maxBodyBytes = corpus.maxCaptureBytes
        }
        return try PageServer(pages: all, handlers: handlers, host: host, port: port, tls: tls, limits: limits)
    }

    /// The paths the capture server answers: `/` and `/capture.html`.
    public static func pages() throws(BrowserError) -> [String: PageServer.Resource] {
        let page = PageServer.Resource.html(try html())
        return ["/": page, "/capture.html": page]
    }
}
