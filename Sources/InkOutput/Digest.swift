import Crypto

/// SHA-256 (swift-crypto's `SHA256`) of bytes, as lowercase hex: the hash `manifest.json`
/// records for every input and output file.
///
/// ```swift
/// Digest.sha256Hex(Array("abc".utf8))   // "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
/// ```
package enum Digest {
    /// The SHA-256 digest of `bytes` as 64 lowercase hex digits.
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        let digits = Array("0123456789abcdef".utf8)
        var out: [UInt8] = []
        out.reserveCapacity(64)
        for byte in SHA256.hash(data: bytes) {
            out.append(digits[Int(byte >> 4)])
            out.append(digits[Int(byte & 0xf)])
        }
        return String(decoding: out, as: UTF8.self)
    }
}
