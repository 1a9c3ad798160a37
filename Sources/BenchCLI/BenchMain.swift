import ArgumentParser
import Foundation

/// The entry point of `bench`: parses, runs, and maps failures to the documented exit codes
/// (0 success, 1 a check found a regression, 2 a usage or input error).
public enum BenchMain {
    /// Runs `bench` with `arguments` (the process's arguments when `nil`) and returns the exit code.
    public static func run(_ arguments: [String]? = nil) async -> Int32 {
        do {
            var command = try BenchCommand.parseAsRoot(arguments)
            if var async = command as? AsyncParsableCommand {
                try await async.run()
            } else {
                try command.run()
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
