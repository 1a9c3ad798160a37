import InkFigures
import Testing

/// `--budget`: parsing with clear errors, margins by the registry's directions, the best within.
@Suite("Budget")
struct BudgetTests {
    @Test func parsesBoundsAsTheCSVNamesFigures() throws {
        let b = try Budget(parsing: "overshoot_p95_mm<=0.5, end_overshoot_max_mm <= 1.0,latency_removed_ms>=5")
        #expect(b.bounds.map(\.figure) == ["overshoot_p95_mm", "end_overshoot_max_mm", "latency_removed_ms"])
        #expect(b.bounds.map(\.atLeast) == [false, false, true])
        #expect(b.text == "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1,latency_removed_ms>=5")
        #expect(b.scope == .suiteMean)
    }

    @Test(arguments: [
        ("overshoot_p99_mm<=0.5", "unknown figure 'overshoot_p99_mm'"),
        ("overshoot_p95_mm=0.5", "has no '<=' or '>='"),
        ("overshoot_p95_mm<=abc", "limit 'abc' is not a finite number"),
        ("overshoot_p95_mm>=0.5", "bound it from above"),
        ("latency_removed_ms<=5", "bound it from below"),
        ("horizon_mean_ms<=10", "cannot be bounded"),
        ("overshoot_p95_mm<=-1", "expected a limit >= 0"),
        ("overshoot_p95_mm<=1,overshoot_p95_mm<=2", "bounded twice"),
        ("", "empty"),
    ])
    func refusesBadBudgetsNamingTheItem(text: String, expected: String) {
        #expect {
            try Budget(parsing: text)
        } throws: { error in
            (error as? BudgetError)?.message.contains(expected) == true
        }
    }

    static func candidate(_ name: String, latency: Double, p95: Double, endMax: Double, traces: [(String, Double)] = []) -> Budget.Candidate {
        Budget.Candidate(
            name: name,
            suiteMean: ["perceived_latency_ms": latency, "latency_removed_ms": 35.4 - latency, "overshoot_p95_mm": p95, "end_overshoot_max_mm": endMax],
            traces: traces.map { Budget.Candidate.Trace(name: $0.0, values: ["overshoot_p95_mm": $0.1, "end_overshoot_max_mm": 0]) })
    }

    @Test func picksTheSmallestLatencyMagnitudeWithinTheBudgetTiesByOvershoot() throws {
        let budget = try Budget(parsing: "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1.0")
        let v = budget.judge([
            Self.candidate("none", latency: 35.4, p95: 0.047, endMax: 0),
            Self.candidate("fast", latency: 0.1, p95: 5.9, endMax: 2.0),
            Self.candidate("ahead", latency: -20.0, p95: 0.4, endMax: 0.5),
            Self.candidate("capped", latency: 22.0, p95: 0.45, endMax: 0.9),
            Self.candidate("capped-tighter", latency: 22.0, p95: 0.30, endMax: 0.9),
        ])
        #expect(v.fitting.map(\.name) == ["none", "ahead", "capped", "capped-tighter"])
        // |Λ| 20 beats 22: running ahead by 20 ms is as far from the pen as 20 ms behind.
        #expect(v.best?.name == "ahead")
        let fast = try #require(v.judgements.first { $0.name == "fast" })
        #expect(abs((fast.margins[0].margin ?? 0) - -5.4) < 1e-9)
        #expect(abs((fast.margins[1].margin ?? 0) - -1.0) < 1e-9)
        #expect(BudgetTable.marginText(fast.margins[0]) == "5.900 (5.400 outside)")

        let tie = budget.judge([Self.candidate("capped", latency: 22.0, p95: 0.45, endMax: 0.9), Self.candidate("capped-tighter", latency: 22.0, p95: 0.30, endMax: 0.9)])
        #expect(tie.best?.name == "capped-tighter")
    }

    @Test func boundsTheMagnitudeOfCloserToZeroFiguresAsPrinted() throws {
        let b = try Budget(parsing: "perceived_latency_ms<=10,overshoot_p95_mm<=0.5")
        let v = b.judge([
            Self.candidate("behind", latency: 10.04, p95: 0.5004, endMax: 0),  // prints 10.0 and 0.500: fits
            Self.candidate("ahead", latency: -12, p95: 0.1, endMax: 0),
        ])
        #expect(v.judgements.map(\.fits) == [true, false])
        #expect(v.judgements[1].margins[0].value == 12)
    }

    @Test func perTraceNamesTheWorstTrace() throws {
        let c = Self.candidate("k", latency: 20, p95: 0.3, endMax: 0.2, traces: [("slow", 0.1), ("fast", 0.7)])
        let mean = try Budget(parsing: "overshoot_p95_mm<=0.5").judge([c])
        #expect(mean.best?.name == "k")
        let every = try Budget(parsing: "overshoot_p95_mm<=0.5", scope: .everyTrace).judge([c])
        #expect(every.best == nil)
        #expect(every.judgements[0].margins[0].worstTrace == "fast")
        #expect(BudgetTable.marginText(every.judgements[0].margins[0]) == "0.700 (0.200 outside at fast)")
        #expect(BudgetTable.bestLine(every).hasPrefix("no candidate fits the budget"))
    }

    /// A run's recorded budget (manifest options) is parsed once, and text that is not a budget
    /// is an error naming the item, not a silently missing budget.
    @Test func recordedBudgetIsParsedOrReported() throws {
        let fallback = try Budget.recorded([:])
        #expect(fallback.origin == .defaultBudget)
        #expect(fallback.budget?.text == "overshoot_p95_mm<=0.5,end_overshoot_max_mm<=1")
        let none = try Budget.recorded(["budget": "none"])
        #expect(none.origin == .none && none.budget == nil)
        let given = try Budget.recorded(["budget": "overshoot_p95_mm<=3", "budget-per-trace": "true"])
        #expect(given.origin == .given && given.budget?.scope == .everyTrace)
        #expect(throws: BudgetError.self) { try Budget.recorded(["budget": "overshoot_p99_mm<=0.5"]) }
        do {
            _ = try Budget.recorded(["budget": "overshoot_p99_mm<=0.5"])
        } catch {
            #expect(error.description.contains("unknown figure 'overshoot_p99_mm'"))
        }
    }
}
