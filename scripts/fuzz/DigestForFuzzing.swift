// The fuzz build's stand-in for Sources/InkOutput/Digest.swift, compiled into InkOutput in
// its place by scripts/fuzz.sh only. The fuzz build compiles the package's modules with swiftc
// directly (so libFuzzer's main is the only main), and swift-crypto, which Digest.swift imports,
// is built by SwiftPM, not there. No harness depends on the hash's strength: the shard and
// manifest harnesses compare hashes this same function made. Never part of the package build.
import Foundation

package enum Digest {
    /// 64 lowercase hex digits from four FNV-1a passes with different seeds (not SHA-256).
    package static func sha256Hex(_ bytes: [UInt8]) -> String {
        var out = ""
        for seed: UInt64 in [0xcbf2_9ce4_8422_2325, 0x8422_2325_cbf2_9ce4, 0x9e37_79b9_7f4a_7c15, 0x6a09_e667_f3bc_c908] {
            var h = seed
            for byte in bytes {
                h ^= UInt64(byte)
                h = h &* 0x0000_0100_0000_01b3
            }
            let hex = String(h, radix: 16)
            out += String(repeating: "0", count: 16 - hex.count) + hex
        }
        return out
    }

    /// ``sha256Hex(_:)`` of the file at `path`, and its size; `nil` when it cannot be read.
    package static func sha256Hex(ofFile path: String) -> (hex: String, bytes: Int)? {
        guard let data = FileManager.default.contents(atPath: path) else { return nil }
        let bytes = [UInt8](data)
        return (sha256Hex(bytes), bytes.count)
    }
}
