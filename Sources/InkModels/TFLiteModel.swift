/// The parts of a TensorFlow Lite (`.tflite`) model that a plain-Swift forward pass needs: the
/// first subgraph's tensors (name, type, shape, constant data), its operators (built-in code,
/// inputs, outputs) and the signatures' named inputs and outputs.
///
/// Read from the FlatBuffers schema `tensorflow/lite/schema/schema.fbs` (TensorFlow 2.x; the
/// fields used are stable since schema version 3): `Model { version:0, operator_codes:1,
/// subgraphs:2, description:3, buffers:4, …, signature_defs:7 }`, `SubGraph { tensors:0,
/// inputs:1, outputs:2, operators:3, name:4 }`, `Tensor { shape:0, type:1, buffer:2, name:3 }`,
/// `Operator { opcode_index:0, inputs:1, outputs:2, builtin_options_type:3, builtin_options:4 }`,
/// `OperatorCode { deprecated_builtin_code:0, custom_code:1, version:2, builtin_code:3 }`,
/// `Buffer { data:0, offset:1, size:2 }`, `SignatureDef { inputs:0, outputs:1, signature_key:2,
/// subgraph_index:4 }`, `TensorMap { name:0, tensor_index:1 }`. The file identifier at bytes
/// 4..<8 is `TFL3`.
///
/// Every index is checked (a tensor's buffer, an operator's tensors and opcode, a signature's
/// tensors); a file that is not a TFLite model fails with a ``ModelFileError`` naming the byte.
///
/// ```swift
/// let model = try TFLiteModel(bytes: bytes, file: "motion_predictor_model.tflite")
/// model.tensors.first { $0.name.hasSuffix("r/embedding/MatMul") }?.shape   // [64, 25]
/// ```
public struct TFLiteModel: Sendable {
    /// One tensor of the first subgraph.
    public struct Tensor: Sendable {
        /// Its name (`""` when the file gives none).
        public var name: String
        /// Its element type code (`TensorType`: 0 is FLOAT32).
        public var type: Int
        /// Its shape (`[]` for a scalar or when the file gives none).
        public var shape: [Int]
        /// The byte range of its constant data in the file, or `nil` for a computed tensor.
        public var data: Range<Int>?
        /// Where its table starts in the file, for errors.
        public var byteOffset: Int
    }

    /// One operator of the first subgraph.
    public struct Operator: Sendable {
        /// Its built-in operator code (`BuiltinOperator`: 2 CONCATENATION, 9 FULLY_CONNECTED, 150 GELU).
        public var builtinCode: Int
        /// Its input and output tensor indices (-1: an optional input left out).
        public var inputs: [Int], outputs: [Int]
        /// The first field of its builtin options table, as a byte, when present (GELU's `approximate`).
        public var firstOptionByte: UInt8?
        /// Where its table starts in the file, for errors.
        public var byteOffset: Int
    }

    /// `TensorType.FLOAT32`.
    public static let float32Type = 0
    /// `BuiltinOperator` codes used by InkBench's models.
    public static let concatenation = 2, fullyConnected = 9, gelu = 150

    /// The file name, for errors.
    public let file: String
    /// The whole file.
    public let bytes: [UInt8]
    /// The schema version (`Model.version`).
    public let version: Int
    /// The first subgraph's tensors, in file order.
    public let tensors: [Tensor]
    /// The first subgraph's operators, in execution order.
    public let operators: [Operator]
    /// Each signature's key, and its named inputs and outputs (tensor indices).
    public let signatures: [(key: String, inputs: [(name: String, tensor: Int)], outputs: [(name: String, tensor: Int)])]

