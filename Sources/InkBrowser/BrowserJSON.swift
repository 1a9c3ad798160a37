import Foundation

/// JSON text for the files `bench browser` writes beside its CSV (the run's manifest), from the
/// loosely typed values the DevTools protocol gives: InkBrowser is the product module that
/// still uses Foundation's `JSONSerialization`, so callers need not import Foundation.
package enum BrowserJSON {
    /// `object` as pretty-printed JSON with sorted keys (UTF-8).
    ///
    /// - Throws: the encoder's error for a value that is not JSON (a non-finite number).
    package static func pretty(_ object: [String: Any]) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys]))
    }
}
