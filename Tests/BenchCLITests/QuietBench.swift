@testable import BenchCLI

/// Runs `bench` in-process as `BenchMain.run` does, with its notices and errors collected
/// instead of written to the terminal (a passing `swift test` prints no expected `Error:` lines).
///
/// ```swift
/// #expect(await benchQuietly(["--strategies", "nope"]) == 2)
/// ```
func benchQuietly(_ arguments: [String]) async -> Int32 {
    await benchCapturing(arguments).status
}

/// Runs `bench` in-process and returns its exit status and what it wrote to stderr.
func benchCapturing(_ arguments: [String]) async -> (status: Int32, stderr: String) {
    let sink = Console.Sink()
    let status = await Console.$sink.withValue(sink) { await BenchMain.run(arguments) }
    return (status, sink.text)
}
