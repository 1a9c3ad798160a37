#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// The system's reason for an error a file operation threw, in words ("No such file or
/// directory"), without the `CocoaError` wrapper: the one place messages take an error's text
/// from (FoundationEssentials has no `localizedDescription`).
///
/// ```swift
/// do { try FileManager.default.createDirectory(atPath: p, withIntermediateDirectories: true) }
/// catch { print("cannot create \(p): \(ErrorReason.text(error))") }
/// ```
package enum ErrorReason {
    /// The C library's text for the POSIX error under `error` (itself or the one it wraps);
    /// otherwise the error's own description.
    package static func text(_ error: any Error) -> String {
        if let posix = error as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
        if let cocoa = error as? CocoaError {
            if let posix = cocoa.underlying as? POSIXError { return String(cString: strerror(posix.code.rawValue)) }
            #if canImport(FoundationEssentials)
                return "\(cocoa.code)"
            #else
                return cocoa.localizedDescription
            #endif
        }
        return "\(error)"
    }
}
