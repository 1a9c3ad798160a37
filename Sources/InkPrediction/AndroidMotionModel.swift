/// The weights and forward pass of Android's stylus motion-prediction network (Android 14 and
/// 15), in plain Swift.
///
/// Source: AOSP `platform/frameworks/native`, `data/etc/input/motion_predictor_model.tflite`
/// (blob `45fc162c…`, the same on branches 14 and 15; introduced by commit `107ce707b5ea`
/// "Update motion prediction model", 2023-07-14), run by `libs/input/TfLiteMotionPredictor.cpp`
/// (Android 15: snvd-io/platform_frameworks_native branch 15, blob `5250a9d2`). Apache-2.0.
/// The weights come in as arrays (InkPrediction reads no files): `InkModels.AndroidModelFile`
/// reads them from the `.tflite` file.
///
/// Topology (the model's single `serving_default` signature). Inputs `r`, `phi`, `pressure`,
/// `tilt`, `orientation`, 5 floats each, oldest first; the network concatenates them as
/// x = (r, phi, pressure, **orientation, tilt**), 25 floats. Three heads h ∈ {r, phi,
/// pressure}, each with its own weights, compute 5 future steps with a weight-tied core:
///
/// ```
/// e     = E·x                                   E [64, 25], no bias
/// h1    = G(B·G(A·e  + a1) + bB)                a1: the first pass's own bias
/// hk    = G(B·G(A·hk−1 + bA) + bB)              k = 2…5, the same A, B
/// out_k = w·hk + c                              w [1, 64], c [1]
/// ```
///
/// with G the exact GELU, 0.5·v·(1 + erf(v/√2)) (the model's GELU has `approximate=false`; the
/// tanh form is off by up to 3e-3). Units are the platform's: r in device px per 4.1667 ms step,
/// φ in rad relative to the previous segment, pressure 0–1, tilt and orientation in rad. A
/// fourth head, `z` (a confidence Android never reads), is ``confidence(input:outputs:)``.
///
/// Cost per ``predict(_:)``: 128,640 multiply-adds and 1,920 GELUs, computed with SIMD4
/// accumulators that fit the registers of a portable (SSE2) build, inputs broadcast once per
/// layer, and a vectorised rational erf (|error| ≤ 6e-7 against the exact erf); no heap
/// allocation. ``referencePredict(_:)`` is the same pass as plain scalar loops (the oracle). It reproduces the TFLite runtime's outputs within 1e-5 relative (the golden
/// file `model-golden.csv` beside the model).
///
/// ```swift
/// let model = try AndroidMotionModel(r: rHead, phi: phiHead, pressure: pressureHead)
/// var window = AndroidMotionModel.Window()
/// window.r = [0, 0, 0, 0, 5.5]
/// let out = model.predict(window)   // out.r[0...4], out.phi, out.pressure
/// ```
public struct AndroidMotionModel: Sendable {
    /// Floats per hidden layer.
    public static let width = 64
    /// Samples per input and steps per output.
    public static let steps = 5
    /// Floats of the concatenated input.
    public static let inputWidth = 25

    /// One head's weights, as the `.tflite` file stores them (row-major `[out, in]`).
    public struct Head: Sendable {
        /// E, `[64, 25]` (`{h}/embedding/MatMul`, φ's is `MatMul1`).
        public var embedding: [Float]
        /// a1, `[64]`: the first pass's bias (`{h}/linear/MatMul;…/linear/Add`).
        public var firstBias: [Float]
        /// A, `[64, 64]` (`{h}/linear/MatMul_8`) and its bias bA (`{h}/linear/Add/ReadVariableOp`).
        public var a: [Float], aBias: [Float]
        /// B, `[64, 64]` (`{h}/linear/MatMul_9`) and its bias bB (`{h}/linear/Add_1/ReadVariableOp`).
        public var b: [Float], bBias: [Float]
        /// w, `[1, 64]` (`{h}/output/MatMul_4`) and c, `[1]` (`{h}/output/Add/ReadVariableOp`).
        public var output: [Float], outputBias: Float

        public init(
            embedding: [Float], firstBias: [Float], a: [Float], aBias: [Float], b: [Float], bBias: [Float],
            output: [Float], outputBias: Float
        ) {
            self.embedding = embedding
            self.firstBias = firstBias
            self.a = a
            self.aBias = aBias
            self.b = b
            self.bBias = bBias
            self.output = output
            self.outputBias = outputBias
        }
    }

