import InkImport

/// The number of cores this process may use (public: the default of
/// `BenchRunner.run(traces:strategies:timing:maxConcurrency:)`, and the Benchmarks package reads it):
/// the same count as the readers' and `bench horizon`'s `--jobs` default.
public enum ProcessInfoCores {
    public static var count: Int { ParallelMap.defaultJobs }
}
