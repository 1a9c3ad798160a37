import Foundation

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
            throw BrowserError("cannot read \(url.path): \(error.localizedDescription)")
        }
    }

    /// The paths the capture server answers: `/` and `/capture.html`.
    public static func pages() throws(BrowserError) -> [String: PageServer.Resource] {
        let page = PageServer.Resource.html(try html())
        return ["/": page, "/capture.html": page]
    }
}
