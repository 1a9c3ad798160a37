import ArgumentParser
import InkImport

/// The import options of a command that reads one recording (`convert`, `browser`): its
/// `--format`, `--scale`, `--time-unit` and `--hover`, declared, checked and applied in one place.
///
/// ```swift
/// @OptionGroup(title: "Input") var importOptions: SingleFileImport
/// ...
/// var options = ImportOptions()
/// var format: TraceFormat?
/// try importOptions.apply(to: &options, format: &format)
/// ```
struct SingleFileImport: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The input's format: \(TraceFormat.namesList). (default: by extension and content)", valueName: "name"))
    var format: String?

    @Option(name: .long, help: ArgumentHelp("The input's scale in file units per mm (device units, tablet units or px).", valueName: "units-per-mm"))
    var scale: Double?

    @Option(name: .long, help: ArgumentHelp("The input's time unit: s, ms, us, or seconds per unit.", valueName: "unit"))
    var timeUnit: String?

    @Flag(name: .long, help: "Also keep pen motion in proximity (hover) as strokes of its own.")
    var hover = false

    init() {}

    /// Applies the options over `options` and `chosen` (a manifest's values may already be there).
    ///
    /// - Throws: `ValidationError` naming the option and what was expected.
    func apply(to options: inout ImportOptions, format chosen: inout TraceFormat?) throws {
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
