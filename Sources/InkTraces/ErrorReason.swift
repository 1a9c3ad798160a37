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
                return words(cocoa.code)
            #else
                return cocoa.localizedDescription
            #endif
        }
        return "\(error)"
    }

    /// The file-operation codes a `CocoaError` carries with no POSIX error under it, in words
    /// (FoundationEssentials' `Code` prints only its number); any other code by its number.
    package static func words(_ code: CocoaError.Code) -> String {
        switch code {
        case .fileNoSuchFile, .fileReadNoSuchFile: return "No such file or directory"
        case .fileReadNoPermission, .fileWriteNoPermission: return "Permission denied"
        case .fileReadCorruptFile: return "the file is corrupt or in an unknown format"
        case .fileReadInapplicableStringEncoding: return "the file's text is not in the expected encoding (UTF-8)"
        case .fileWriteInapplicableStringEncoding: return "the text cannot be written in the requested encoding"
        case .fileWriteOutOfSpace: return "No space left on device"
        case .fileWriteVolumeReadOnly: return "Read-only file system"
        case .fileWriteFileExists: return "File exists"
        case .fileReadTooLarge: return "the file is too large to read"
        case .fileLocking, .fileReadUnknown, .fileWriteUnknown: return "the file could not be read or written (Cocoa error \(code.rawValue))"
        default: return "Cocoa error \(code.rawValue)"
        }
    }
}