    /// Parses `bytes` (the whole `.tflite` file).
    ///
    /// - Throws: ``ModelFileError`` naming the byte offset and what was expected, for a file
    ///   that is too short, lacks the `TFL3` identifier, has offsets or lengths outside the file,
    ///   has no subgraph, or has an index (buffer, tensor, opcode) out of range.
    public init(bytes: [UInt8], file: String) throws(ModelFileError) {
        self.file = file
        self.bytes = bytes
        let r = FlatBufferReader(bytes: bytes, file: file)
        guard bytes.count >= 8 else {
            throw ModelFileError(file: file, byteOffset: 0, "file is \(bytes.count) bytes; expected a TFLite flatbuffer of at least 8 bytes")
        }
        let ident = bytes[4..<8]
        guard ident.elementsEqual(Array("TFL3".utf8)) else {
            let shown = ident.map { $0 >= 32 && $0 < 127 ? String(UnicodeScalar($0)) : "\\x\(String($0, radix: 16))" }.joined()
            throw ModelFileError(file: file, byteOffset: 4, "file identifier is '\(shown)'; expected 'TFL3' (a TensorFlow Lite model)")
        }
        let model = try r.root()
        version = Int(try r.scalar(model, 0, width: 4, default: 0, what: "Model.version"))

        // Buffers: the data vector of each (index 0 is the empty sentinel by convention).
        var bufferData: [Range<Int>?] = []
        for (i, b) in try r.tables(model, 4, what: "Model.buffers").enumerated() {
            if let (start, count) = try r.vector(b, 0, elementSize: 1, what: "Model.buffers[\(i)].data"), count > 0 {
                bufferData.append(start..<(start + count))
            } else if try r.scalar(b, 2, width: 8, default: 0, what: "Model.buffers[\(i)].size") != 0 {
                throw ModelFileError(
                    file: file, byteOffset: b.position,
                    "buffer \(i) keeps its data outside the flatbuffer (offset/size fields, models over 2 GB); expected data inside the file")
            } else {
                bufferData.append(nil)
            }
        }

        var codes: [Int] = []
        for (i, c) in try r.tables(model, 1, what: "Model.operator_codes").enumerated() {
            let deprecated = Int(Int8(bitPattern: UInt8(try r.scalar(c, 0, width: 1, default: 0, what: "operator_codes[\(i)].deprecated_builtin_code"))))
            let builtin = Int(Int32(bitPattern: UInt32(try r.scalar(c, 3, width: 4, default: 0, what: "operator_codes[\(i)].builtin_code"))))
            codes.append(max(deprecated, builtin))
        }

        let subgraphs = try r.tables(model, 2, what: "Model.subgraphs")
        guard let graph = subgraphs.first else {
            throw ModelFileError(file: file, byteOffset: model.position, "the model has no subgraph; expected at least one")
        }
        var tensors: [Tensor] = []
        for (i, t) in try r.tables(graph, 0, what: "SubGraph.tensors").enumerated() {
            let shape = try r.int32s(t, 0, what: "tensors[\(i)].shape").map(Int.init)
            let type = Int(try r.scalar(t, 1, width: 1, default: 0, what: "tensors[\(i)].type"))
            let buffer = Int(try r.scalar(t, 2, width: 4, default: 0, what: "tensors[\(i)].buffer"))
            let name = try r.string(t, 3, what: "tensors[\(i)].name") ?? ""
            guard buffer < max(1, bufferData.count) else {
                throw ModelFileError(
                    file: file, byteOffset: t.position,
                    "tensor \(i) '\(name)' uses buffer \(buffer); expected an index below \(bufferData.count)")
            }
            tensors.append(Tensor(
                name: name, type: type, shape: shape, data: buffer < bufferData.count ? bufferData[buffer] : nil,
                byteOffset: t.position))
        }
        func checkTensor(_ index: Int32, _ what: String, at offset: Int, optional: Bool) throws(ModelFileError) -> Int {
            let i = Int(index)
            guard (optional && i == -1) || (i >= 0 && i < tensors.count) else {
                throw ModelFileError(file: file, byteOffset: offset, "\(what) names tensor \(i); expected 0..<\(tensors.count)")
            }
            return i
        }
        var operators: [Operator] = []
        for (i, o) in try r.tables(graph, 3, what: "SubGraph.operators").enumerated() {
            let opcode = Int(try r.scalar(o, 0, width: 4, default: 0, what: "operators[\(i)].opcode_index"))
            guard opcode < codes.count else {
                throw ModelFileError(file: file, byteOffset: o.position, "operator \(i) uses opcode \(opcode); expected an index below \(codes.count)")
            }
            var inputs: [Int] = [], outputs: [Int] = []
            for v in try r.int32s(o, 1, what: "operators[\(i)].inputs") {
                inputs.append(try checkTensor(v, "operator \(i)'s input", at: o.position, optional: true))
            }
            for v in try r.int32s(o, 2, what: "operators[\(i)].outputs") {
                outputs.append(try checkTensor(v, "operator \(i)'s output", at: o.position, optional: false))
            }
            var firstOption: UInt8? = nil
            if let options = try r.subtable(o, 4, what: "operators[\(i)].builtin_options"),
               let p = try r.fieldPosition(options, 0, width: 1, what: "operators[\(i)].builtin_options field 0") {
                firstOption = bytes[p]
            }
            operators.append(Operator(builtinCode: codes[opcode], inputs: inputs, outputs: outputs, firstOptionByte: firstOption, byteOffset: o.position))
        }

        var signatures: [(key: String, inputs: [(name: String, tensor: Int)], outputs: [(name: String, tensor: Int)])] = []
        for (i, s) in try r.tables(model, 7, what: "Model.signature_defs").enumerated() {
            func maps(_ field: Int, _ what: String) throws(ModelFileError) -> [(name: String, tensor: Int)] {
                var out: [(name: String, tensor: Int)] = []
                for (j, m) in try r.tables(s, field, what: "signature_defs[\(i)].\(what)").enumerated() {
                    let name = try r.string(m, 0, what: "signature_defs[\(i)].\(what)[\(j)].name") ?? ""
                    let index = try r.scalar(m, 1, width: 4, default: 0, what: "signature_defs[\(i)].\(what)[\(j)].tensor_index")
                    guard index < UInt64(tensors.count) else {
                        throw ModelFileError(
                            file: file, byteOffset: m.position,
                            "signature \(i) \(what) '\(name)' names tensor \(index); expected 0..<\(tensors.count)")
                    }
                    out.append((name, Int(index)))
                }
                return out
            }
            let key = try r.string(s, 2, what: "signature_defs[\(i)].signature_key") ?? ""
            signatures.append((key, try maps(0, "inputs"), try maps(1, "outputs")))
        }
        self.tensors = tensors
        self.operators = operators
        self.signatures = signatures
    }

