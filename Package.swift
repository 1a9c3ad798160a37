// swift-tools-version: 6.0
//
// InkBench: measures how late pen and touch ink appears on screen and how well next-point
// prediction hides that lateness. The targets follow the data flow:
//
//   InkTraces (samples, strokes, traces, ground truth)  ->  InkSynthesis / InkImport (traces in)
//   InkPrediction (the Predictor protocol and strategies; no dependencies)
//   InkReplay (the 240 Hz input / 60 Hz frame timing model)  ->  InkMetrics (the figures)
//   InkStrategies (the built-in strategies by name, input stages, the --strategies grammar)
//   InkOutput (files, CSV, manifest) -> InkSession (runs) -> InkFigures (figures, rows, budgets)
//     -> InkBaseline (checks, tolerances) -> InkReport (charts, report) -> InkTuning
//     -> InkBenchKit (a run request to its folder, run folders, shards, per-run CSVs)  ->  bench (the command)
//
// Each target lists exactly the modules its files import (scripts/check-imports.py checks it).
import PackageDescription

let package = Package(
    name: "InkBench",
    platforms: [.macOS(.v13)],
    products: [
        .library(name: "InkPrediction", targets: ["InkPrediction"]),
        .library(
            name: "InkBench",
            targets: [
                "InkTraces", "InkSynthesis", "InkImport", "InkModels", "InkReplay", "InkStrategies", "InkMetrics",
                "InkOutput", "InkSession", "InkFigures", "InkBaseline", "InkReport", "InkTuning", "InkBenchKit",
            ]),
        // The whole `bench` for a package that adds its own predictors (`BenchMain.main(strategies:)`).
        .library(name: "BenchCLI", targets: ["BenchCLI"]),
        .executable(name: "bench", targets: ["bench"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        // The capture server (HTTP/1.1 and TLS for a tablet on the LAN), its self-signed
        // certificate, and SHA-256 for run manifests.
        .package(url: "https://github.com/apple/swift-nio", from: "2.101.2"),
        .package(url: "https://github.com/apple/swift-nio-ssl", from: "2.37.6"),
        .package(url: "https://github.com/apple/swift-certificates", from: "1.21.1"),
        .package(url: "https://github.com/apple/swift-asn1", from: "1.7.4"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // DocC for the libraries (`scripts/docs.sh`); a plugin only, never linked into a target.
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Predictors: pure Swift, no Foundation, so an app can ship the code it benchmarks.
        .target(name: "InkPrediction"),
        .target(name: "InkTraces", dependencies: ["InkPrediction"]),
        .target(name: "InkSynthesis", dependencies: ["InkTraces"]),
        .target(name: "InkImport", dependencies: ["InkTraces", "InkPrediction"]),
        // Model files (the .tflite reader) for the learned predictors; FoundationEssentials for file reading.
        .target(name: "InkModels", dependencies: ["InkPrediction"]),
        .target(name: "InkReplay", dependencies: ["InkTraces", "InkPrediction"]),
        // The strategies by name: the built-in catalogue (with the Android model's strategy, hence
        // InkModels), input stages and the `--strategies` grammar.
        .target(name: "InkStrategies", dependencies: ["InkTraces", "InkPrediction", "InkModels", "InkReplay"]),
        .target(name: "InkMetrics", dependencies: ["InkTraces", "InkPrediction", "InkReplay"]),
        // The GNU C library's extensions (pipe2, renameat2, posix_spawn's chdir and closefrom) as
        // weak references, found alike in the dynamically linked debug `bench` and the statically
        // linked release one (where `dlsym` finds nothing); Linux only.
        .target(name: "CInkSystem"),
        // A run's outputs, split along InkBenchKit's seams (issue 27), bottom to top:
        // files, CSV, number text, the manifest and shard sets (and SHA-256 for the manifest) ...
        .target(
            name: "InkOutput",
            dependencies: ["CInkSystem", "InkTraces", "InkReplay", .product(name: "Crypto", package: "swift-crypto")]),
        // ... a session: the plan of runs and running it (replay, scoring) ...
        .target(
            name: "InkSession",
            dependencies: ["InkTraces", "InkSynthesis", "InkImport", "InkPrediction", "InkReplay", "InkStrategies", "InkMetrics", "InkOutput"]),
        // ... the figure registry, summary rows, budgets and the answer ...
        .target(
            name: "InkFigures",
            dependencies: ["InkTraces", "InkSynthesis", "InkReplay", "InkStrategies", "InkMetrics", "InkOutput", "InkSession"]),
        // ... baselines, tolerances, checks, comparisons and dominance ...
        .target(
            name: "InkBaseline",
            dependencies: [
                "InkTraces", "InkSynthesis", "InkImport", "InkReplay", "InkStrategies", "InkOutput", "InkSession", "InkFigures",
            ]),
        // ... chart scripts, gnuplot and the report ...
        .target(name: "InkReport", dependencies: ["InkTraces", "InkOutput", "InkFigures", "InkBaseline"]),
        // ... tuning and its shards ...
        .target(
            name: "InkTuning",
            dependencies: ["InkTraces", "InkSynthesis", "InkImport", "InkOutput", "InkFigures", "InkBaseline", "InkReport"]),
        // ... and the run on top: a run request to its folder (data files, charts, report,
        // manifest), run folders, run shards and merges, the per-run CSVs, horizon and platform
        // figures, suite files.
        .target(
            name: "InkBenchKit",
            dependencies: [
                "CInkSystem", "InkTraces", "InkSynthesis", "InkImport", "InkPrediction", "InkReplay", "InkMetrics",
                "InkOutput", "InkSession", "InkFigures", "InkReport", "InkTuning",
            ]),
        // A real Chromium driven over DevTools (bench browser) and the capture page's server
        // (the page compiled in: no resource bundle, so nothing to find at run time).
        .target(
            name: "InkBrowser",
            dependencies: [
                "InkTraces", "InkImport", "InkPrediction", "InkOutput",
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOConcurrencyHelpers", package: "swift-nio"),
                .product(name: "NIOPosix", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "NIOSSL", package: "swift-nio-ssl"),
                .product(name: "X509", package: "swift-certificates"),
                .product(name: "SwiftASN1", package: "swift-asn1"),
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(
            name: "BenchCLI",
            dependencies: [
                "InkTraces",
                "InkSynthesis",
                "InkImport",
                "InkReplay", "InkStrategies",
                "InkMetrics",
                "InkOutput", "InkSession", "InkFigures", "InkBaseline", "InkReport", "InkTuning", "InkBenchKit",
                "InkBrowser",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // A release `bench` on Linux is one static executable (`-static-executable`: the Swift
        // runtime, FoundationEssentials and the C and C++ libraries linked in, at a fixed
        // address), so nothing runs before `main` but the C library's own set-up: no dynamic
        // loader, no shared libraries to map and bind, none of the ~78,000 relocations of a
        // position-independent executable. `bench --version`: 5.3 -> 2.9 ms of CPU, 647 -> 290
        // page faults, with `main.swift` keeping the main thread from `dispatch_main` (whose
        // `pthread_exit` costs ~30 ms in a static executable; docs/performance.md, "Start-up: one
        // static executable"). The objects are compiled for the shared runtime, so they name only
        // `FoundationEssentials`; the three libraries its static archive needs follow it (without
        // them the link fails on `_stringshims_*` and the like). No product module imports
        // Foundation, so neither it nor ICU is linked in. `-u` pulls in the C library's members
        // for CInkSystem's weak references (a weak reference alone does not, and `dlsym` finds
        // nothing in a static executable). Host names (`localhost`) and user names are still
        // resolved through the C library's NSS modules, loaded at run time from the system: those
        // of the glibc `bench` was linked with, as where it is built. Linker flags are
        // `unsafeFlags`, which SwiftPM refuses only in the products a dependent uses: no library
        // product holds this target. Debug builds (`swift run bench`, the tests) link dynamically.
        .executableTarget(
            name: "bench", dependencies: ["BenchCLI"],
            linkerSettings: [
                .unsafeFlags(
                    [
                        "-static-executable", "-l_FoundationCShims", "-l_FoundationCollections", "-lswiftSynchronization",
                        "-Xlinker", "-u", "-Xlinker", "pipe2", "-Xlinker", "-u", "-Xlinker", "renameat2",
                        "-Xlinker", "-u", "-Xlinker", "posix_spawn_file_actions_addchdir_np",
                        "-Xlinker", "-u", "-Xlinker", "posix_spawn_file_actions_addclosefrom_np",
                    ], .when(platforms: [.linux], configuration: .release))
            ]),
        .executableTarget(
            name: "custom-predictor-example",
            dependencies: ["InkPrediction", "InkStrategies", "BenchCLI"],
            path: "Examples/CustomPredictor"),

        .target(
            name: "InkTestSupport",
            dependencies: ["InkTraces", "InkPrediction", "InkReplay"],
            path: "Tests/InkTestSupport"),
        .testTarget(name: "InkPredictionTests", dependencies: ["InkPrediction", "InkTestSupport"]),
        .testTarget(name: "InkTracesTests", dependencies: ["InkTraces", "InkTestSupport"]),
        .testTarget(name: "InkSynthesisTests", dependencies: ["InkSynthesis", "InkTraces", "InkTestSupport"]),
        .testTarget(
            name: "InkReplayTests",
            dependencies: ["InkReplay", "InkStrategies", "InkPrediction", "InkTraces", "InkSynthesis", "InkMetrics", "InkTestSupport"]),
        .testTarget(
            name: "InkModelsTests",
            dependencies: [
                "InkModels", "InkPrediction", "InkImport", "InkReplay", "InkStrategies", "InkTraces", "InkSynthesis", "InkTestSupport",
            ]),
        .testTarget(
            name: "InkImportTests", dependencies: ["InkImport", "InkTraces", "InkPrediction", "InkSynthesis", "InkTestSupport"]),
        .testTarget(
            name: "InkBenchKitTests",
            dependencies: [
                "CInkSystem", "InkBenchKit", "InkOutput", "InkSession", "InkFigures", "InkBaseline", "InkReport", "InkTuning",
                "InkTraces", "InkPrediction", "InkReplay", "InkStrategies", "InkMetrics", "InkSynthesis", "InkTestSupport",
            ]),
        .testTarget(
            name: "BenchCLITests",
            dependencies: [
                "BenchCLI", "InkBrowser", "InkImport", "InkReplay", "InkStrategies", "InkTraces", "InkSynthesis", "InkBenchKit",
                "InkOutput", "InkSession", "InkFigures", "InkBaseline", "InkReport", "InkTuning", "InkTestSupport",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        .testTarget(
            name: "InkBrowserTests",
            dependencies: [
                "InkBrowser", "InkTraces", "InkPrediction", "InkImport", "InkReplay", "InkStrategies", "InkMetrics", "InkSession", "InkSynthesis",
                "InkTestSupport",
            ]),
        .testTarget(
            name: "InkMetricsTests",
            dependencies: [
                "InkMetrics", "InkTraces", "InkPrediction", "InkReplay", "InkStrategies", "InkSynthesis", "InkImport", "InkSession",
                "InkBenchKit", "InkTestSupport",
            ]),
    ]
)
