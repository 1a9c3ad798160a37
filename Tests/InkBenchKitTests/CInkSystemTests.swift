import Testing

#if canImport(Glibc)
    import CInkSystem
    import Glibc

    /// CInkSystem's weak references to the GNU C library's extensions resolve where the C
    /// library has them (glibc 2.34 and later has all four), so `SpawnSetup` and `RunFolder`
    /// take their main paths, not the fallbacks for a C library that lacks them. (The static
    /// release `bench` pulls them in with `-u`; `nm` on it lists them: docs/performance.md.)
    @Suite("CInkSystem")
    struct CInkSystemTests {
        /// The running C library's version as (major, minor), from `confstr` ("glibc 2.36").
        static func libcVersion() -> (Int, Int) {
            var text = [CChar](repeating: 0, count: 64)
            guard confstr(Int32(_CS_GNU_LIBC_VERSION), &text, text.count) > 0 else { return (0, 0) }
            let version = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self).split(separator: " ").last ?? ""
            let parts = version.split(separator: ".").compactMap { Int($0) }
            return (parts.first ?? 0, parts.count > 1 ? parts[1] : 0)
        }

        @Test(.enabled(if: libcVersion() >= (2, 34), "needs glibc 2.34 or later"))
        func extensionsResolve() throws {
            var ends: [Int32] = [-1, -1]
            #expect(ink_pipe2(&ends, O_CLOEXEC) == 0)
            defer { close(ends[0]); close(ends[1]) }
            #expect(fcntl(ends[0], F_GETFD) & FD_CLOEXEC != 0)
            #expect(fcntl(ends[1], F_GETFD) & FD_CLOEXEC != 0)

            var actions = posix_spawn_file_actions_t()
            posix_spawn_file_actions_init(&actions)
            defer { posix_spawn_file_actions_destroy(&actions) }
            #expect(ink_spawn_file_actions_addclosefrom(&actions, 3) == 0)
            #expect(ink_spawn_file_actions_addchdir(&actions, "/") == 0)

            // renameat2 with no flags on two names that do not exist: ENOENT from the kernel,
            // not ENOSYS from a missing function.
            errno = 0
            #expect(ink_renameat2(AT_FDCWD, "/nonexistent-inkbench-a", AT_FDCWD, "/nonexistent-inkbench-b", 0) == -1)
            #expect(errno == ENOENT)
        }
    }
#endif
