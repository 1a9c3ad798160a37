// swift-tools-version: 6.1
//
// InkBench's benchmark suite (issue 7), a package of its own so that `swift build` and
// `swift test` of the main package never build the benchmark framework.
//
//   cd Benchmarks
//   swift package --disable-sandbox benchmark                       # every suite (ns/sample, mallocs)
//   swift run -c release inkperf gates .build/allocation-gates      # CI: the allocation gates,
//   INKBENCH_SMOKE=1 swift package --disable-sandbox benchmark \     #   then the counts against them
//       thresholds check --target InkBenchmarks --path .build/allocation-gates
//   swift run -c release inkperf all                                 # throughput, scaling, cores, memory
import PackageDescription

let package = Package(
    name: "InkBenchBenchmarks",
    platforms: [.macOS(.v13)],
    dependencies: [
        .package(name: "InkBench", path: ".."),
        .package(url: "https://github.com/ordo-one/benchmark", from: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // The ordo-one/benchmark suites: per-strategy update+predict, replay of a long trace,
        // the metrics pass, the whole default run, and the 10-hour trace for memory.
        .executableTarget(
            name: "InkBenchmarks",
            dependencies: [
                .product(name: "Benchmark", package: "benchmark"),
                .product(name: "InkPrediction", package: "InkBench"),
                .product(name: "InkBench", package: "InkBench"),
                "PredictorDrive",
            ],
            path: "InkBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]),
        // A plain command for what the framework does not show well: whole-pipeline samples/s,
        // 1x/10x/100x growth, the speed-up on 2 cores, peak RSS, and a full-precision dump of
        // every figure to prove optimisations change nothing.
        .executableTarget(
            name: "inkperf",
            dependencies: [
                .product(name: "InkPrediction", package: "InkBench"),
                .product(name: "InkBench", package: "InkBench"),
                "PredictorDrive",
            ],
            path: "Sources/InkPerf"),
        // The predictor loop both of the above time, and the samples it feeds.
        .target(
            name: "PredictorDrive",
            dependencies: [
                .product(name: "InkPrediction", package: "InkBench"),
                .product(name: "InkBench", package: "InkBench"),
            ],
            path: "Sources/PredictorDrive"),
    ]
)