    /// The confidence head z's weights (row-major): W0 `[64, 40]`, W1 `[64, 64]`, W2 `[5, 64]`.
    public struct Confidence: Sendable {
        public var w0: [Float], b0: [Float], w1: [Float], b1: [Float], w2: [Float], b2: [Float]
        public init(w0: [Float], b0: [Float], w1: [Float], b1: [Float], w2: [Float], b2: [Float]) {
            self.w0 = w0
            self.b0 = b0
            self.w1 = w1
            self.b1 = b1
            self.w2 = w2
            self.b2 = b2
        }
    }

    /// The five input channels, oldest sample in lane 0, lanes 5–7 unused (0).
    public struct Window: Sendable, Equatable {
        public var r = SIMD8<Float>(), phi = SIMD8<Float>(), pressure = SIMD8<Float>()
        public var tilt = SIMD8<Float>(), orientation = SIMD8<Float>()
        public init() {}

        /// The model's 25 inputs in its concatenation order (r, φ, pressure, orientation,
        /// tilt; 5 steps each), given to `body` as (input index, value): the one statement of
        /// that order, read by the fast pass and by its oracle.
        @inlinable
        func forEachInput(_ body: (_ index: Int, _ value: Float) -> Void) {
            for i in 0..<5 {
                body(i, r[i])
                body(5 + i, phi[i])
                body(10 + i, pressure[i])
                body(15 + i, orientation[i])
                body(20 + i, tilt[i])
            }
        }
    }

    /// The three outputs Android reads, step k+1 in lane k (lanes 5–7 unused).
    public struct Output: Sendable, Equatable {
        public var r = SIMD8<Float>(), phi = SIMD8<Float>(), pressure = SIMD8<Float>()
        public init() {}
    }

    /// The heads' weights, transposed to columns of 64 and packed (see ``Layout``).
    @usableFromInline let packed: [Float]
    /// The confidence head's weights, rows as given, or empty.
    @usableFromInline let confidenceWeights: Confidence?

    /// Where each head's parts start in ``packed`` (in floats), each a multiple of 16.
    @usableFromInline
    enum Layout {
        /// Eᵀ: 25 columns of 64.
        @usableFromInline static let embedding = 0
        @usableFromInline static let firstBias = 25 * 64
        @usableFromInline static let a = firstBias + 64
        @usableFromInline static let aBias = a + 64 * 64
        @usableFromInline static let b = aBias + 64
        @usableFromInline static let bBias = b + 64 * 64
        @usableFromInline static let output = bBias + 64
        @usableFromInline static let outputBias = output + 64
        /// Floats per head (the output bias padded to 16).
        @usableFromInline static let head = outputBias + 16
    }

    /// Checks every array's size and packs the weights for the forward pass.
    ///
    /// - Throws: ``PredictorParameterError`` naming the head and array whose size is wrong, or
    ///   a value that is not finite.
    public init(r: Head, phi: Head, pressure: Head, confidence: Confidence? = nil) throws(PredictorParameterError) {
        var packed = [Float](repeating: 0, count: 3 * Layout.head)
        for (index, (name, head)) in [("r", r), ("phi", phi), ("pressure", pressure)].enumerated() {
            let base = index * Layout.head
            func check(_ array: [Float], _ part: String, _ count: Int) throws(PredictorParameterError) {
                guard array.count == count else {
                    throw PredictorParameterError(
                        predictor: "android model", parameter: "\(name).\(part)", value: Double(array.count),
                        expected: "\(count) floats")
                }
                if let bad = array.first(where: { !$0.isFinite }) {
                    throw PredictorParameterError(
                        predictor: "android model", parameter: "\(name).\(part)", value: Double(bad), expected: "finite weights")
                }
            }
            try check(head.embedding, "embedding", 64 * 25)
            try check(head.firstBias, "firstBias", 64)
            try check(head.a, "a", 64 * 64)
            try check(head.aBias, "aBias", 64)
            try check(head.b, "b", 64 * 64)
            try check(head.bBias, "bBias", 64)
            try check(head.output, "output", 64)
            try check([head.outputBias], "outputBias", 1)
            for o in 0..<64 {
                for i in 0..<25 { packed[base + Layout.embedding + i * 64 + o] = head.embedding[o * 25 + i] }
                for i in 0..<64 {
                    packed[base + Layout.a + i * 64 + o] = head.a[o * 64 + i]
                    packed[base + Layout.b + i * 64 + o] = head.b[o * 64 + i]
                }
                packed[base + Layout.firstBias + o] = head.firstBias[o]
                packed[base + Layout.aBias + o] = head.aBias[o]
                packed[base + Layout.bBias + o] = head.bBias[o]
                packed[base + Layout.output + o] = head.output[o]
            }
            packed[base + Layout.outputBias] = head.outputBias
        }
        if let c = confidence {
            for (part, array, count) in [
                ("w0", c.w0, 64 * 40), ("b0", c.b0, 64), ("w1", c.w1, 64 * 64), ("b1", c.b1, 64), ("w2", c.w2, 5 * 64),
                ("b2", c.b2, 5),
            ] where array.count != count {
                throw PredictorParameterError(
                    predictor: "android model", parameter: "confidence.\(part)", value: Double(array.count),
                    expected: "\(count) floats")
            }
        }
        self.packed = packed
        self.confidenceWeights = confidence
    }

