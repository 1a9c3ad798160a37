import InkBenchKit
import InkFigures
import InkReport

/// What `bench run` and `bench merge` print once the run folder is written: the timing line,
/// the traces table (recordings), the results table, the budget, and the answer as the last line.
///
/// ```swift
/// RunTables.print(rows: rows, timingSummary: manifest.timingSummary, suiteName: "default", traceCount: 6,
///                 seeds: 1, recordings: false, minMovingFrames: 0, budget: nil)
/// print(try RunTables.answerLine(rows: rows, options: manifest.options))
/// ```
enum RunTables {
    /// The answer the report opens with (``/InkReport/Report/answer(rows:options:)``), printed as
    /// the terminal's last line: the same sentence, without markdown.
    ///
    /// - Throws: `BenchInputError` when `options` record a `budget` that is not one (the
    ///   options of a run's `manifest.json`, here named `manifest.json`).
    static func answerLine(rows: [SummaryRow], options: [String: String]) throws -> String {
        do { return try Report.answer(rows: rows, options: options).text() } catch {
            throw BenchInputError("manifest.json: option budget: \(error.description)")
        }
    }

    /// Prints the timing line, the traces table (recordings), the results table and the budget.
    static func print(
        rows: [SummaryRow], timingSummary: String, suiteName: String, traceCount: Int, seeds: Int, recordings: Bool,
        minMovingFrames: Int, budget: Budget?
    ) {
        BenchCLI.print("timing: \(timingSummary)")
        BenchCLI.print("suite: \(suiteName) (\(traceCount) traces)" + (seeds > 1 ? ", \(seeds) seeds: mean±sd" : ""))
        if recordings { BenchCLI.print(ResultTable.traces(rows: rows)) }
        if let notice = ResultTable.exclusionNotice(rows: rows, minMovingFrames: minMovingFrames) { Console.note(notice) }
        BenchCLI.print(ResultTable.render(rows: rows))
        if let budget { BenchCLI.print(BudgetTable.render(budget.judge(Budget.candidates(rows)))) }
    }
}
