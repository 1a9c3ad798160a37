import ArgumentParser
import InkFigures

/// The `--budget` and `--budget-per-trace` options of `run`, `sweep` and `tune`.
///
/// ```
/// bench run --budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0'
/// bench sweep --caps 4,8,12,16,25 --budget 'overshoot_p95_mm<=0.5' --budget-per-trace
/// ```
struct BudgetOptions: ParsableArguments {
    @Option(
        help: ArgumentHelp(
            "Bounds on figures, named as in summary.csv, e.g. 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0' (a bound on a closer-to-zero figure bounds its magnitude; latency_removed_ms>=X asks for at least X ms). Prints what fits, by how much each figure is inside or outside, and the best within it (smallest |perceived latency|, ties by overshoot p95). Without it the run's pick is judged against the default budget 'overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0'; 'none' turns the budget off.",
            valueName: "figure<=limit,..."))
    var budget: String?

    @Flag(help: "Apply the budget to every trace counted in the suite mean instead of to the suite means.")
    var budgetPerTrace = false

    /// The parsed budget, or `nil` without `--budget` or with `--budget none`.
    func parsed() throws -> Budget? {
        guard let budget, budget != Budget.noneText else {
            if budgetPerTrace { throw ValidationError("--budget-per-trace: give the budget with --budget") }
            return nil
        }
        do { return try Budget(parsing: budget, scope: budgetPerTrace ? .everyTrace : .suiteMean) } catch {
            throw ValidationError(error.description)
        }
    }

    /// The options as a manifest records them (the report reads them back); nothing without `--budget`.
    var recorded: [String: String] {
        guard let budget else { return [:] }
        return ["budget": budget, "budget-per-trace": String(budgetPerTrace)]
    }
}