    /// Runs the r, φ and pressure heads on one window: what `TfLiteMotionPredictorModel::invoke`
    /// gives Android. No heap allocation.
    @inlinable
    public func predict(_ window: Window) -> Output {
        // x = (r, phi, pressure, orientation, tilt): the model's concatenation order.
        var x = SIMD32<Float>()
        window.forEachInput { i, v in x[i] = v }
        var out = Output()
        packed.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            withUnsafeBytes(of: &x) { xBytes in
                let xs = xBytes.baseAddress.unsafelyUnwrapped.assumingMemoryBound(to: Float.self)
                out.r = AndroidMotionModel.head(UnsafeRawPointer(base), input: xs)
                out.phi = AndroidMotionModel.head(UnsafeRawPointer(base + Layout.head), input: xs)
                out.pressure = AndroidMotionModel.head(UnsafeRawPointer(base + 2 * Layout.head), input: xs)
            }
        }
        return out
    }

    /// One head's five steps. `w` points at the head's packed weights, `input` at the 25 inputs.
    @inlinable
    static func head(_ w: UnsafeRawPointer, input: UnsafePointer<Float>) -> SIMD8<Float> {
        var result = SIMD8<Float>()
        let outputWeights = Hidden(loading: w + 4 * Layout.output)
        let outputBias = w.loadUnaligned(fromByteOffset: 4 * Layout.outputBias, as: Float.self)
        var layer = LayerScratch()
        layer.withBuffers { inputs, h in
            for i in 0..<25 { inputs.storeBytes(of: SIMD4(repeating: input[i]), toByteOffset: 16 &* i, as: SIMD4<Float>.self) }
            matrix(w + 4 * Layout.embedding, columns: 25, inputs: inputs, bias: nil, into: h)
            for step in 0..<5 {
                LayerScratch.broadcast(Hidden(loading: h), into: inputs)
                matrix(w + 4 * Layout.a, columns: 64, inputs: inputs,
                       bias: w + 4 * (step == 0 ? Layout.firstBias : Layout.aBias), into: h)
                var u = Hidden(loading: h)
                u.gelu()
                LayerScratch.broadcast(u, into: inputs)
                matrix(w + 4 * Layout.b, columns: 64, inputs: inputs, bias: w + 4 * Layout.bBias, into: h)
                var g = Hidden(loading: h)
                g.gelu()
                g.store(to: h)
                result[step] = g.dot(outputWeights) + outputBias
            }
        }
        return result
    }

    /// `out = bias + Σ_j W[·, j] · input_j`, 64 outputs from `columns` inputs, the weights packed
    /// transposed (column `j`'s 64 floats contiguous, 256 bytes apart) and each input given as
    /// a SIMD4 of four copies (``LayerScratch``). Two passes of 32 outputs, each with eight
    /// SIMD4 accumulators: the 8 accumulators, one broadcast input and one weight load fit the
    /// 16 SSE registers of a portable x86-64 build, so nothing spills in the loop (the previous
    /// 16 accumulators did). The sum runs in the plain order, column 0, 1, … from 0, then the
    /// bias (as TFLite's kernels add it, after the products: the large golden rows agree to
    /// 1.0e-4 this way, 1.1e-3 with the bias first), one rounding per multiply and per add
    /// (no FMA), which is exactly what ``referencePredict(_:)`` computes lane by lane.
    @inlinable
    static func matrix(
        _ w: UnsafeRawPointer, columns: Int, inputs x: UnsafeRawPointer, bias: UnsafeRawPointer?,
        into out: UnsafeMutableRawPointer
    ) {
        for half in 0..<2 {
            let offset = 128 &* half
            var a0 = SIMD4<Float>(), a1 = SIMD4<Float>(), a2 = SIMD4<Float>(), a3 = SIMD4<Float>()
            var a4 = SIMD4<Float>(), a5 = SIMD4<Float>(), a6 = SIMD4<Float>(), a7 = SIMD4<Float>()
            var column = w + offset
            var xp = x
            var j = 0
            while j < columns {
                let xv = xp.loadUnaligned(as: SIMD4<Float>.self)
                a0 += column.loadUnaligned(fromByteOffset: 0, as: SIMD4<Float>.self) * xv
                a1 += column.loadUnaligned(fromByteOffset: 16, as: SIMD4<Float>.self) * xv
                a2 += column.loadUnaligned(fromByteOffset: 32, as: SIMD4<Float>.self) * xv
                a3 += column.loadUnaligned(fromByteOffset: 48, as: SIMD4<Float>.self) * xv
                a4 += column.loadUnaligned(fromByteOffset: 64, as: SIMD4<Float>.self) * xv
                a5 += column.loadUnaligned(fromByteOffset: 80, as: SIMD4<Float>.self) * xv
                a6 += column.loadUnaligned(fromByteOffset: 96, as: SIMD4<Float>.self) * xv
                a7 += column.loadUnaligned(fromByteOffset: 112, as: SIMD4<Float>.self) * xv
                column += 256
                xp += 16
                j &+= 1
            }
            if let b = bias {
                a0 += b.loadUnaligned(fromByteOffset: offset, as: SIMD4<Float>.self)
                a1 += b.loadUnaligned(fromByteOffset: offset &+ 16, as: SIMD4<Float>.self)
                a2 += b.loadUnaligned(fromByteOffset: offset &+ 32, as: SIMD4<Float>.self)
                a3 += b.loadUnaligned(fromByteOffset: offset &+ 48, as: SIMD4<Float>.self)
                a4 += b.loadUnaligned(fromByteOffset: offset &+ 64, as: SIMD4<Float>.self)
                a5 += b.loadUnaligned(fromByteOffset: offset &+ 80, as: SIMD4<Float>.self)
                a6 += b.loadUnaligned(fromByteOffset: offset &+ 96, as: SIMD4<Float>.self)
                a7 += b.loadUnaligned(fromByteOffset: offset &+ 112, as: SIMD4<Float>.self)
            }
            let o = out + offset
            o.storeBytes(of: a0, toByteOffset: 0, as: SIMD4<Float>.self)
            o.storeBytes(of: a1, toByteOffset: 16, as: SIMD4<Float>.self)
            o.storeBytes(of: a2, toByteOffset: 32, as: SIMD4<Float>.self)
            o.storeBytes(of: a3, toByteOffset: 48, as: SIMD4<Float>.self)
            o.storeBytes(of: a4, toByteOffset: 64, as: SIMD4<Float>.self)
            o.storeBytes(of: a5, toByteOffset: 80, as: SIMD4<Float>.self)
            o.storeBytes(of: a6, toByteOffset: 96, as: SIMD4<Float>.self)
            o.storeBytes(of: a7, toByteOffset: 112, as: SIMD4<Float>.self)
        }
    }

    /// The same forward pass as ``predict(_:)``, written as plain scalar loops over the packed
    /// weights: the oracle the fast pass is tested against.
    ///
    /// Every sum runs in the same order as the fast pass (inputs 0, 1, … in order from 0, then
    /// the bias; one rounding per multiply and per add) and the GELU is `gelu(_:)` on each value,
    /// so the two agree bit for bit; a change to either that reorders a sum shows up as a
    /// difference (expected then: within 1e-6 relative, the size of float32 reordering over
    /// 64 terms). Slow (scalar, allocates); for tests.
    public func referencePredict(_ window: Window) -> Output {
        var x = [Float](repeating: 0, count: 25)
        window.forEachInput { i, v in x[i] = v }
        var out = Output()
        for headIndex in 0..<3 {
            let base = headIndex * Layout.head
            func dense(_ weights: Int, _ bias: Int?, _ v: [Float]) -> [Float] {
                (0..<64).map { o in
                    var s: Float = 0
                    for i in v.indices { s += packed[base + weights + i * 64 + o] * v[i] }
                    return bias.map { s + packed[base + $0 + o] } ?? s
                }
            }
            var h = dense(Layout.embedding, nil, x)
            var lanes = SIMD8<Float>()
            for step in 0..<5 {
                let u = dense(Layout.a, step == 0 ? Layout.firstBias : Layout.aBias, h).map(AndroidMotionModel.gelu)
                h = dense(Layout.b, Layout.bBias, u).map(AndroidMotionModel.gelu)
                var dot = SIMD16<Float>()
                for i in 0..<64 { dot[i % 16] += h[i] * packed[base + Layout.output + i] }
                lanes[step] = dot.sum() + packed[base + Layout.outputBias]
            }
            switch headIndex {
            case 0: out.r = lanes
            case 1: out.phi = lanes
            default: out.pressure = lanes
            }
        }
        return out
    }

    /// The confidence head z (Android never reads it): `W2·G(W1·G(W0·(x, r, φ, pressure) + b0) + b1) + b2`.
    /// `nil` when the model was built without its weights. Scalar, for tests.
    public func confidence(input window: Window, outputs: Output) -> [Float]? {
        guard let c = confidenceWeights else { return nil }
        var x: [Float] = []
        for channel in [window.r, window.phi, window.pressure, window.orientation, window.tilt] {
            for i in 0..<5 { x.append(channel[i]) }
        }
        for channel in [outputs.r, outputs.phi, outputs.pressure] { for i in 0..<5 { x.append(channel[i]) } }
        func dense(_ w: [Float], _ b: [Float], _ v: [Float], rows: Int) -> [Float] {
            (0..<rows).map { o in
                var s = b[o]
                for i in v.indices { s += w[o * v.count + i] * v[i] }
                return s
            }
        }
        let h0 = dense(c.w0, c.b0, x, rows: 64).map(AndroidMotionModel.gelu)
        let h1 = dense(c.w1, c.b1, h0, rows: 64).map(AndroidMotionModel.gelu)
        return dense(c.w2, c.b2, h1, rows: 5)
    }

    /// The GELU of one value, with the same erf as the forward pass.
    @inlinable
    public static func gelu(_ v: Float) -> Float {
        let g = gelu(SIMD16<Float>(repeating: v))
        return g[0]
    }

    /// The exact-erf GELU, 0.5·v·(1 + erf(v/√2)), lane by lane.
    @inlinable
    public static func gelu(_ v: SIMD16<Float>) -> SIMD16<Float> {
        0.5 * v * (1 + erf(v * 0.70710678118654752))
    }

    /// erf, lane by lane: a rational approximation x·P(x²)/Q(x²) of degrees 13 and 8, with x
    /// clamped to ±4 (erf(±4) = ±(1 − 1.5e-8)), fitted for InkBench by least squares on the
    /// maximum error, then kept within ±1; |error| ≤ 6e-7 in float32 arithmetic against the
    /// exact erf. NaN gives NaN.
    @inlinable
    public static func erf(_ v: SIMD16<Float>) -> SIMD16<Float> {
        // erf is odd: work on |v| and put the sign back with bit operations, so that only two
        // one-sided clamps remain (each a compare and a select; `clamped(lowerBound:upperBound:)`
        // and `pointwiseMin` run lane by lane, ten times slower). NaN stays NaN.
        let bits = unsafeBitCast(v, to: SIMD16<UInt32>.self)
        let sign = bits & 0x8000_0000
        var x = unsafeBitCast(bits & 0x7FFF_FFFF, to: SIMD16<Float>.self)
        x.replace(with: SIMD16(repeating: 4), where: x .> 4)
        let s = x * x
        var p = SIMD16<Float>(repeating: 1.9625048253146815e-08)
        p = p * s + -1.9817066458927e-06
        p = p * s + 0.00014951458433642983
        p = p * s + 0.004019878804683685
        p = p * s + 0.051557667553424835
        p = p * s + 0.20738819241523743
        p = p * s + 1.1283787488937378
        var q = SIMD16<Float>(repeating: 0.0010335852857679129)
        q = q * s + 0.014990809373557568
        q = q * s + 0.11808289587497711
        q = q * s + 0.5171218514442444
        q = q * s + 1
        // Saturate at 1: GELU(v) must be exactly v for large v (the model sees r up to 1e6).
        // min(x·p, q) / q: the same as min(x·p / q, 1) bit for bit, but as a min on floats
        // (one minps) where a select on the quotient, whose bits the sign is or-ed into below,
        // compiled to four integer-domain operations.
        var n = x * p
        n.replace(with: q, where: n .> q)
        let e = n / q
        return unsafeBitCast(unsafeBitCast(e, to: SIMD16<UInt32>.self) | sign, to: SIMD16<Float>.self)
    }
}

