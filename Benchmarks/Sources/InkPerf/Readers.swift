import Foundation
import InkImport
import InkTraces

/// `inkperf readers FILE... [--runs N]`: reader throughput (issue 28), warm cache.
///
/// Reads each file's bytes once, then parses them `--runs` times (default 7) with the reader
/// `bench` uses (the byte reader, ``TraceCSVReader/read(_:file:options:)`` or
/// ``EvemuReader/read(_:file:description:descriptionFile:options:)`` by extension) and with
/// its text oracle (`readOracle`), and prints MB/s for each (median run; 1 MB = 10^6 bytes)
/// and whether the two traces are bit-identical. Make the inputs with
/// `Benchmarks/inputs/make-inputs.sh` (hundred.csv 1.09 MB, big.csv about 100 MB). Never gates CI.
///
/// ```
/// cd Benchmarks && swift run -c release inkperf readers /tmp/inkbench-inputs/hundred.csv /tmp/inkbench-inputs/big.csv
/// ```
func readers(_ args: [String]) {
    let runs = max(1, Int(option("--runs", args, default: 7)))
    var files: [String] = []
    var skip = false
    for a in args.dropFirst() {
        if skip { skip = false; continue }
        if a == "--runs" { skip = true; continue }
        files.append(a)
    }
    guard !files.isEmpty else { fail("readers: give one or more trace CSV (.csv) or evemu (.events) files") }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
        let bytes = [UInt8](data)
        let isEvemu = file.hasSuffix(".events")
        func fast() throws -> Trace {
            isEvemu ? try EvemuReader.read(bytes, file: file) : try TraceCSVReader.read(bytes, file: file)
        }
        func oracle() throws -> Trace {
            isEvemu ? try EvemuReader.readOracle(bytes, file: file) : try TraceCSVReader.readOracle(bytes, file: file)
        }
        do {
            let a = try fast(), b = try oracle()
            let same = a.strokes.count == b.strokes.count
                && zip(a.strokes, b.strokes).allSatisfy { s, r in
                    s.t.elementsEqual(r.t) { $0.bitPattern == $1.bitPattern } && s.x.elementsEqual(r.x) { $0.bitPattern == $1.bitPattern }
                        && s.y.elementsEqual(r.y) { $0.bitPattern == $1.bitPattern }
                }
            var fastTimes: [Double] = [], oracleTimes: [Double] = []
            for _ in 0..<runs {
                var t0 = now()
                _ = try fast()
                fastTimes.append(now() - t0)
                t0 = now()
                _ = try oracle()
                oracleTimes.append(now() - t0)
            }
            let mb = Double(bytes.count) / 1e6
            let f = median(fastTimes), o = median(oracleTimes)
            print(
                "\(file): \(fmt(mb, 2)) MB, \(a.sampleCount) samples; byte reader \(fmt(f * 1000, 1)) ms (\(fmt(mb / f, 0)) MB/s),"
                    + " text oracle \(fmt(o * 1000, 1)) ms (\(fmt(mb / o, 0)) MB/s), \(fmt(o / f, 1))x; medians of \(runs);"
                    + " traces bit-identical: \(same ? "yes" : "NO")")
        } catch {
            fail("\(file): \(error)")
        }
    }
}
