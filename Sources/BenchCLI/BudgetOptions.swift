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
            valueName: "figure<=limit,..."),
        transform: Given.init(parsing:))
    var budget: Given?

    @Flag(help: "Apply the budget to every trace counted in the suite mean instead of to the suite means.")
    var budgetPerTrace = false

    /// `--budget` parsed once, when the command line is.
    struct Given {
        /// The text as given, for the manifest (the report reads it back).
        var text: String
        /// Its bounds (on the suite means; `parsed()` applies
        /// `--budget-per-trace`), or `nil` for `--budget none`.
        var bounds: Budget?

        /// - Throws: `ValidationError` naming the item and what was expected (`BudgetError`'s text).
        init(parsing text: String) throws {
            self.text = text
            if text == Budget.noneText {
                bounds = nil
            } else {
                do { bounds = try Budget(parsing: text) } catch { throw ValidationError(error.description) }
            }
        }
    }

    /// The budget, with `--budget-per-trace`'s scope, or `nil` without `--budget` or with `--budget none`.
    ///
    /// - Throws: `ValidationError` for `--budget-per-trace` without a budget.
    func parsed() throws -> Budget? {
        guard var bounds = budget?.bounds else {
            if budgetPerTrace { throw ValidationError("--budget-per-trace: give the budget with --budget") }
            return nil
        }
        bounds.scope = budgetPerTrace ? .everyTrace : .suiteMean
        return bounds
    }

    /// The options as a manifest records them (the report reads them back); nothing without `--budget`.
    var recorded: [String: String] {
        guard let budget else { return [:] }
        return ["budget": budget.text, "budget-per-trace": String(budgetPerTrace)]
    }
}