/// The forward pass's working memory, on the stack: the 64 inputs of a layer each broadcast
/// to a SIMD4 (1 KB, so the matrix loop loads an input instead of shuffling it), and the
/// layer's 64 outputs. The only place the pass touches memory through raw pointers besides
/// the packed weights; ``withBuffers(_:)`` hands out both for the duration of one head.
@usableFromInline
struct LayerScratch {
    @usableFromInline var inputs0 = Hidden(), inputs1 = Hidden(), inputs2 = Hidden(), inputs3 = Hidden()
    @usableFromInline var outputs = Hidden()

    @inlinable init() {}

    /// Calls `body` with the broadcast inputs (64 × 16 bytes) and the outputs (64 floats).
    @inlinable
    mutating func withBuffers<R>(_ body: (UnsafeMutableRawPointer, UnsafeMutableRawPointer) -> R) -> R {
        withUnsafeMutableBytes(of: &self) { raw in
            let base = raw.baseAddress.unsafelyUnwrapped
            return body(base, base + 1024)
        }
    }

    /// Writes each of `v`'s 64 floats as a SIMD4 of four copies at `inputs`.
    @inlinable
    static func broadcast(_ v: Hidden, into inputs: UnsafeMutableRawPointer) {
        var v = v
        withUnsafeBytes(of: &v) { raw in
            for i in 0..<64 {
                let x = raw.load(fromByteOffset: 4 &* i, as: Float.self)
                inputs.storeBytes(of: SIMD4(repeating: x), toByteOffset: 16 &* i, as: SIMD4<Float>.self)
            }
        }
    }
}

