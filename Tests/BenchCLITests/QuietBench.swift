@testable import BenchCLI
import InkBenchKit

/// Runs `bench` in-process as `BenchMain.run` does, with its output, notices and errors
/// collected instead of written to the terminal (a passing `swift test` prints no expected
/// `Error:` lines and no tables).
///
/// ```swift
/// #expect(await benchQuietly(["--strategies", "nope"]) == 2)
/// ```
func benchQuietly(_ arguments: [String]) async -> Int32 {
    await benchCapturing(arguments).status
}

/// Runs `bench` in-process and returns its exit status and what it wrote to stderr and stdout.
func benchCapturing(_ arguments: [String]) async -> (status: Int32, stderr: String, stdout: String) {
    let sink = Console.Sink(), output = Console.Sink()
    let status = await Console.$sink.withValue(sink) {
        await Console.$outputSink.withValue(output) { await BenchMain.run(arguments) }
    }
    return (status, sink.text, output.text)
}
