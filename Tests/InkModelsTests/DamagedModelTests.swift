import Foundation
import InkModels
import InkTestSupport
import Testing

/// Issue 29, hostile input 7: a model with one flipped exponent bit, or a weight made infinite,
/// was accepted and gave infinite figures. The reader now refuses it, naming the tensor and byte.
@Suite("Damaged Android models")
struct DamagedModelTests {
    static func bytes() throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: ProjectData.androidModel)))
    }

    /// The byte offset of the first weight of a tensor.
    static func firstWeight(_ bytes: [UInt8], _ name: String) throws -> Int {
        let model = try TFLiteModel(bytes: bytes, file: "m.tflite")
        let tensor = try #require(model.tensors.first { $0.name == name })
        return try #require(tensor.data?.lowerBound)
    }

    @Test("the shipped model is accepted")
    func shippedModel() throws {
        _ = try AndroidModelFile.read(bytes: Self.bytes(), file: "m.tflite")
    }

    @Test("one flipped exponent bit, or an infinite weight, is refused at its byte", arguments: [0, 1])
    func damagedWeight(_ kind: Int) throws {
        var bytes = try Self.bytes()
        let at = try Self.firstWeight(bytes, "stylus_predictor/r/linear/MatMul_8")
        if kind == 0 {
            bytes[at + 3] ^= 0x40  // bit 30: the exponent's top bit
        } else {
            bytes.replaceSubrange(at..<(at + 4), with: [0x00, 0x00, 0x80, 0x7F])  // +inf
        }
        let error = #expect(throws: ModelFileError.self) { try AndroidModelFile.read(bytes: bytes, file: "m.tflite") }
        #expect(error?.description.contains("stylus_predictor/r/linear/MatMul_8' weight 0") == true)
    }
}