/// A hidden layer of 64 floats as four SIMD16 lanes (on the stack).
@usableFromInline
struct Hidden {
    @usableFromInline var a = SIMD16<Float>(), b = SIMD16<Float>(), c = SIMD16<Float>(), d = SIMD16<Float>()

    @inlinable init() {}

    @inlinable
    init(loading p: UnsafeRawPointer) {
        a = p.loadUnaligned(fromByteOffset: 0, as: SIMD16<Float>.self)
        b = p.loadUnaligned(fromByteOffset: 64, as: SIMD16<Float>.self)
        c = p.loadUnaligned(fromByteOffset: 128, as: SIMD16<Float>.self)
        d = p.loadUnaligned(fromByteOffset: 192, as: SIMD16<Float>.self)
    }

    @inlinable
    func store(to p: UnsafeMutableRawPointer) {
        p.storeBytes(of: a, toByteOffset: 0, as: SIMD16<Float>.self)
        p.storeBytes(of: b, toByteOffset: 64, as: SIMD16<Float>.self)
        p.storeBytes(of: c, toByteOffset: 128, as: SIMD16<Float>.self)
        p.storeBytes(of: d, toByteOffset: 192, as: SIMD16<Float>.self)
    }

    @inlinable
    mutating func gelu() {
        a = AndroidMotionModel.gelu(a)
        b = AndroidMotionModel.gelu(b)
        c = AndroidMotionModel.gelu(c)
        d = AndroidMotionModel.gelu(d)
    }

    @inlinable
    func dot(_ o: Hidden) -> Float {
        (a * o.a + b * o.b + c * o.c + d * o.d).sum()
    }
}
