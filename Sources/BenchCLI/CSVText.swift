import InkBenchKit

/// Number text for messages and manifests: the CSV writer's shortest round-trip form.
///
/// ```swift
/// CSVText.number(240)   // "240"
/// ```
enum CSVText {
    static func number(_ v: Double) -> String { v.isFinite ? CSVWriter.numberText(v) : "\(v)" }
}
