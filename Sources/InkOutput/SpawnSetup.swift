#if canImport(Glibc)
    import CInkSystem
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What every child process InkBench starts with `posix_spawn` is given, in one place: `git`
/// for the manifest (``GitInfo``) and the browsers and tools of InkBrowser's `ChildProcess`.
///
/// - No signal blocked, and SIGINT, SIGTERM, SIGPIPE and SIGHUP at their default actions: the
///   run folder's clean-up sets SIGINT and SIGTERM to be ignored while a run writes, and a
///   child would otherwise inherit that (``resetSignals(_:flags:)``).
/// - No descriptor of this process beyond those the caller hands it: every descriptor from a
///   number on is closed in the child where the C library offers it (``closeFrom(_:_:)``), so a
///   pipe another thread opened a moment earlier, before it could mark it close-on-exec, does
///   not stay open in the child (which would keep that pipe's reader from seeing its end).
///
/// ```swift
/// var actions = SpawnSetup.Actions()
/// var attributes = SpawnSetup.Attributes()
/// posix_spawn_file_actions_init(&actions)
/// posix_spawnattr_init(&attributes)
/// SpawnSetup.closeFrom(&actions, 3)
/// SpawnSetup.resetSignals(&attributes)
/// ```
package enum SpawnSetup {
    #if canImport(Glibc)
        /// `posix_spawn_file_actions_t` as this platform's `posix_spawn` takes it.
        package typealias Actions = posix_spawn_file_actions_t
        /// `posix_spawnattr_t` as this platform's `posix_spawn` takes it.
        package typealias Attributes = posix_spawnattr_t
    #else
        /// `posix_spawn_file_actions_t` as this platform's `posix_spawn` takes it.
        package typealias Actions = posix_spawn_file_actions_t?
        /// `posix_spawnattr_t` as this platform's `posix_spawn` takes it.
        package typealias Attributes = posix_spawnattr_t?
    #endif

    /// Sets `attributes`' flags to `flags` plus `POSIX_SPAWN_SETSIGMASK` and
    /// `POSIX_SPAWN_SETSIGDEF`, with an empty signal mask and SIGINT, SIGTERM, SIGPIPE and
    /// SIGHUP at their defaults.
    ///
    /// - Parameters:
    ///   - attributes: initialised attributes.
    ///   - flags: the caller's own `POSIX_SPAWN_*` flags (say, `POSIX_SPAWN_SETPGROUP`).
    package static func resetSignals(_ attributes: inout Attributes, flags: Int32 = 0) {
        posix_spawnattr_setflags(&attributes, Int16(flags | Int32(POSIX_SPAWN_SETSIGMASK) | Int32(POSIX_SPAWN_SETSIGDEF)))
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGPIPE, SIGHUP] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
    }

    /// Adds "close every descriptor from `lowest` on" to `actions` where the C library offers
    /// it (glibc 2.34 and later: `posix_spawn_file_actions_addclosefrom_np`, a weak reference
    /// that CInkSystem resolves when the program starts or is linked statically); elsewhere
    /// nothing (Darwin's callers set `POSIX_SPAWN_CLOEXEC_DEFAULT` instead).
    #if canImport(Glibc)
        package static func closeFrom(_ actions: inout Actions, _ lowest: Int32) {
            _ = ink_spawn_file_actions_addclosefrom(&actions, lowest)
        }
    #else
        package static func closeFrom(_ actions: inout Actions, _ lowest: Int32) {}
    #endif

    /// A pipe whose ends are close-on-exec from the moment they exist (`pipe2` with
    /// `O_CLOEXEC`, glibc 2.9 and later, through CInkSystem), so a child that another thread
    /// starts at any moment does not inherit them. Where there is no `pipe2` (Darwin), `pipe`
    /// and then `FD_CLOEXEC` on each end: a child started between the two gets the ends unless
    /// its spawn closes them, as every spawn of this project does there
    /// (`POSIX_SPAWN_CLOEXEC_DEFAULT`).
    ///
    /// - Returns: the read and the write end; `nil` when no pipe can be made (`errno` says why).
    package static func closeOnExecPipe() -> (read: Int32, write: Int32)? {
        var ends: [Int32] = [-1, -1]
        #if canImport(Glibc)
            if ink_pipe2(&ends, O_CLOEXEC) == 0 { return (ends[0], ends[1]) }
            guard errno == ENOSYS else { return nil }
        #endif
        guard pipe(&ends) == 0 else { return nil }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        return (ends[0], ends[1])
    }

    /// Adds "change to `directory`" to `actions` (`posix_spawn_file_actions_addchdir_np`: glibc
    /// 2.29 and later, through CInkSystem, and macOS 10.15); `false` where the C library
    /// lacks it.
    #if canImport(Glibc)
        package static func changeDirectory(_ actions: inout Actions, _ directory: String) -> Bool {
            ink_spawn_file_actions_addchdir(&actions, directory) == 0
        }
    #else
        package static func changeDirectory(_ actions: inout Actions, _ directory: String) -> Bool {
            posix_spawn_file_actions_addchdir_np(&actions, directory) == 0
        }
    #endif
}
