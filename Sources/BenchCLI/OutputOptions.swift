import ArgumentParser

/// Where results go and what is printed and rendered.
///
/// ```
/// bench --out /tmp/results --no-charts --quiet
/// ```
struct OutputOptions: ParsableArguments {
    @Option(name: .customLong("out"), help: ArgumentHelp("Output folder (created if needed); only the files bench writes are replaced. (default: bench-results)", valueName: "dir"))
    var outOption: String? = nil

    /// The output folder: `--out`, or `bench-results`.
    var out: String { outOption ?? "bench-results" }

    /// Whether `--out` was given.
    var outGiven: Bool { outOption != nil }

    @Flag(help: "Print only the final timing line and errors.")
    var quiet = false

    @Flag(help: "Write the CSV files and .gp scripts but do not run gnuplot.")
    var noCharts = false

    @Flag(help: "Fail (exit 2) when the charts cannot be rendered, e.g. gnuplot is missing.")
    var requireCharts = false

    func validate() throws {
        if noCharts && requireCharts { throw ValidationError("give --no-charts or --require-charts, not both") }
    }
}
