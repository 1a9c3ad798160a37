import InkFigures
/// Compares a run with a baseline, figure by figure: first that both were made the same way
/// (timing, suite, seeds, strategies, traces, frames per trace), then every figure of every
/// (trace, strategy) row and suite mean against its tolerance.
///
/// ```swift
/// let baseline = try BaselineFile.read(path: "Benchmarks/baseline/default-ipad-60.csv")
/// let report = try BaselineCheck.compare(baseline: baseline, now: record, tolerances: ToleranceTable())
/// print(report.terminalText())
/// exit(report.exitCode)     // 0 within tolerance, 1 a figure regressed
/// ```
package enum BaselineCheck {
    /// Every difference that makes `baseline` and `now` incomparable; empty when they match.
    /// Fields one side does not record (a `summary.csv` has no seeds) are not compared.
    package static func differences(baseline: BenchRecord, now: BenchRecord) -> [String] {
        var out: [String] = []
        if let a = baseline.suite, let b = now.suite, a != b { out.append("suite: baseline '\(a)', now '\(b)'") }
        for (key, a) in baseline.timing {
            guard let b = now.timing.first(where: { $0.key == key })?.value else { continue }
            let same = (Double(a).flatMap { x in Double(b).map { x == $0 } }) ?? (a == b)
            if !same { out.append("timing \(key): baseline \(a), now \(b)") }
        }
        if let a = baseline.seeds, let b = now.seeds, a != b {
            out.append("seeds: baseline \(a.map(String.init).joined(separator: " ")), now \(b.map(String.init).joined(separator: " "))")
        }
        let aStrategies = baseline.strategies.map(\.name), bStrategies = now.strategies.map(\.name)
        let missing = aStrategies.filter { !bStrategies.contains($0) }, extra = bStrategies.filter { !aStrategies.contains($0) }
        if !missing.isEmpty || !extra.isEmpty {
            var s = "strategies: baseline \(aStrategies.joined(separator: ", ")); now \(bStrategies.joined(separator: ", "))"
            if !missing.isEmpty { s += " (missing now: \(missing.joined(separator: ", ")))" }
            if !extra.isEmpty { s += " (not in the baseline: \(extra.joined(separator: ", ")))" }
            out.append(s)
        }
        let missingTraces = baseline.traces.filter { !now.traces.contains($0) }
        let extraTraces = now.traces.filter { !baseline.traces.contains($0) }
        if !missingTraces.isEmpty || !extraTraces.isEmpty {
            var s = "traces:"
            if !missingTraces.isEmpty { s += " missing now: \(missingTraces.joined(separator: ", "))" + (extraTraces.isEmpty ? "" : ";") }
            if !extraTraces.isEmpty { s += " not in the baseline: \(extraTraces.joined(separator: ", "))" }
            out.append(s)
        }
        if !out.isEmpty { return out }
        var frameDifferences: [String] = []
        for row in baseline.rows {
            guard let other = now.row(trace: row.trace, strategy: row.strategy) else {
                out.append("row '\(row.trace)' / '\(row.strategy)' (\(baseline.source) line \(row.line)) has no counterpart now")
                continue
            }
            if let a = row.frames, let b = other.frames, a != b {
                frameDifferences.append("trace '\(row.trace)' (\(row.strategy)): baseline \(a) frames, now \(b); the trace or the timing differs")
            }
        }
        // A row this run has and the baseline lacks (a trace or strategy row deleted from the
        // baseline file) would otherwise go unchecked.
        var unmatched: [String] = []
        for row in now.rows where baseline.row(trace: row.trace, strategy: row.strategy) == nil {
            unmatched.append("row '\(row.trace)' / '\(row.strategy)' of \(now.source) is missing from the baseline \(baseline.source)")
        }
        out += unmatched.prefix(5)
        if unmatched.count > 5 { out.append("... and \(unmatched.count - 5) more rows missing from the baseline") }
        out += frameDifferences.prefix(3)
        if frameDifferences.count > 3 { out.append("... and \(frameDifferences.count - 3) more rows with a different frame count") }
        return out
    }

    /// Notes that do not stop a comparison: a different tool version, changed strategy
    /// parameters, figures only one side has.
    package static func notes(baseline: BenchRecord, now: BenchRecord) -> [String] {
        var out: [String] = []
        if let a = baseline.toolVersion, let b = now.toolVersion, a != b {
            out.append("the baseline was made by InkBench \(a); this is \(b)")
        }
        for s in baseline.strategies {
            guard let t = now.strategies.first(where: { $0.name == s.name }), !s.parameters.isEmpty, !t.parameters.isEmpty else { continue }
            if s.parameters.sorted() != t.parameters.sorted() {
                out.append("\(s.name) parameters: baseline \(s.parameters.joined(separator: " ")), now \(t.parameters.joined(separator: " "))")
            }
        }
        let onlyBaseline = baseline.figures.filter { !now.figures.contains($0) }
        if !onlyBaseline.isEmpty { out.append("not compared (absent now): \(onlyBaseline.joined(separator: ", "))") }
        let onlyNow = now.figures.filter { !baseline.figures.contains($0) }
        if !onlyNow.isEmpty { out.append("not compared (absent from the baseline): \(onlyNow.joined(separator: ", "))") }
        return out
    }

    /// Compares every figure.
    ///
    /// - Throws: `BaselineMismatch` listing every difference when the two were made differently.
    package static func compare(baseline: BenchRecord, now: BenchRecord, tolerances: ToleranceTable) throws(BaselineMismatch) -> CheckReport {
        let differences = differences(baseline: baseline, now: now)
        guard differences.isEmpty else { throw BaselineMismatch(baseline: baseline.source, differences: differences) }
        let figures = baseline.figures.filter { now.figures.contains($0) }
        var changes: [FigureChange] = []
        var compared = 0
        for row in baseline.rows {
            guard let other = now.row(trace: row.trace, strategy: row.strategy) else { continue }
            for f in figures {
                let a = row.values[f], b = other.values[f]
                if a == nil && b == nil { continue }
                compared += 1
                let change = FigureChange(
                    trace: row.trace, strategy: row.strategy, figure: f, baselineRow: row.values, nowRow: other.values,
                    tolerance: tolerances[f], spread: row.spreads[f] ?? 0)
                if change.moved || change.verdict == .regressed { changes.append(change) }
            }
        }
        return CheckReport(
            baseline: baseline.source, now: now.source, compared: compared, changes: changes,
            notes: notes(baseline: baseline, now: now))
    }
}
