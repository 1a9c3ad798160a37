import InkReplay
import InkTraces

/// One frame with the figures that `frames.csv` and the charts show: where the pen really was,
/// and how the tip stood against it.
public struct FrameDetail: Sendable {
    /// The frame as replayed.
    public var frame: Frame
    /// The pen's true position at photon time (mm).
    public var trueX: Double
    public var trueY: Double
    /// The pen's speed at photon time (mm/s).
    public var speedMMPerS: Double
    /// Along-track lead `<q - p, u>` (mm); `nil` where the pen is still (no direction).
    public var leadMM: Double?
    /// Cross-track error `<q - p, n>` (mm); `nil` where the pen is still.
    public var crossTrackMM: Double?
    /// Distance from the tip to the pen's last 250 ms of path (mm).
    public var overshootMM: Double

    public init(_ frame: Frame, truth: GroundTruth) {
        self.frame = frame
        let tau = frame.photonTime
        let p = truth.position(at: tau)
        trueX = p.x
        trueY = p.y
        let v = truth.velocity(at: tau)
        let speed = (v.x * v.x + v.y * v.y).squareRoot()
        speedMMPerS = speed
        let ex = frame.tipX - p.x, ey = frame.tipY - p.y
        if speed > 0 {
            let ux = v.x / speed, uy = v.y / speed
            leadMM = ex * ux + ey * uy
            crossTrackMM = -ex * uy + ey * ux
        }
        // The same query as the figures', so that frames.csv agrees with them to the bit.
        overshootMM = FigureAccumulator.overshoot(frame, truth: truth)
    }
}
