import Foundation
import InkImport
import InkTraces

/// `inkperf readers FILE... [--runs N] [--scale S]`: reader throughput (issue 28), warm cache.
///
/// Reads each file's bytes once, then parses them `--runs` times (default 7) with the reader
/// `bench` uses (the byte reader, chosen by extension: `.csv` trace CSV, `.events` evemu, `.svc`
/// SVC, `.txt` MobileHCI 2017, `.json` Pointer Events, `.inkml` InkML) and with its text oracle
/// (`readOracle`), and prints MB/s for each (median run; 1 MB = 10^6 bytes), by the wall clock
/// and by the thread's CPU time (the figure that holds on a loaded host), and whether the two
/// traces are bit-identical (their trace CSVs, every value's shortest round-trip text, and their
/// notices). `--scale` is the file units per mm for the formats that need one (SVC, MobileHCI).
/// Make the inputs with `Benchmarks/inputs/make-inputs.sh` (hundred.csv 1.09 MB, big.csv about
/// 100 MB, hundred.json, hundred.inkml). Never gates CI.
///
/// ```
/// cd Benchmarks && swift run -c release inkperf readers /tmp/inkbench-inputs/hundred.csv /tmp/inkbench-inputs/big.csv
/// ```
func readers(_ args: [String]) {
    let runs = max(1, Int(option("--runs", args, default: 7)))
    var options = ImportOptions()
    if args.contains("--scale") { options.scaleUnitsPerMM = option("--scale", args, default: 1) }
    var files: [String] = []
    var skip = false
    for a in args.dropFirst() {
        if skip { skip = false; continue }
        if a == "--runs" || a == "--scale" { skip = true; continue }
        files.append(a)
    }
    guard !files.isEmpty else { fail("readers: give one or more .csv, .events, .svc, .txt, .json or .inkml files") }
    for file in files {
        guard let data = FileManager.default.contents(atPath: file) else { fail("cannot read \(file)") }
        let bytes = [UInt8](data)
        let ext = (file as NSString).pathExtension.lowercased()
        func read(oracle: Bool) throws -> Trace {
            switch (ext, oracle) {
            case ("events", false): try EvemuReader.read(bytes, file: file, options: options)
            case ("events", true): try EvemuReader.readOracle(bytes, file: file, options: options)
            case ("svc", false): try SVCReader.read(bytes, file: file, options: options)
            case ("svc", true): try SVCReader.readOracle(bytes, file: file, options: options)
            case ("txt", false): try MobileHCI17Reader.read(bytes, file: file, options: options)
            case ("txt", true): try MobileHCI17Reader.readOracle(bytes, file: file, options: options)
            case ("json", false): try PointerEventsReader.read(bytes, file: file, options: options)
            case ("json", true): try PointerEventsReader.readOracle(bytes, file: file, options: options)
            case ("inkml", false): try InkMLReader.read(bytes, file: file, options: options)
            case ("inkml", true): try InkMLReader.readOracle(bytes, file: file, options: options)
            case (_, false): try TraceCSVReader.read(bytes, file: file, options: options)
            case (_, true): try TraceCSVReader.readOracle(bytes, file: file, options: options)
            }
        }
        do {
            let a = try read(oracle: false), b = try read(oracle: true)
            let same = TraceCSVWriter.write(a) == TraceCSVWriter.write(b) && a.notices == b.notices
            var fastTimes: [Double] = [], oracleTimes: [Double] = [], fastCPU: [Double] = [], oracleCPU: [Double] = []
            for _ in 0..<runs {
                var (t0, c0) = (now(), threadCPUSeconds())
                _ = try read(oracle: false)
                fastTimes.append(now() - t0)
                fastCPU.append(threadCPUSeconds() - c0)
                (t0, c0) = (now(), threadCPUSeconds())
                _ = try read(oracle: true)
                oracleTimes.append(now() - t0)
                oracleCPU.append(threadCPUSeconds() - c0)
            }
            let mb = Double(bytes.count) / 1e6
            let f = median(fastTimes), o = median(oracleTimes), fc = median(fastCPU), oc = median(oracleCPU)
            print(
                "\(file): \(fmt(mb, 2)) MB, \(a.sampleCount) samples; byte reader \(fmt(f * 1000, 1)) ms (\(fmt(mb / f, 0)) MB/s; CPU \(fmt(fc * 1000, 1)) ms, \(fmt(mb / fc, 0)) MB/s),"
                    + " text oracle \(fmt(o * 1000, 1)) ms (\(fmt(mb / o, 0)) MB/s; CPU \(fmt(oc * 1000, 1)) ms, \(fmt(mb / oc, 0)) MB/s), \(fmt(oc / fc, 1))x;"
                    + " medians of \(runs); traces bit-identical: \(same ? "yes" : "NO")")
        } catch {
            fail("\(file): \(error)")
        }
    }
}

