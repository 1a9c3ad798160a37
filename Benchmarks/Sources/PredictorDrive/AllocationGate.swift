import Foundation
import InkStrategies

/// The allocation gate of the `predict-*` suites: every predictor benchmark the registry implies
/// (``/InkStrategies/StrategyCatalog/predictorBenchmarks``) makes 0 heap allocations per sample
/// (ordo-one/benchmark's `mallocCountTotal` at p90). The one place the gate is stated: CI writes
/// the threshold files from it (`inkperf gates DIR`) and checks the smoke run against them
/// (`benchmark thresholds check --path DIR`), so no threshold file is kept by hand.
public enum AllocationGate {
    /// The benchmark target the thresholds belong to (the files' first name part).
    public static let target = "InkBenchmarks"

    /// One threshold file's text: the p90 of `mallocCountTotal`, 0.
    public static let thresholdJSON = #"{"mallocCountTotal": 0}"#

    /// The file name of `benchmark`'s threshold, as the benchmark plugin looks it up.
    public static func fileName(_ benchmark: PredictorBenchmark) -> String { "\(target).\(benchmark.name).p90.json" }

    /// Writes one threshold file per predictor benchmark into `folder` (created if needed; other
    /// files there are left alone) and returns the names written.
    ///
    /// - Throws: the file system's error when the folder or a file cannot be written.
    public static func write(into folder: String) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        var written: [String] = []
        for benchmark in StrategyCatalog.predictorBenchmarks {
            let name = fileName(benchmark)
            try Data(thresholdJSON.utf8).write(to: URL(fileURLWithPath: folder).appendingPathComponent(name), options: .atomic)
            written.append(name)
        }
        return written
    }
}
