import ArgumentParser
import InkImport

/// The import options of a command that reads one recording (`convert`, `browser`): its
/// `--format`, `--scale`, `--time-unit` and `--hover`, checked and applied in one place.
///
/// ```swift
/// var options = ImportOptions()
/// var format: TraceFormat?
/// try SingleFileImport.apply(format: "svc", scale: 200, timeUnit: nil, hover: false, to: &options, format: &format)
/// ```
enum SingleFileImport {
    /// Applies the options over `options` and `chosen` (a manifest's values may already be there).
    ///
    /// - Throws: `ValidationError` naming the option and what was expected.
    static func apply(
        format: String?, scale: Double?, timeUnit: String?, hover: Bool, to options: inout ImportOptions,
        format chosen: inout TraceFormat?
    ) throws {
        if let format {
            guard let f = TraceFormat(name: format) else {
                throw ValidationError("--format '\(format)' is unknown; expected one of \(TraceFormat.namesList)")
            }
            chosen = f
        }
        if let scale {
            guard scale.isFinite, scale > 0 else { throw ValidationError("--scale \(scale): expected a positive number of file units per mm") }
            options.scaleUnitsPerMM = scale
            options.scaleSource = "--scale"
        }
        if let timeUnit {
            guard let u = RecordingManifest.timeUnit(timeUnit) else {
                throw ValidationError("--time-unit '\(timeUnit)': expected s, ms, us or a positive number of seconds per unit")
            }
            options.timeUnitSeconds = u
        }
        if hover { options.includeHover = true }
    }
}
