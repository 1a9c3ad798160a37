import BenchCLI
#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

// Before the first task: descriptors 0-2 are mended before anything opens one.
BenchMain.openClosedStandardStreams()

// The command runs in a task on the concurrency runtime's threads and ends the process with
// `exit` (which flushes standard output and error; the run folder is committed before). The
// main thread only waits. It is not handed to `dispatch_main`, as an `await` in this file
// would: that ends the main thread with `pthread_exit`, whose stack unwinding in the static
// release `bench` first sorts every frame description of the binary (~30 ms of CPU; a
// dynamically linked one finds them through `.eh_frame_hdr`). Nothing in `bench` runs on the
// main actor.
Task.detached {
    exit(await BenchMain.run())
}
while true { pause() }
