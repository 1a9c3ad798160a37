/// Which way a figure gets worse, so a check can call a change a regression or an improvement.
///
/// ```swift
/// FigureDirection.of("overshoot_p95_mm")        // .higherIsWorse
/// FigureDirection.of("latency_removed_ms")      // .lowerIsWorse
/// FigureDirection.of("overshoot_p95_mm").verdict(from: 1.0, to: 1.2)   // .worse
/// ```
public enum FigureDirection: String, Sendable, Equatable, CaseIterable {
    /// Latency, overshoot, errors, jitter: a larger value is worse.
    case higherIsWorse = "higher is worse"
    /// Latency removed: a smaller value is worse.
    case lowerIsWorse = "lower is worse"
    /// Along-track lead: farther from zero (ahead or behind the pen) is worse.
    case fartherFromZeroIsWorse = "farther from 0 is worse"
    /// Horizons and the share of frames with a prediction describe what a strategy does, not how
    /// well: a change is reported, never a regression.
    case neutral = "neither"

    /// The direction of a `summary.csv` figure column; columns this version does not know are neutral.
    public static func of(_ figure: String) -> FigureDirection {
        switch figure {
        case "perceived_latency_ms", "overshoot_p95_mm", "overshoot_max_mm", "end_overshoot_mean_mm",
            "end_overshoot_max_mm", "lead_sd_mm", "cross_track_rms_mm", "spatial_lag_mean_mm",
            "remaining_lag_ratio", "wrong_direction_rate", "jitter_rms_mm":
            .higherIsWorse
        case "latency_removed_ms": .lowerIsWorse
        case "lead_mean_mm": .fartherFromZeroIsWorse
        default: .neutral
        }
    }

    /// Whether going from `old` to `new` is better, worse or neither (no tolerance applied).
    public func verdict(from old: Double, to new: Double) -> Movement {
        switch self {
        case .higherIsWorse: new > old ? .worse : new < old ? .better : .same
        case .lowerIsWorse: new < old ? .worse : new > old ? .better : .same
        case .fartherFromZeroIsWorse: abs(new) > abs(old) ? .worse : abs(new) < abs(old) ? .better : .same
        case .neutral: new == old ? .same : .different
        }
    }

    /// The raw direction of one change.
    public enum Movement: Sendable, Equatable {
        case better, worse, same, different
    }
}
