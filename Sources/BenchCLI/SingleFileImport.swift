import ArgumentParser
import InkImport
import InkOutput

/// The import options of a command that reads one recording (`convert`, `browser`): its
/// `--format`, `--scale`, `--time-unit` and `--hover`, declared, checked and applied in one place.
///
/// ```swift
/// @OptionGroup(title: "Input") var importOptions: SingleFileImport
/// ...
/// var options = ImportOptions()
/// var format: TraceFormat?
/// try importOptions.apply(to: &options, format: &format, input: input)
/// ```
struct SingleFileImport: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The input's format: \(TraceFormat.namesList). (default: by extension and content)", valueName: "name"))
    var format: String?

    @Option(name: .long, help: ArgumentHelp("The input's scale in file units per mm (device units, tablet units or px): a number, a pair SX,SY, or 'GLOB=UNITS_PER_MM' as with --traces (the glob must match the input), e.g. 200 or '*.svc=200'.", valueName: "units-per-mm"))
    var scale: String?

    @Option(name: .long, help: ArgumentHelp("The input's time unit: s, ms, us, or seconds per unit.", valueName: "unit"))
    var timeUnit: String?

    @Flag(name: .long, help: "Also keep pen motion in proximity (hover) as strokes of its own.")
    var hover = false

    @Flag(name: .long, help: "Refuse an implausible recording (input rate outside 30-2000 Hz, strokes shorter than 0.1 mm or longer than 2 m, pen faster than 5 m/s: a wrong scale or time unit) instead of warning.")
    var strict = false

    init() {}

    /// Applies the options over `options` and `chosen` (a manifest's values may already be there)
    /// for the recording at `input`.
    ///
    /// - Throws: `ValidationError` naming the option and what was expected (a `GLOB=` scale
    ///   whose glob does not match `input` included).
    func apply(to options: inout ImportOptions, format chosen: inout TraceFormat?, input: String) throws {
        if let format {
            guard let f = TraceFormat(name: format) else {
                throw ValidationError("--format '\(format)' is unknown; expected one of \(TraceFormat.namesList)")
            }
            chosen = f
        }
        if let scale {
            let rule: ScaleRule
            do { rule = try ScaleRule(parsing: scale) } catch { throw ValidationError(error.description) }
            let name = input.split(separator: "/").last.map(String.init) ?? input
            guard rule.glob.matches(path: input) || rule.glob.matches(path: name) else {
                throw ValidationError("--scale '\(scale)': the glob '\(rule.glob.pattern)' does not match the input \(input); give a bare number (e.g. --scale \(NumberText.exact(rule.unitsPerMM))) or a glob that matches it")
            }
            options.scaleUnitsPerMM = rule.unitsPerMM
            options.scaleYUnitsPerMM = rule.yUnitsPerMM
            options.scaleSource = "--scale '\(scale)'"
        }
        if let timeUnit {
            guard let u = RecordingManifest.timeUnit(timeUnit) else {
                throw ValidationError("--time-unit '\(timeUnit)': expected s, ms, us or a positive number of seconds per unit")
            }
            options.timeUnitSeconds = u
        }
        if hover { options.includeHover = true }
        if strict { options.strict = true }
    }
}
