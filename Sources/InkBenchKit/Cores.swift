import Foundation

/// The number of cores this process may use.
public enum ProcessInfoCores {
    public static var count: Int { max(1, ProcessInfo.processInfo.activeProcessorCount) }
}
