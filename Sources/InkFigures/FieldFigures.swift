/// One figure of the field's metrics (papers' fixed-horizon errors, Android's and Chromium's
/// prediction telemetry): the CSV it is in, its column, unit, direction, digits and meaning.
package struct FieldFigure: Sendable, Equatable {
    /// The CSV file, e.g. `horizon.csv`.
    package var csv: String
    /// The column.
    package var column: String
    /// The unit (`px`, `mm`, `px or mm` where the unit column says, `1` for ratios).
    package var unit: String
    package var direction: Figure.Direction
    /// Decimal digits worth reading.
    package var digits: Int
    /// One line: what it is.
    var meaning: String
}

/// The field's figures: the registry section of every figure `bench horizon` and
/// `bench platform-metrics` write (their own CSV files), with the same ``Figure/Direction`` as
/// the frame-pipeline figures of ``Figure/all``.
///
/// ```swift
/// FieldFigures.figure(csv: "horizon.csv", column: "error_mean")?.direction   // .lowerIsBetter
/// ```
package enum FieldFigures {
    package static let all: [FieldFigure] = [
        FieldFigure(csv: "horizon.csv", column: "error_mean", unit: "px or mm (the unit column)", direction: .lowerIsBetter, digits: 2,
                    meaning: "mean Euclidean distance from the prediction k samples (or X ms) ahead to the real position, over the pool's windows"),
        FieldFigure(csv: "horizon.csv", column: "error_p50", unit: "px or mm (the unit column)", direction: .lowerIsBetter, digits: 2,
                    meaning: "median (nearest rank) of the same distances"),
        FieldFigure(csv: "horizon.csv", column: "error_p95", unit: "px or mm (the unit column)", direction: .lowerIsBetter, digits: 2,
                    meaning: "95th percentile (nearest rank) of the same distances"),
        FieldFigure(csv: "horizon.csv", column: "windows", unit: "count", direction: .descriptive, digits: 0,
                    meaning: "windows scored (the same for every strategy of a pool and horizon)"),
        FieldFigure(csv: "android-metrics.csv", column: "along_mean_px", unit: "px (Android device px)", direction: .closerToZeroIsBetter, digits: 3,
                    meaning: "Android: mean signed error along the last real segment (positive ahead), per 4.17 ms bucket"),
        FieldFigure(csv: "android-metrics.csv", column: "along_sd_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: standard deviation of the along-trajectory error"),
        FieldFigure(csv: "android-metrics.csv", column: "off_rmse_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: RMS error across the last real segment"),
        FieldFigure(csv: "android-metrics.csv", column: "pressure_rmse", unit: "pressure (0-1)", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: RMS pressure error (strategies here hold the newest sample's pressure)"),
        FieldFigure(csv: "android-metrics.csv", column: "high_velocity_along_rmse_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: along RMSE of the last two buckets over matches faster than 1100 px/s"),
        FieldFigure(csv: "android-metrics.csv", column: "high_velocity_off_rmse_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: off RMSE of the last two buckets over matches faster than 1100 px/s"),
        FieldFigure(csv: "android-metrics.csv", column: "scale_invariant_along_rmse", unit: "1 (error / path length)", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: along RMSE divided by the buffered truth's path length, averaged over buckets (last bucket's row)"),
        FieldFigure(csv: "android-metrics.csv", column: "scale_invariant_off_rmse", unit: "1 (error / path length)", direction: .lowerIsBetter, digits: 3,
                    meaning: "Android: off RMSE divided by the buffered truth's path length, averaged over buckets (last bucket's row)"),
        FieldFigure(csv: "android-metrics.csv", column: "match_rate", unit: "1", direction: .descriptive, digits: 3,
                    meaning: "Android: matches per predicted point (a point matches a real sample within a quarter bucket)"),
        FieldFigure(csv: "android-metrics.csv", column: "dropped_outside_buckets", unit: "count", direction: .descriptive, digits: 0,
                    meaning: "Android: matched points whose bucket index fell outside 0-4 (Android's C++ does not guard)"),
        FieldFigure(csv: "chromium-metrics.csv", column: "over_prediction_mean_px", unit: "px (Chromium px, 160 per inch)", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean distance of over-predicted points (ahead of the truth at their time)"),
        FieldFigure(csv: "chromium-metrics.csv", column: "under_prediction_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean distance of under-predicted points (behind the truth at their time)"),
        FieldFigure(csv: "chromium-metrics.csv", column: "prediction_score_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean distance from each predicted point to the truth at its time"),
        FieldFigure(csv: "chromium-metrics.csv", column: "frame_over_prediction_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean over-prediction against the truth at the frame (photon) time"),
        FieldFigure(csv: "chromium-metrics.csv", column: "frame_under_prediction_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean under-prediction against the truth at the frame (photon) time"),
        FieldFigure(csv: "chromium-metrics.csv", column: "frame_score_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean distance from each predicted point to the truth at the frame (photon) time"),
        FieldFigure(csv: "chromium-metrics.csv", column: "prediction_jitter_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: mean change of the (truth - prediction) offset between consecutive points, at their times"),
        FieldFigure(csv: "chromium-metrics.csv", column: "visual_jitter_mean_px", unit: "px", direction: .lowerIsBetter, digits: 3,
                    meaning: "Chromium: the same at the frame (photon) times"),
    ]

    /// The facts of a column, or `nil`.
    package static func figure(csv: String, column: String) -> FieldFigure? {
        all.first { $0.csv == csv && $0.column == column }
    }

    /// A Markdown table of every figure, for docs and reports.
    package static var markdownTable: String {
        var lines = ["| CSV | column | unit | direction | digits | meaning |", "|---|---|---|---|---|---|"]
        for f in all {
            lines.append("| \(f.csv) | `\(f.column)` | \(f.unit) | \(f.direction.phrase) | \(f.digits) | \(f.meaning) |")
        }
        return lines.joined(separator: "\n")
    }
}
