import InkOutput
import InkTraces

/// What the per-frame charts show of the chart trace, so that their data stays the size a
/// chart can show whatever the trace's length: frame phase 0 only (the stroke-replay and
/// error charts draw one phase), and at most the first ``seconds`` of the trace.
///
/// `chart-frames.csv`, `tails.csv` and `paths.csv` hold only what the window shows;
/// `frames.csv` keeps every frame of every phase. The report and the chart titles say when a
/// trace was cut.
///
/// ```swift
/// let window = ChartWindow(trace: trace)
/// window.note   // "the first 10 s of 102.4 s, frame phase 0"
/// ```
package struct ChartWindow: Sendable, Equatable {
    /// The longest stretch of a trace the per-frame charts show (s).
    package static let seconds = 10.0

    /// The trace's first sample (s).
    package let start: Double
    /// The last time shown (s): `start + seconds`, or the trace's end.
    package let end: Double
    /// The trace's length (s).
    let traceDuration: Double

    package init(trace: Trace) {
        start = trace.startTime
        traceDuration = trace.endTime - trace.startTime
        end = start + min(traceDuration, Self.seconds)
    }

    /// Whether the trace is longer than the window.
    var isCut: Bool { traceDuration > Self.seconds }

    /// Whether a frame (its phase and photon time) is shown.
    package func shows(phase: Int, photonTime: Double) -> Bool { phase == 0 && photonTime <= end }

    /// Whether a sample time is shown.
    package func shows(sampleTime t: Double) -> Bool { t <= end }

    /// What the charts show, for titles and the report: `frame phase 0` or `the first 10 s of
    /// 102.4 s, frame phase 0`.
    package var note: String {
        isCut
            ? "the first \(NumberText.exact(Self.seconds)) s of \(NumberText.fixed(traceDuration, 1)) s, frame phase 0"
            : "frame phase 0"
    }
}
