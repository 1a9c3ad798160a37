import ArgumentParser
import Foundation
import InkBenchKit

/// The entry point of `bench`: parses, runs, and maps failures to the documented exit codes
/// (0 success, 1 a check found a regression, 2 a usage or input error).
public enum BenchMain {
    /// The arguments of the `bench` invocation being run (for manifests; in-process runs differ from the process's).
    @TaskLocal static var arguments: [String] = []
    /// When this invocation started (the top of ``run(_:)``, before the arguments are parsed):
    /// the final line's end-to-end time counts from here.
    @TaskLocal static var startedAt: ContinuousClock.Instant?

    /// Runs `bench` with `arguments` (the process's arguments when `nil`) and returns the exit code.
    public static func run(_ arguments: [String]? = nil) async -> Int32 {
        let startedAt = ContinuousClock.now
        PhaseTimes.shared.start()
        defer { PhaseTimes.shared.report() }
        let given = arguments ?? Array(CommandLine.arguments.dropFirst())
        if given == ["--help"] || given == ["-h"] || given == ["help"] {
            // `run` is the default subcommand: show its options too, so `bench --help` explains each one.
            print(BenchCommand.helpMessage())
            print("\nOptions of `bench run`, the default subcommand:\n")
            print(BenchCommand.helpMessage(for: RunCommand.self))
            return 0
        }
        do {
            var command = try BenchCommand.parseAsRoot(arguments)
            PhaseTimes.shared.mark("parse arguments")
            try await BenchMain.$arguments.withValue(given) {
                try await BenchMain.$startedAt.withValue(startedAt) {
                    if var async = command as? AsyncParsableCommand {
                        try await async.run()
                    } else {
                        try command.run()
                    }
                }
            }
            return 0
        } catch {
            let code = BenchCommand.exitCode(for: error)
            if code == .success {
                // --help and --version: print to stdout.
                print(BenchCommand.fullMessage(for: error))
                return 0
            }
            let message = BenchCommand.fullMessage(for: error)
            if !message.isEmpty { FileHandle.standardError.write(Data((message + "\n").utf8)) }
            if let exit = error as? ExitCode { return exit.rawValue }
            return 2
        }
    }
}
