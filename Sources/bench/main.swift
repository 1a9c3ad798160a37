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

// Before the first `await`: descriptors 0-2 are mended before anything opens one.
BenchMain.openClosedStandardStreams()
exit(await BenchMain.run())
