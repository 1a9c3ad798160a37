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
    @Option(name: .long, help: ArgumentHelp("The input's format: \(TraceFormat.namesList). (default: by extension and content)", valueName: "name"), transform: RecordingOptions.traceFormat)
    var format: TraceFormat?

    @Option(name: .long, help: ArgumentHelp("The input's scale in file units per mm (device units, tablet units or px): a number, a pair SX,SY, or 'GLOB=UNITS_PER_MM' as with --traces (the glob must match the input), e.g. 200 or '*.svc=200'.", valueName: "units-per-mm"), transform: { text in (text, try RecordingOptions.scaleRule(text)) })
    var scale: (text: String, rule: ScaleRule)?

    @Option(name: .customLong("time-unit"), help: ArgumentHelp("The input's time unit: s, ms, us, or seconds per unit.", valueName: "unit"), transform: SingleFileImport.timeUnitSeconds)
    var timeUnitSeconds: Double?

    @Flag(name: .long, help: "Also keep pen motion in proximity (hover) as strokes of its own.")
    var hover = false

    @Flag(name: .long, help: "Refuse an implausible recording (input rate outside 30-2000 Hz, strokes shorter than 0.1 mm or longer than 2 m, pen faster than 5 m/s: a wrong scale or time unit) instead of warning.")
    var strict = false

    init() {}

    /// `--time-unit` in seconds per unit, parsed once when the command line is.
    ///
    /// - Throws: `ValidationError` naming the text and what was expected.
    static func timeUnitSeconds(_ text: String) throws -> Double {
        guard let u = RecordingManifest.timeUnit(text) else {
            throw ValidationError("--time-unit '\(text)': expected s, ms, us or a positive number of seconds per unit")
        }
        return u
    }

    /// Applies the options over `options` and `chosen` (a manifest's values may already be there)
    /// for the recording at `input`.
    ///
    /// - Throws: `ValidationError` naming the option and what was expected (a `GLOB=` scale
    ///   whose glob does not match `input` included).
    func apply(to options: inout ImportOptions, format chosen: inout TraceFormat?, input: String) throws {
        if let format { chosen = format }
        if let given = scale {
            let text = given.text, rule = given.rule
            let name = input.split(separator: "/").last.map(String.init) ?? input
            guard rule.glob.matches(path: input) || rule.glob.matches(path: name) else {
                throw ValidationError("--scale '\(text)': the glob '\(rule.glob.pattern)' does not match the input \(input); give a bare number (e.g. --scale \(NumberText.exact(rule.unitsPerMM))) or a glob that matches it")
            }
            options.scaleUnitsPerMM = rule.unitsPerMM
            options.scaleYUnitsPerMM = rule.yUnitsPerMM
            options.scaleSource = "--scale '\(text)'"
        }
        if let timeUnitSeconds { options.timeUnitSeconds = timeUnitSeconds }
        if hover { options.includeHover = true }
        if strict { options.strict = true }
    }
}
