import ArgumentParser

/// Which synthetic traces to run, and with which seeds.
///
/// ```
/// bench --suite shapes --seeds 5
/// ```
struct SuiteOptions: ParsableArguments {
    @Option(help: ArgumentHelp("Synthetic suite: default (six S-curves), line, the name of a Datasets/*.suite file (e.g. shapes), or a .suite path.", valueName: "name|path"))
    var suite = SuiteOptions.defaultSuite

    @Option(help: ArgumentHelp("Seed for noisy synthetic traces (clean traces do not depend on it).", valueName: "n"))
    var seed = SuiteOptions.defaultSeed

    @Option(help: ArgumentHelp("Run noisy traces over <n> seeds (seed, seed+1, ...); figures become means, with their SD.", valueName: "n"))
    var seeds = SuiteOptions.defaultSeeds

    @Option(
        help: ArgumentHelp(
            "Traces with fewer moving frames (pooled over phases) are reported on their own rows but left out of every suite mean and comparison.",
            valueName: "frames"))
    var minMovingFrames = SuiteOptions.defaultMinMovingFrames

    /// The default of `--suite`: the six S-curves.
    static let defaultSuite = "default"

    /// The default of `--seed`.
    static let defaultSeed: UInt64 = 1

    /// The default of `--seeds`: one seed.
    static let defaultSeeds = 1

    /// The default of `--min-moving-frames` (see the README: chosen from the shared recordings).
    static let defaultMinMovingFrames = 20

    func validate() throws {
        guard seeds >= 1 && seeds <= 1000 else { throw ValidationError("--seeds \(seeds): expected a whole number from 1 to 1000") }
        guard minMovingFrames >= 0 && minMovingFrames <= 1_000_000 else {
            throw ValidationError("--min-moving-frames \(minMovingFrames): expected a whole number from 0 to 1000000")
        }
    }

    /// The seeds to run.
    var seedList: [UInt64] { (0..<UInt64(seeds)).map { seed &+ $0 } }
}
