import InkTraces

/// Lowers a recording's input rate without inventing samples, so one recording also tests a
/// predictor at the rates of slower digitizers (a 240 Hz pen at 120 Hz, say).
///
/// The rule (one for every recording): each stroke gets a time grid of period `1 / rateHz`
/// anchored at its first sample; each grid time takes the recorded sample nearest to it (the
/// earlier one on a tie). A sample is never taken twice, and a grid time with no sample within
/// half a period (a gap in the recording) takes none, so gaps stay gaps. Nothing is
/// interpolated: every sample kept is a recorded one, with its pressure, tilt and recorded
/// predictions. On a regular recording whose rate is a multiple of `rateHz` this is exactly
/// "keep every k-th sample" (k = input rate / `rateHz`); on one with jitter or dropped reports
/// it keeps the samples a slower digitizer would most nearly have reported.
///
/// ```swift
/// let at120 = try Decimation.resample(trace240, toHz: 120)   // "name @120Hz", every 2nd sample
/// ```
public enum Decimation {
    /// The suffix added to a decimated trace's name: `" @120Hz"`.
    public static func nameSuffix(_ rateHz: Double) -> String { " @\(CSVNumber.text(rateHz))Hz" }

    /// The trace decimated to `rateHz`, named with ``nameSuffix(_:)`` and a notice saying how
    /// many samples were kept.
    ///
    /// - Parameters:
    ///   - trace: the recording; its rate is `1 / nominalInterval`.
    ///   - rateHz: the new rate in Hz; must be below the recording's own rate (by 2 % or more).
    /// - Throws: ``ImportError`` naming the trace when `rateHz` is not a positive number below
    ///   the trace's rate.
    public static func resample(_ trace: Trace, toHz rateHz: Double) throws(ImportError) -> Trace {
        let inputHz = 1 / trace.nominalInterval
        guard rateHz.isFinite, rateHz > 0 else {
            throw ImportError(file: trace.name, "resample rate \(rateHz) Hz; expected a positive number of Hz")
        }
        guard rateHz <= inputHz * 0.98 else {
            throw ImportError(
                file: trace.name,
                "resample rate \(CSVNumber.text(rateHz)) Hz is not below the recording's \(rounded(inputHz)) Hz; expected a lower rate (samples are never invented)")
        }
        let period = 1 / rateHz
        var strokes: [Stroke] = []
        var kept = 0
        for stroke in trace.strokes {
            let indices = nearestOnGrid(stroke.t, period: period)
            kept += indices.count
            func pick(_ column: [Double]?) -> [Double]? { column.map { c in indices.map { c[$0] } } }
            do {
                strokes.append(
                    try Stroke(
                        t: indices.map { stroke.t[$0] }, x: indices.map { stroke.x[$0] }, y: indices.map { stroke.y[$0] },
                        pressure: pick(stroke.pressure), tilt: pick(stroke.tilt), azimuth: pick(stroke.azimuth), tool: stroke.tool,
                        recordedPredictions: stroke.recordedPredictions.map { r in indices.map { r[$0] } }))
            } catch {
                throw ImportError(file: trace.name, "decimating a stroke: \(error)")
            }
        }
        let notice =
            "decimated from \(rounded(inputHz)) Hz to \(CSVNumber.text(rateHz)) Hz: \(kept) of \(trace.sampleCount) samples kept (the nearest to each \(rounded(period * 1000)) ms grid time, none interpolated)"
        do {
            var out = try Trace(
                name: trace.name + nameSuffix(rateHz), strokes: strokes, nominalInterval: period,
                notices: trace.notices + [notice], source: trace.source)
            out.device = trace.device
            return out
        } catch {
            throw ImportError(file: trace.name, "decimating: \(error)")
        }
    }

    /// The indices of the samples `times` keeps on a grid of `period` anchored at `times[0]`.
    static func nearestOnGrid(_ times: [Double], period: Double) -> [Int] {
        guard let start = times.first, let end = times.last else { return [] }
        var out: [Int] = []
        var i = 0
        var j = 0.0
        while true {
            let target = start + j * period
            if target > end + period / 2 { break }
            while i + 1 < times.count && abs(times[i + 1] - target) < abs(times[i] - target) { i += 1 }
            if abs(times[i] - target) <= period / 2 + 1e-12, out.last != i { out.append(i) }
            j += 1
        }
        return out
    }

    /// `v` to one decimal, shortest text (`239.9`, `120`).
    public static func rounded(_ v: Double) -> String { CSVNumber.text((v * 10).rounded() / 10) }
}