    /// A constant float32 tensor's values, row-major, checked against its shape.
    ///
    /// - Throws: ``ModelFileError`` at the tensor's table when it is not float32, has no
    ///   constant data, or its data is not `4 × (product of its shape)` bytes.
    public func floats(_ index: Int) throws(ModelFileError) -> [Float] {
        let t = tensors[index]
        guard t.type == TFLiteModel.float32Type else {
            throw ModelFileError(file: file, byteOffset: t.byteOffset, "tensor '\(t.name)' has type \(t.type); expected FLOAT32 (0)")
        }
        guard let data = t.data else {
            throw ModelFileError(file: file, byteOffset: t.byteOffset, "tensor '\(t.name)' has no constant data; expected weights")
        }
        var count = 1
        for d in t.shape {
            guard d >= 0, d <= 1 << 24 else {
                throw ModelFileError(file: file, byteOffset: t.byteOffset, "tensor '\(t.name)' has dimension \(d); expected 0...\(1 << 24)")
            }
            count = count.multipliedReportingOverflow(by: d).partialValue
            guard count <= bytes.count else {
                throw ModelFileError(file: file, byteOffset: t.byteOffset, "tensor '\(t.name)' shape \(t.shape) is larger than the file; expected its data inside it")
            }
        }
        guard data.count == 4 * count else {
            throw ModelFileError(
                file: file, byteOffset: data.lowerBound,
                "tensor '\(t.name)' of shape \(t.shape) has \(data.count) bytes of data; expected \(4 * count)")
        }
        var out: [Float] = []
        out.reserveCapacity(count)
        var p = data.lowerBound
        for _ in 0..<count {
            let bits = UInt32(bytes[p]) | UInt32(bytes[p + 1]) << 8 | UInt32(bytes[p + 2]) << 16 | UInt32(bytes[p + 3]) << 24
            out.append(Float(bitPattern: bits))
            p += 4
        }
        return out
    }
}
