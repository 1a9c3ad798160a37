// libFuzzer entry point for the files `bench merge` reads from shard folders: a run shard's
// figures and traces (RunShardCSV), the per-frame blocks (RunMerge.mergeBlocks), and a tune
// shard's grid results (TuneShardCSV). Each must be refused with a ShardError or read; never
// a trap. Built by scripts/fuzz.sh.
import InkBenchKit
import InkReplay
import InkTuning

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzShard(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let text = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    _ = try? RunShardCSV.groups(parsing: text, file: "shard-figures.csv", timing: Timing())
    _ = try? RunShardCSV.facts(parsing: text, file: "shard-traces.csv")
    _ = try? RunMerge.mergeBlocks([("s1", text), ("s2", text)], name: "frames.csv")
    if let p = try? TuneParameter(parsing: "sigma_p=0.1...10") {
        _ = try? TuneShardCSV.read(text, file: "tune-shard.csv", parameters: [p])
    }
    return 0
}
