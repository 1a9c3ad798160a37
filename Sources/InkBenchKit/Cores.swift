import Foundation

/// The number of cores this process may use (public: the default of
/// `BenchRunner.run(traces:strategies:timing:maxConcurrency:)`, and the Benchmarks package reads it).
public enum ProcessInfoCores {
    public static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
