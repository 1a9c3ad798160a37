/// A minimal, bounds-checked reader of the protocol buffer wire format, enough for the
/// Google Ink recordings: varints, zigzag `sint32`, `float`, length-delimited fields and
/// skipping of unknown fields. It never reads outside its window, never allocates more than
/// the bytes it was given can justify, and every error names the byte offset.
///
/// Kept instead of apple/swift-protobuf (1.39.0): that needs message code generated from a
/// `.proto` (protoc and its plugin, a 9.5-minute first build here), and its decoding errors
/// (`BinaryDecodingError.truncated`, `.malformedProtobuf`) name no byte offset, which the
/// import errors must.
///
/// ```swift
/// var r = ProtobufWireReader(bytes: bytes, file: "a.binarypb")
/// while !r.isAtEnd {
///     let (field, wire) = try r.tag()
///     if field == 1, wire == 2 { let inner = try r.message() } else { try r.skip(wire) }
/// }
/// ```
struct ProtobufWireReader {
    /// The whole file.
    let bytes: [UInt8]
    /// The file name, for errors.
    let file: String
    /// The next byte to read.
    private(set) var position: Int
    /// One past the last byte of this window.
    let end: Int

    /// A reader over the whole of `bytes`.
    init(bytes: [UInt8], file: String) {
        self.init(bytes: bytes, file: file, window: 0..<bytes.count)
    }

    /// A reader over `window` of `bytes` (a nested message).
    init(bytes: [UInt8], file: String, window: Range<Int>) {
        self.bytes = bytes
        self.file = file
        position = window.lowerBound
        end = window.upperBound
    }

    var isAtEnd: Bool { position >= end }

    /// The wire type names, for errors.
    static func wireName(_ w: Int) -> String {
        ["varint", "64-bit", "length-delimited", "group start", "group end", "32-bit"].indices.contains(w)
            ? ["varint", "64-bit", "length-delimited", "group start", "group end", "32-bit"][w] : "wire type \(w)"
    }

    func error(at offset: Int, _ message: String) -> ImportError {
        ImportError(file: file, byteOffset: offset, message)
    }

    /// Reads a base-128 varint (at most 10 bytes).
    mutating func varint() throws(ImportError) -> UInt64 {
        let start = position
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            guard position < end else { throw error(at: start, "truncated varint; expected more bytes before offset \(end)") }
            let b = bytes[position]
            position += 1
            if shift == 63 && b > 1 { throw error(at: start, "varint longer than 64 bits; expected at most 10 bytes") }
            result |= UInt64(b & 0x7F) << shift
            if b & 0x80 == 0 { return result }
            shift += 7
            if shift > 63 { throw error(at: start, "varint longer than 10 bytes; expected a 64-bit varint") }
        }
    }

    /// Reads a field tag: field number and wire type.
    mutating func tag() throws(ImportError) -> (field: Int, wire: Int) {
        let start = position
        let v = try varint()
        let field = v >> 3
        guard field >= 1, field < (1 << 29) else { throw error(at: start, "field number \(field) is invalid; expected 1 to 2^29-1") }
        return (Int(field), Int(v & 7))
    }

    /// Reads a length-delimited field's window and moves past it.
    mutating func lengthDelimited() throws(ImportError) -> Range<Int> {
        let start = position
        let length = try varint()
        guard length <= UInt64(end - position) else {
            throw error(at: start, "length \(length) runs past the end of its message (\(end - position) bytes left); expected a complete field")
        }
        let window = position..<(position + Int(length))
        position = window.upperBound
        return window
    }

    /// Reads a length-delimited field as a nested message reader.
    mutating func message() throws(ImportError) -> ProtobufWireReader {
        ProtobufWireReader(bytes: bytes, file: file, window: try lengthDelimited())
    }

    /// Reads a little-endian 32-bit float.
    mutating func float32() throws(ImportError) -> Float {
        guard end - position >= 4 else { throw error(at: position, "truncated 32-bit value; expected 4 bytes") }
        var bits: UInt32 = 0
        for k in 0..<4 { bits |= UInt32(bytes[position + k]) << (8 * UInt32(k)) }
        position += 4
        return Float(bitPattern: bits)
    }

    /// Skips a field's value of wire type `wire`.
    mutating func skip(_ wire: Int) throws(ImportError) {
        let start = position
        switch wire {
        case 0: _ = try varint()
        case 1:
            guard end - position >= 8 else { throw error(at: start, "truncated 64-bit value; expected 8 bytes") }
            position += 8
        case 2: _ = try lengthDelimited()
        case 5:
            guard end - position >= 4 else { throw error(at: start, "truncated 32-bit value; expected 4 bytes") }
            position += 4
        default:
            throw error(at: start, "unsupported \(ProtobufWireReader.wireName(wire)); expected wire type 0, 1, 2 or 5")
        }
    }

    /// Decodes a zigzag-encoded `sint32`.
    static func zigzag32(_ v: UInt64) -> Int64 {
        let u = UInt32(truncatingIfNeeded: v)
        return Int64(Int32(bitPattern: (u >> 1) ^ (0 &- (u & 1))))
    }
}
