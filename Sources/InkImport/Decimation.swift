import InkTraces

/// Lowers a recording's input rate without inventing samples, so one recording also tests a
/// predictor at the rates of slower digitizers (a 240 Hz pen at 120 Hz, say).
///
/// The rule is the benchmark model's (version 4, section 4a): from each stroke, keep the first
/// sample, then each sample that is at least `1 / rateHz` after the last one kept (within 1 %:
/// at least `0.99 / rateHz`), and always the stroke's last sample. Nothing is interpolated: every
/// sample kept is a recorded one, with its pressure, tilt and recorded predictions. The nominal
/// interval becomes the median of the kept intervals. The ground truth stays the full-rate path
/// of the original recording: each kept stroke carries its original's ground truth, so the
/// figures judge the slower input against where the pen really was. On a regular recording
/// whose rate is a multiple of `rateHz` this keeps every k-th sample (k = input rate / `rateHz`).
///
/// ```swift
/// let at120 = try Decimation.resample(trace240, toHz: 120)   // "name @120Hz", every 2nd sample
/// ```
public enum Decimation {
    /// The suffix added to a decimated trace's name: `" @120Hz"`.
    public static func nameSuffix(_ rateHz: Double) -> String { " @\(CSVNumber.text(rateHz))Hz" }

    /// The share of `1 / rateHz` that counts as a whole interval (the model's 1 %).
    public static let intervalTolerance = 0.99

    /// The highest decimation rate as a share of the recording's own rate: a rate must be at
    /// least 2 % below it, so a recording is never "decimated" to its own rate (within its jitter).
    public static let highestRateShare = 0.98

    /// Whether a recording at `inputHz` can be decimated to `rateHz` (``highestRateShare``):
    /// the one test of ``resample(_:toHz:)`` and of the callers that skip a trace instead.
    public static func isBelow(_ rateHz: Double, inputHz: Double) -> Bool { rateHz <= inputHz * highestRateShare }

    /// The trace decimated to `rateHz`, named with ``nameSuffix(_:)`` and a notice saying how
    /// many samples were kept.
    ///
    /// - Parameters:
    ///   - trace: the recording; its rate is `1 / nominalInterval`.
    ///   - rateHz: the new rate in Hz; must be below the recording's own rate (by 2 % or more:
    ///     ``isBelow(_:inputHz:)``).
    /// - Throws: ``ImportError`` naming the trace when `rateHz` is not a positive number below
    ///   the trace's rate.
    public static func resample(_ trace: Trace, toHz rateHz: Double) throws(ImportError) -> Trace {
        let inputHz = 1 / trace.nominalInterval
        guard rateHz.isFinite, rateHz > 0 else {
            throw ImportError(file: trace.name, "resample rate \(rateHz) Hz; expected a positive number of Hz")
        }
        guard isBelow(rateHz, inputHz: inputHz) else {
            throw ImportError(
                file: trace.name,
                "resample rate \(CSVNumber.text(rateHz)) Hz is not below the recording's \(rounded(inputHz)) Hz; expected a lower rate (samples are never invented)")
        }
        let period = 1 / rateHz
        var strokes: [Stroke] = []
        var kept = 0
        for stroke in trace.strokes {
            let indices = keptIndices(stroke.t, period: period)
            kept += indices.count
            func pick(_ column: [Double]?) -> [Double]? { column.map { c in indices.map { c[$0] } } }
            do {
                strokes.append(
                    try Stroke(
                        t: indices.map { stroke.t[$0] }, x: indices.map { stroke.x[$0] }, y: indices.map { stroke.y[$0] },
                        pressure: pick(stroke.pressure), tilt: pick(stroke.tilt), azimuth: pick(stroke.azimuth), tool: stroke.tool,
                        recordedPredictions: stroke.recordedPredictions.map { r in indices.map { r[$0] } },
                        analyticTruth: stroke.groundTruth()))
            } catch {
                throw ImportError(file: trace.name, "decimating a stroke: \(error)")
            }
        }
        let notice =
            "decimated from \(rounded(inputHz)) Hz to \(CSVNumber.text(rateHz)) Hz: \(kept) of \(trace.sampleCount) samples kept (each at least \(rounded(period * 1000 * intervalTolerance)) ms after the last kept, and each stroke's last; none interpolated; ground truth at the full rate)"
        do {
            var out = try Trace(
                name: trace.name + nameSuffix(rateHz), strokes: strokes, nominalInterval: Trace.medianInterval(of: strokes) ?? period,
                notices: trace.notices + [notice], source: trace.source)
            out.device = trace.device
            return out
        } catch {
            throw ImportError(file: trace.name, "decimating: \(error)")
        }
    }

    /// The indices of the samples a stroke with sample times `times` keeps at `period`: the
    /// first, each at least `intervalTolerance × period` after the last kept, and the last.
    static func keptIndices(_ times: [Double], period: Double) -> [Int] {
        guard !times.isEmpty else { return [] }
        var out = [0]
        let least = period * intervalTolerance
        for i in times.indices.dropFirst() where times[i] - times[out[out.count - 1]] >= least {
            out.append(i)
        }
        if out.last != times.count - 1 { out.append(times.count - 1) }
        return out
    }

    /// `v` to one decimal, shortest text (`239.9`, `120`).
    public static func rounded(_ v: Double) -> String { CSVNumber.text((v * 10).rounded() / 10) }
}
