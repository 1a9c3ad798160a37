import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// `inkperf end-to-end`: the whole `bench` process, timed from outside (issue 18's target).
///
/// Runs the release `bench` binary on issue 18's trace, 100 noisy 0.8 s S-curves with 0.2 s
/// pauses (19,300 input samples at 240 Hz), through `none,linear,quadratic,kalman` with
/// `--no-charts --no-frames`, `--runs` times after one warm-up, and reports wall time (start
/// to reaped exit: start-up, generation, replay, scoring and every output), CPU time and peak
/// RSS (the child's `ru_maxrss`), and the end-to-end rate in input samples/s, beside the
/// targets (≥ 250,000 samples/s, ≤ 100 MB). It measures and never gates: CI does not run it.
///
/// ```
/// swift build -c release --product bench            # in the repository root
/// cd Benchmarks && swift run -c release inkperf end-to-end --runs 21
/// ```
///
/// Options: `--bench PATH` (default `../.build/release/bench`), `--runs N` (default 21).
func endToEnd(_ args: [String]) {
    let runs = max(1, Int(option("--runs", args, default: 21)))
    let benchPath = stringOption("--bench", args) ?? "../.build/release/bench"
    guard FileManager.default.isExecutableFile(atPath: benchPath) else {
        fail("no bench binary at \(benchPath); build it first (swift build -c release --product bench in the repository root) or give --bench PATH")
    }
    let work = FileManager.default.temporaryDirectory.appendingPathComponent("inkperf-end-to-end-\(getpid())").path
    try? FileManager.default.createDirectory(atPath: work, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: work) }
    let suite = (work as NSString).appendingPathComponent("hundred.suite")
    let suiteText = "suite big\ns-curve \"hundred\" duration_s=0.8 noise_mm=0.05 strokes=100 pause_s=0.2\n"
    guard FileManager.default.createFile(atPath: suite, contents: Data(suiteText.utf8)) else { fail("cannot write \(suite)") }
    let out = (work as NSString).appendingPathComponent("results")
    let log = (work as NSString).appendingPathComponent("bench.log")
    let arguments = [
        benchPath, "run", "--suite", suite, "--strategies", "none,linear,quadratic,kalman", "--no-charts", "--no-frames", "--out", out,
    ]
    let samples = 19_300

    var walls: [Double] = [], cpus: [Double] = [], peaks: [Int] = []
    for run in 0...runs {
        guard let r = spawnAndWait(arguments, output: log) else { fail("cannot start \(benchPath)") }
        guard r.status == 0 else { fail("bench exited with \(r.status); see its output in \(log)") }
        if run == 0 { continue }  // warm-up: page cache, the first exec
        walls.append(r.wallSeconds); cpus.append(r.cpuSeconds); peaks.append(r.peakRSSBytes)
    }
    let finalLine = (try? String(contentsOfFile: log, encoding: .utf8))?.split(separator: "\n").last { $0.hasPrefix("done in") }
    let sortedWall = walls.sorted()
    let medianWall = quantile(sorted: sortedWall, 0.5), fastest = sortedWall[0]
    let peakMB = Double(peaks.max() ?? 0) / 1_000_000
    print("end to end: bench run, 19,300-sample trace (100 noisy 0.8 s S-curves), none,linear,quadratic,kalman, --no-charts --no-frames, \(runs) runs")
    print(
        "  wall: median \(fmt(medianWall * 1000, 1)) ms (\(fmt(Double(samples) / medianWall, 0)) input samples/s),"
            + " fastest \(fmt(fastest * 1000, 1)) ms (\(fmt(Double(samples) / fastest, 0)) samples/s);"
            + " p90 \(fmt(quantile(sorted: sortedWall, 0.9) * 1000, 1)) ms")
    print("  cpu (user + sys, both cores): median \(fmt(median(cpus) * 1000, 1)) ms; peak RSS \(fmt(peakMB, 1)) MB (largest of the runs)")
    if let finalLine { print("  bench's own final line (last run): \(finalLine)") }
    let rateMet = Double(samples) / medianWall >= 250_000
    print(
        "  targets: >= 250,000 input samples/s end to end (median): \(rateMet ? "met" : "not met");"
            + " <= 100 MB peak RSS: \(peakMB <= 100 ? "met" : "not met")")
    if medianWall > 1.3 * fastest {
        print("  the median is \(fmt(medianWall / fastest, 2))x the fastest run: the cores were shared for part of these runs; rerun for a quiet median")
    }
}

/// One child process's wall time, CPU time (user + system) and peak RSS, and its exit status.
struct ChildRun {
    var status: Int32
    var wallSeconds: Double
    var cpuSeconds: Double
    var peakRSSBytes: Int
}

/// Starts `arguments` (the first is the program's path) with standard output and error
/// appended to `output`, waits for it, and reads its resource use from `wait4`.
///
/// - Parameters:
///   - environment: `NAME=value` entries added to this process's environment for the child.
///   - timeoutSeconds: when given, the child is killed (SIGKILL) once it has run this long;
///     its status is then `128 + SIGKILL`.
func spawnAndWait(_ arguments: [String], output: String, environment: [String] = [], timeoutSeconds: Double? = nil) -> ChildRun? {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_APPEND, 0o644)
    posix_spawn_file_actions_adddup2(&actions, 1, 2)
    let argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for p in argv { free(p) } }
    var inherited: [String] = []
    var k = 0
    while let entry = environ[k] {
        inherited.append(String(cString: entry))
        k += 1
    }
    let envp: [UnsafeMutablePointer<CChar>?] = (inherited + environment).map { strdup($0) } + [nil]
    defer { for p in envp { free(p) } }
    var pid: pid_t = 0
    let start = now()
    guard posix_spawn(&pid, arguments[0], &actions, nil, argv, envp) == 0 else { return nil }
    var status: Int32 = 0
    var usage = rusage()
    var killed = false
    while true {
        let r = wait4(pid, &status, timeoutSeconds == nil ? 0 : WNOHANG, &usage)
        if r == pid { break }
        if r < 0 {
            if errno == EINTR { continue }
            return nil
        }
        if let timeoutSeconds, !killed, now() - start >= timeoutSeconds {
            kill(pid, SIGKILL)
            killed = true
        }
        usleep(20_000)
    }
    let wall = now() - start
    let cpu = Double(usage.ru_utime.tv_sec) + Double(usage.ru_utime.tv_usec) / 1e6 + Double(usage.ru_stime.tv_sec)
        + Double(usage.ru_stime.tv_usec) / 1e6
    // Linux reports ru_maxrss in KiB.
    let exited = (status & 0x7f) == 0
    return ChildRun(status: exited ? (status >> 8) & 0xff : 128 + (status & 0x7f), wallSeconds: wall, cpuSeconds: cpu, peakRSSBytes: Int(usage.ru_maxrss) * 1024)
}

/// The value after `name` in `args`, if any.
func stringOption(_ name: String, _ args: [String]) -> String? {
    guard let i = args.firstIndex(of: name), i + 1 < args.count else { return nil }
    return args[i + 1]
}
