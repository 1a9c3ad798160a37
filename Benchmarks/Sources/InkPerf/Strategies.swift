import Foundation

/// `inkperf strategies`: how a whole `bench` run grows with the number of strategies (issue 29,
/// hostile item 12: 1,000 strategies must take at most 25 times the time of 50).
///
/// For each count N (default 50, 100, 200, 1000) it runs the release `bench` binary on the
/// default suite with N distinct strategies, `kalman:cap_ms=X` for X = 4, 4.01, 4.02, ... ms
/// (every one a real strategy with its own figures), and `--no-charts`, `--runs` times after
/// one warm-up, and prints the median wall time, the time per strategy, and the ratio to the
/// first count against the 25x target (linear growth is 20x from 50 to 1,000). The last run of
/// the largest count is made with `INKBENCH_TIMINGS=1` and its phase line is printed, so a
/// stage that grows faster than the rest shows by name. It measures and never gates.
///
/// ```
/// swift build -c release --product bench            # in the repository root
/// cd Benchmarks && swift run -c release inkperf strategies --runs 3
/// ```
///
/// Options: `--counts 50,100,200,1000`, `--runs N` (default 3), `--bench PATH` (default
/// `../.build/release/bench`), `--timeout S` (default 600: a count that takes longer is
/// reported as not finished and larger counts are skipped).
func strategyScaling(_ args: [String]) {
    let runs = max(1, Int(option("--runs", args, default: 3)))
    let timeoutSeconds = option("--timeout", args, default: 600)
    let benchPath = stringOption("--bench", args) ?? "../.build/release/bench"
    let counts = (stringOption("--counts", args) ?? "50,100,200,1000").split(separator: ",").compactMap { Int($0) }.filter { $0 > 0 }
    guard !counts.isEmpty else { fail("--counts: expected whole numbers above 0, e.g. 50,100,200,1000") }
    guard FileManager.default.isExecutableFile(atPath: benchPath) else {
        fail("no bench binary at \(benchPath); build it first (swift build -c release --product bench in the repository root) or give --bench PATH")
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("inkperf-strategies-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let log = (work as NSString).appendingPathComponent("bench.log")

    print("strategies: bench --strategies kalman:cap_ms=X (N distinct X) --no-charts, default suite, median of \(runs) runs after a warm-up")
    var first: (count: Int, seconds: Double)?
    for count in counts {
        // X = 4.00, 4.01, ...: printed with two decimals so every spec and name is distinct.
        let specs = (0..<count).map { "kalman:cap_ms=" + fmt(4 + Double($0) / 100, 2) }.joined(separator: ",")
        let out = (work as NSString).appendingPathComponent("out-\(count)")
        let arguments = [benchPath, "--strategies", specs, "--no-charts", "--out", out]
        var walls: [Double] = []
        var timedOut = false
        for run in 0...runs {
            try? FileManager.default.removeItem(atPath: log)
            let timings = run == runs && count == counts.last
            guard let r = spawnAndWait(arguments, output: log, environment: timings ? ["INKBENCH_TIMINGS=1"] : [], timeoutSeconds: timeoutSeconds) else {
                fail("cannot start \(benchPath)")
            }
            if r.status == 128 + SIGKILL, r.wallSeconds >= timeoutSeconds {
                timedOut = true
                break
            }
            guard r.status == 0 else { fail("bench exited with \(r.status) for \(count) strategies; see \(log)") }
            if run > 0 { walls.append(r.wallSeconds) }
            if timings, let text = try? String(contentsOfFile: log, encoding: .utf8),
                let line = text.split(separator: "\n").last(where: { $0.hasPrefix("timings (ms):") })
            {
                print("  \(count) strategies, phases of the last run: \(line)")
            }
        }
        if timedOut {
            print("  \(count) strategies: did not finish in \(fmt(timeoutSeconds, 0)) s; larger counts skipped")
            break
        }
        let wall = median(walls)
        var line = "  \(count) strategies: \(fmt(wall, 2)) s (\(fmt(wall / Double(count) * 1000, 1)) ms per strategy)"
        if let first {
            let ratio = wall / first.seconds, linear = Double(count) / Double(first.count)
            line += "; \(fmt(ratio, 1))x the time of \(first.count) (linear: \(fmt(linear, 1))x)"
            if count == 20 * first.count { line += "; target <= 25x: \(ratio <= 25 ? "met" : "not met")" }
        } else {
            first = (count, wall)
        }
        print(line)
    }
}
