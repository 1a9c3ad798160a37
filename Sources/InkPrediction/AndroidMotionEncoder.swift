/// The model's input window as Android's `TfLiteMotionPredictorBuffers` builds it: five FIFOs of
/// 5 floats (r, φ, pressure, tilt, orientation), zero-filled at stroke start, fed polar deltas
/// relative to the previous segment's axis.
///
/// Source: AOSP `frameworks/native` `libs/input/TfLiteMotionPredictor.cpp`
/// (`TfLiteMotionPredictorBuffers::pushSample`, `reset`, `copyTo`) and
/// `include/input/TfLiteMotionPredictor.h` (`isReady`), Android 15 (snvd-io/platform_frameworks_native
/// branch 15, blobs `5250a9d2`, `49e909ea`). Every operation is float32 as in the C++, except the
/// orientation, computed in double (`M_PI_2` is a double) and rounded:
///
/// - the first sample only sets the axis end (`axisTo`) and pushes nothing;
/// - v = position − axisTo, r = hypotf(v); while there is no axis start (`axisFrom`) and r > 0,
///   φ = 0 and orientation = π/2 − o − atan2f(v); otherwise φ = atan2f(v) − atan2f(axis), **not
///   wrapped** (a stationary sample gives φ = −axis angle), and orientation = π/2 − o − axis
///   angle when the axis has a length;
/// - the axis advances (axisFrom = axisTo, axisTo = sample) only when r > 0;
/// - r, φ, pressure, tilt and orientation are pushed, dropping the oldest.
///
/// The one undefined case of the C++ (a second sample at the first's position: it reads the
/// disengaged `axisFrom`) pushes φ = 0 and orientation = 0, as the code's comment intends and as
/// the golden data does.
///
/// Positions are device px, angles rad, pressure 0–1.
public struct AndroidMotionEncoder: Sendable {
    /// The window the model reads (oldest first).
    public private(set) var window = AndroidMotionModel.Window()
    /// The axis: the two latest distinct positions (px), `from` then `to`.
    public private(set) var axisFrom: SIMD2<Float>?
    public private(set) var axisTo: SIMD2<Float>?
    /// The newest sample's time (ns), set on every push.
    public private(set) var lastTimestampNs: Int64 = 0

    public init() {}

    /// Whether the model may run: both ends of the axis exist (`isReady()`).
    @inlinable public var isReady: Bool { axisFrom != nil && axisTo != nil }

    /// Forgets every sample: zero-filled window, no axis.
    public mutating func reset() {
        window = AndroidMotionModel.Window()
        axisFrom = nil
        axisTo = nil
    }

    /// Encodes one sample (time ns, position px, pressure 0–1, tilt and orientation rad).
    public mutating func push(timeNs: Int64, x: Float, y: Float, pressure: Float, tilt: Float, orientation: Float) {
        lastTimestampNs = timeNs
        let position = SIMD2<Float>(x, y)
        guard let to = axisTo else {
            axisTo = position
            return
        }
        let v = position - to
        let r = Float32Math.hypot(v.x, v.y)
        var phi: Float = 0
        var encodedOrientation: Float = 0
        if axisFrom == nil, r > 0 {
            let axisPhi = Float32Math.atan2(v.y, v.x)
            encodedOrientation = Self.relativeOrientation(orientation, axisPhi)
        } else if let from = axisFrom {
            let axis = to - from
            let axisPhi = Float32Math.atan2(axis.y, axis.x)
            phi = Float32Math.atan2(v.y, v.x) - axisPhi
            if Float32Math.hypot(axis.x, axis.y) > 0 {
                encodedOrientation = Self.relativeOrientation(orientation, axisPhi)
            }
        }
        if r > 0 {
            axisFrom = to
            axisTo = position
        }
        window.r = Self.pushed(window.r, r)
        window.phi = Self.pushed(window.phi, phi)
        window.pressure = Self.pushed(window.pressure, pressure)
        window.tilt = Self.pushed(window.tilt, tilt)
        window.orientation = Self.pushed(window.orientation, encodedOrientation)
    }

    /// `(float)(M_PI_2 − (double)o − (double)axisPhi)`.
    @inlinable
    static func relativeOrientation(_ o: Float, _ axisPhi: Float) -> Float {
        Float(1.5707963267948966 - Double(o) - Double(axisPhi))
    }

    /// The FIFO after `pushBack(value)`: lanes 1–4 move down, the value goes in lane 4.
    @inlinable
    static func pushed(_ lanes: SIMD8<Float>, _ value: Float) -> SIMD8<Float> {
        SIMD8(lanes[1], lanes[2], lanes[3], lanes[4], value, 0, 0, 0)
    }
}
