import InkSynthesis
import InkTraces

/// How `bench tune` splits the traces for honest figures: k folds by recording, or one fold per
/// device. Each fold's configuration is tuned on the other folds' traces and judged on its own.
///
/// ```swift
/// let folds = TuneFolds.kFold(traces: names, k: 3, seed: 1)
/// folds.folds[0].test    // the traces fold 1 is judged on
/// ```
package struct TuneFolds: Sendable, Equatable {
    /// One fold: the traces it is judged on (``test``) and tuned on (``train``).
    package struct Fold: Sendable, Equatable {
        package var name: String
        package var train: [String]
        package var test: [String]
    }

    package var folds: [Fold]
    /// Why the split is weak or missing, or `nil`.
    package var warning: String?
    /// Whether the folds leave one device out at a time (``byDevice(traces:)``).
    var leavesDeviceOut = false

    /// `k` folds by recording: the traces (sorted by name) shuffled with `seed`, then dealt in turn.
    /// Fewer than 2 traces: no folds, with a warning; fewer than 2 per fold: a warning.
    package static func kFold(traces: [String], k: Int, seed: UInt64) -> TuneFolds {
        let names = traces.sorted()
        guard names.count >= 2, k >= 2 else {
            return TuneFolds(folds: [], warning: "corpus too small to split: \(names.count) trace(s) for \(k) folds; no held-out figures (give more recordings)")
        }
        let k = min(k, names.count)
        var shuffled = names
        var rng = SplitMix64(seed: seed)
        for i in stride(from: shuffled.count - 1, to: 0, by: -1) {
            let j = Int(rng.next() % UInt64(i + 1))
            shuffled.swapAt(i, j)
        }
        var groups = Array(repeating: [String](), count: k)
        for (i, n) in shuffled.enumerated() { groups[i % k].append(n) }
        let folds = groups.enumerated().map { i, test in
            Fold(name: "fold\(i + 1)", train: names.filter { !test.contains($0) }, test: test.sorted())
        }
        let warning = names.count < 2 * k
            ? "corpus small to split: \(names.count) traces in \(k) folds (fewer than 2 traces per held-out fold); held-out figures are rough"
            : nil
        return TuneFolds(folds: folds, warning: warning)
    }

    /// One fold per device (leave one device out); traces without a device form the group `(device not named)`
    /// (`Trace.deviceName(_:)`).
    package static func byDevice(traces: [(name: String, device: String?)]) -> TuneFolds {
        var devices: [String] = []
        for t in traces { let d = Trace.deviceName(t.device); if !devices.contains(d) { devices.append(d) } }
        devices.sort()
        guard devices.count >= 2 else {
            return TuneFolds(folds: [], warning: "corpus too small to split by device: \(devices.count) device(s) (\(devices.joined(separator: ", "))); no held-out figures (use --folds K to split by recording)")
        }
        let names = traces.map(\.name).sorted()
        let folds = devices.map { d in
            let test = traces.filter { Trace.deviceName($0.device) == d }.map(\.name).sorted()
            return Fold(name: "device " + d, train: names.filter { !test.contains($0) }, test: test)
        }
        return TuneFolds(folds: folds, warning: nil, leavesDeviceOut: true)
    }
}
