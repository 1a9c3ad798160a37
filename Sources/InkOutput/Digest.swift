import Crypto
import InkTraces

/// SHA-256 (swift-crypto's `SHA256`) of bytes, as lowercase hex: the hash `manifest.json`
/// records for every input and output file.
///
/// ```swift
/// Digest.sha256Hex(Array("abc".utf8))   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package enum Digest {
    /// The SHA-256 digest of `bytes` as 64 lowercase hex digits.
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// The SHA-256 digest of the file at `path` as 64 lowercase hex digits, and its size in
    /// bytes; `nil` when it cannot be opened or read (a folder, a missing file). The file is
    /// read in pieces of 1 MiB, so hashing a large input holds 1 MiB, not the whole file; a
    /// smaller file gets a buffer of its size (a run's few-kB outputs were each hashed through
    /// a zeroed MiB).
    package static func sha256Hex(ofFile path: String) -> (hex: String, bytes: Int)? {
        guard let file = FileInput(path: path) else { return nil }
        var hasher = SHA256()
        var total = 0
        let size = file.size() ?? 0
        // One byte more than the size, so that a file read whole ends with a short fill.
        var buffer = [UInt8](repeating: 0, count: min(1 << 20, max(4096, size + 1)))
        while true {
            guard let n = buffer.withUnsafeMutableBytes({ file.fill($0) }) else { return nil }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[0..<n])) }
            total += n
            if n < buffer.count { break }
        }
        return (hex(hasher.finalize()), total)
    }

    /// A digest's bytes as lowercase hex.
    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in digest {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
