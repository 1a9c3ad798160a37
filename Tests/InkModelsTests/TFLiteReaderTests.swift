import Foundation
import InkModels
import InkPrediction
import InkTestSupport
import Testing

/// The `.tflite` reader's errors: every file that is not Android's model fails with a
/// ``ModelFileError`` naming the byte (or the missing part) and what was expected, never a crash.
@Suite("TFLite reader")
struct TFLiteReaderTests {
    @Test func tooShortOrNotTFLite() {
        #expect(throws: ModelFileError(file: "a.tflite", byteOffset: 0, "file is 3 bytes; expected a TFLite flatbuffer of at least 8 bytes")) {
            try TFLiteModel(bytes: [1, 2, 3], file: "a.tflite")
        }
        let png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 0]
        do {
            _ = try TFLiteModel(bytes: png, file: "b.png")
            Issue.record("a PNG header was read as a model")
        } catch {
            #expect(error.byteOffset == 4)
            #expect(error.description.contains("expected 'TFL3'"), "\(error)")
        }
    }

    @Test func rootOffsetOutsideTheFile() {
        // Root offset 1000 in a 12-byte file with the right identifier.
        let bytes: [UInt8] = [0xE8, 0x03, 0, 0] + Array("TFL3".utf8) + [0, 0, 0, 0]
        do {
            _ = try TFLiteModel(bytes: bytes, file: "c.tflite")
            Issue.record("a bad root offset was accepted")
        } catch {
            #expect(error.byteOffset == 1000)
            #expect(error.description.contains("expected a table"), "\(error)")
        }
    }

    @Test func vtableOutsideTheFile() {
        // Root at 8, whose vtable offset points 2^30 bytes back.
        let bytes: [UInt8] = [8, 0, 0, 0] + Array("TFL3".utf8) + [0, 0, 0, 0x40, 0, 0, 0, 0]
        do {
            _ = try TFLiteModel(bytes: bytes, file: "d.tflite")
            Issue.record("a bad vtable offset was accepted")
        } catch {
            #expect(error.byteOffset == 8)
            #expect(error.description.contains("vtable"), "\(error)")
        }
    }

    @Test func missingFileNamesWhereToGetIt() {
        do {
            _ = try AndroidModelFile.read(path: "/nonexistent/motion_predictor_model.tflite")
            Issue.record("a missing file was read")
        } catch {
            #expect(error.description.contains("data/etc/input/motion_predictor_model.tflite"), "\(error)")
            #expect(error.description.contains(AndroidModelFile.packageRelativePath), "\(error)")
        }
    }

    @Test
    func readsTheModelAndRejectsDamagedCopies() throws {
        let path = AndroidGolden.modelPath
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        #expect(bytes.count == 179_532)
        let m = try TFLiteModel(bytes: bytes, file: "m.tflite")
        #expect(m.version == 3)
        #expect(m.tensors.count == 123)
        #expect(m.operators.count == 88)
        #expect(m.signatures.map(\.key) == ["serving_default"])
        _ = try AndroidModelFile.read(bytes: bytes, file: "m.tflite")

        // Cut short: the buffers run past the end.
        do {
            _ = try AndroidModelFile.read(bytes: Array(bytes.prefix(100_000)), file: "cut.tflite")
            Issue.record("a truncated model was read")
        } catch {
            #expect(error.byteOffset != nil, "\(error)")
            #expect(error.description.contains("cut.tflite: byte"), "\(error)")
        }

        // A weight renamed: the tensor is named as missing.
        var renamed = bytes
        // The string itself, found with its length prefix (other names start with the same text).
        let name = [34, 0, 0, 0] + Array("stylus_predictor/r/linear/MatMul_8".utf8)
        let at = try #require(Self.find(name, in: renamed))
        renamed[at + name.count - 1] = UInt8(ascii: "7")
        do {
            _ = try AndroidModelFile.read(bytes: renamed, file: "renamed.tflite")
            Issue.record("a model without r/linear/MatMul_8 was read")
        } catch {
            #expect(error.description.contains("no tensor named 'stylus_predictor/r/linear/MatMul_8'"), "\(error)")
        }

        // Every single-byte corruption of the header region fails cleanly or reads (never traps).
        for offset in stride(from: 0, to: 4096, by: 7) {
            var damaged = bytes
            damaged[offset] ^= 0xA5
            _ = try? AndroidModelFile.read(bytes: damaged, file: "damaged.tflite")
        }
    }

    static func find(_ needle: [UInt8], in hay: [UInt8]) -> Int? {
        guard needle.count <= hay.count else { return nil }
        for i in 0...(hay.count - needle.count) where hay[i] == needle[0] && Array(hay[i..<(i + needle.count)]) == needle {
            return i
        }
        return nil
    }
}
