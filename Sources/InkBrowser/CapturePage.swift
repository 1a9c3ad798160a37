/// The capture page (its HTML in `Sources/InkBrowser/CapturePageHTML.swift`, compiled into
/// bench): a self-contained HTML page that records pen, touch and mouse strokes with every
/// digitizer sample and the browser's own predictions, and exports `inkbench-capture` JSON
/// (read by `InkCaptureReader`).
///
/// ```swift
/// let server = try PageServer(pages: ["/": .html(CapturePage.html())])
/// ```
public enum CapturePage {
    /// The page's text.
    public static func html() -> String { text }

    /// Serves the page at `/` and `/capture.html`, with `extraPages`; with a corpus, also its
    /// uploads (`POST /captures`, `GET /captures/info`), the body limit then being the
    /// corpus's capture limit. What `bench capture --serve` and ``CaptureDriver`` run.
    ///
    /// - Throws: ``BrowserError`` when the certificate cannot be read or the address cannot be bound.
    public static func serve(
        corpus: CaptureCorpus? = nil, extraPages: [String: PageServer.Resource] = [:], host: String = "127.0.0.1", port: Int = 0,
        tls: PageServer.TLSFiles? = nil
    ) throws(BrowserError) -> PageServer {
        var all = pages().merging(extraPages) { _, extra in extra }
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
    public static func pages() -> [String: PageServer.Resource] {
        let page = PageServer.Resource.html(html())
        return ["/": page, "/capture.html": page]
    }
}
