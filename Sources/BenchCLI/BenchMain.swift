import ArgumentParser
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkBenchKit
import InkOutput
import InkSession
import InkTraces

/// The entry point of `bench`: parses, runs, and maps failures to the documented exit codes
/// (0 success, 1 a check found a regression, 2 a usage or input error).
public enum BenchMain {
    /// The arguments of the `bench` invocation being run (for manifests; in-process runs differ from the process's).
    @TaskLocal static var arguments: [String] = []
    /// When this invocation started (the top of ``run(_:)``, before the arguments are parsed):
    /// the final line's end-to-end time counts from here.
    @TaskLocal static var startedAt: ContinuousClock.Instant?

    /// Opens `/dev/null` on each of the process's descriptors 0, 1 and 2 that is closed (as
    /// `bench <&- >&-` or a daemon starts it), so that no file, pipe or runtime descriptor takes
    /// one of those numbers and receives text meant for standard output or error.
    ///
    /// Call it first in an executable's top-level code, before its first `await`: awaiting
    /// ``run(_:)`` starts the concurrency runtime, whose own descriptors would take the free
    /// numbers. `bench`'s `main.swift` and ``main(strategies:)`` call it.
    public static func openClosedStandardStreams() {
        StandardStream.openNullOnClosed()
    }

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
        if BenchMain.recordsCommit(given) {
            // The manifest's commit: `git` runs on the idle core while the arguments are parsed.
            GitInfo.prefetch()
        }
        if let wrong = BenchMain.unknownSubcommand(given) {
            Console.note("Error: \(wrong)")
            return 2
        }
        // Set once the arguments parse: an error after it comes from the command's own checks
        // or inputs, and is printed without the root's usage (which names no subcommand).
        var parsedName: String?
        do {
            var command = try BenchMain.parse(given)
            parsedName = type(of: command).configuration.commandName
            PhaseTimes.shared.mark("parse arguments")
            try await BenchMain.$arguments.withValue(given) {
                try await BenchMain.$startedAt.withValue(startedAt) {
                    // `run` by its concrete type first: a cast to a protocol is a conformance
                    // lookup, and each new (type, protocol) pair scans all the binary's records.
                    if let run = command as? RunCommand {
                        try await run.run()
                    } else if var async = command as? AsyncParsableCommand {
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
            let message: String
            if let parsedName, !(error is ExitCode) {
                let text = BenchCommand.message(for: error)
                let help = error is ValidationError ? " (see 'bench \(parsedName) --help')" : ""
                message = text.isEmpty ? "" : (text.hasPrefix("Error:") ? text : "Error: " + text) + help
            } else {
                message = BenchCommand.fullMessage(for: error)
            }
            if !message.isEmpty { Console.note(message) }
            if let exit = error as? ExitCode { return exit.rawValue }
            return 2
        }
    }

    /// Parses `arguments` (as given, without the program) into the command they ask for: the
    /// same command, with the same values, as `BenchCommand.parseAsRoot(arguments)`, and the
    /// same errors, help and version output, because every case but the plain one goes there.
    ///
    /// The plain case (a leaf subcommand, or options of the default `run`, with no help,
    /// version or completion flag) is parsed by the subcommand's own type:
    /// `BenchCommand.parseAsRoot` first walks every subcommand's options to look for
    /// pass-through arguments and a completion-script request, which costs about half of
    /// argument parsing's 5 ms (docs/performance.md). `run`'s plain command lines are read
    /// without swift-argument-parser's reflection (`RunCommand.parsedDirectly(_:)`), into
    /// the same values. Anything the subcommand's type refuses (a usage error, a failed
    /// `validate()`) is parsed again from the root, so the message is the root's.
    static func parse(_ arguments: [String]) throws -> ParsableCommand {
        if let command = BenchMain.parseLeaf(arguments) { return command }
        return try BenchCommand.parseAsRoot(arguments)
    }

    /// The plain case of ``parse(_:)``: the command when `arguments` name a leaf subcommand
    /// (or options of `run`) that its own type parses, else `nil` (the root must parse it).
    static func parseLeaf(_ arguments: [String]) -> ParsableCommand? {
        let rootOnly: Set<String> = ["help", "-h", "--help", "--version", "--generate-completion-script", "--experimental-dump-help"]
        if arguments.contains(where: { rootOnly.contains($0) || $0.hasPrefix("--generate-completion") || $0.hasPrefix("--experimental") }) {
            return nil
        }
        let leaf: ParsableCommand.Type
        let rest: [String]
        if let first = arguments.first, !first.hasPrefix("-") {
            guard let named = BenchCommand.subcommands.first(where: { $0.configuration.commandName == first }) else { return nil }
            leaf = named
            rest = Array(arguments.dropFirst())
        } else {
            leaf = RunCommand.self
            rest = arguments
        }
        guard leaf.configuration.subcommands.isEmpty else { return nil }
        // `run`'s plain command lines without swift-argument-parser's reflection (about 60
        // conformance scans); anything else, and every error, goes through it.
        if leaf == RunCommand.self, let run = RunCommand.parsedDirectly(rest) { return run }
        return try? leaf.parseAsRoot(rest)
    }

    /// The subcommands whose manifest records the source tree's commit (`GitInfo`)
    /// in the common case, so the lookup can start before their arguments are parsed.
    static let commitRecordingCommands: [ParsableCommand.Type] = [RunCommand.self, SweepCommand.self, TuneCommand.self]

    /// Whether `arguments` (as given, without the program) ask for a subcommand of
    /// ``commitRecordingCommands`` or for the default, `run`, and not for help or the version:
    /// only a hint for starting the `git` lookup early (a wrong guess costs time, not results).
    static func recordsCommit(_ arguments: [String]) -> Bool {
        if arguments.contains(where: { $0 == "--help" || $0 == "-h" || $0 == "--version" }) { return false }
        guard let first = arguments.first, !first.hasPrefix("-") else { return true }
        return commitRecordingCommands.contains { $0.configuration.commandName == first }
    }

    /// The error for a first argument that is neither an option nor a subcommand (`bench rnu`),
    /// with the nearest subcommand's name; `nil` when the first argument is fine.
    static func unknownSubcommand(_ arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        let names = BenchCommand.configuration.subcommands.compactMap { $0.configuration.commandName } + ["help"]
        if names.contains(first) { return nil }
        return "'\(first)' is not a subcommand of bench; expected one of \(names.filter { $0 != "help" }.joined(separator: ", ")) (or options of `bench run`, the default)"
            + (Spelling.suggestion(for: first, among: names).map { "; did you mean '\($0)'?" } ?? "")
    }
}

/// Every `print` of `bench`'s commands: a line of results to stdout, or to the task's
/// ``/InkBenchKit/Console/outputSink`` (this module's `print` shadows the standard library's).
func print(_ line: String = "") { Console.out(line) }
