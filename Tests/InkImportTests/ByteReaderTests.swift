import Foundation
import InkSynthesis
import InkTestSupport
import InkTraces
import Testing

@testable import InkImport

/// The byte readers against their oracles (the text readers they replace): the same traces, to
/// the bit, and the same errors, on the corpus, the fixtures and fuzzed files.
struct ByteReaderTests {
    // MARK: numbers

    /// The fast path's answer, or `nil` where it hands the text to the oracle.
    static func plain(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalBytes.plain($0, 0, $0.count) }
    }

    static func parsed(_ text: String) -> Double? {
        Array(text.utf8).withUnsafeBufferPointer { DecimalBytes.number($0, 0, $0.count) }
    }

    /// Checks `text` and returns whether the fast path took it.
    @discardableResult
    static func check(_ text: String) -> Bool {
        let oracle = TextLines.number(Substring(text))
        let fast = plain(text)
        if let fast {
            #expect(oracle?.bitPattern == fast.bitPattern, "'\(text)': fast \(fast), Double(Substring) \(String(describing: oracle))")
        }
        #expect(parsed(text)?.bitPattern == oracle?.bitPattern, "'\(text)'")
        return fast != nil
    }

    @Test func shortestTextsOfRandomDoublesParseToTheSameBits() {
        var rng = SplitMix64(seed: 28)
        var taken = 0, total = 0
        for i in 0..<60_000 {
            let v: Double
            switch i % 4 {
            case 0: v = Double(bitPattern: rng.next())  // every magnitude (many fall back)
            case 1: v = (Double(rng.next() >> 11) / Double(1 << 53) - 0.5) * 2000  // mm-like
            case 2: v = Double(rng.next() >> 11) / Double(1 << 53) * 3600  // seconds
            default: v = Double(Int64(bitPattern: rng.next()) >> 40) / 240  // sample times
            }
            guard v.isFinite else { continue }
            total += 1
            if Self.check(v.description) { taken += 1 }
            Self.check(String(format: "%.6f", v))
            Self.check(String(format: "%.17g", v))
            Self.check(String(format: "%.3e", v))
        }
        // The fast path must carry the usual texts, not hand them all to the oracle.
        #expect(taken > total / 2, "fast path took \(taken) of \(total)")
    }

    @Test func halfwayAndOddTextsParseToTheSameBits() {
        let texts = [
            "0", "-0", "0.0", "-0.0", "00.5", "1.", ".5", "+1", "1e", "1e+", "e5", "-", "", "1.5E3", "1e-05", "1E+19", "1e20",
            "9007199254740993", "9007199254740992.5", "9007199254740993.0000001", "18446744073709551615", "18446744073709551616",
            "9999999999999999999", "0.1", "0.30000000000000004", "2.2250738585072014e-308", "4.9e-324", "1.7976931348623157e308",
            "123456789012345678.9", "0.000000000000000000001", "1e-19", "1.0000000000000002", "1.00000000000000011102230246251565404",
            "0.004166666666666667", "3.0", "1e0000005", "1 ", " 1", "1,5", "0x10", "inf", "nan", "1e-2147483648",
            String(repeating: "0", count: 399) + "1", String(repeating: "0", count: 398) + "1",
        ]
        for t in texts { Self.check(t) }
        // Ties and near ties at the 53rd bit, written with few digits.
        var rng = SplitMix64(seed: 7)
        for _ in 0..<20_000 {
            let m = rng.next() >> 11 | 1 << 52
            let e = Int(rng.next() % 60) - 30
            let v = Double(sign: .plus, exponent: e, significand: Double(m) / Double(1 << 52))
            let next = v.nextUp
            let mid = (Decimal(v) + Decimal(next)) / 2
            Self.check("\(mid)")
            Self.check(String(format: "%.19g", v))
            Self.check(String(format: "%.18e", v))
        }
        // Random digit strings of every length up to 22.
        for _ in 0..<20_000 {
            let digits = Int(rng.next() % 22) + 1
            var s = ""
            for _ in 0..<digits { s += String(rng.next() % 10) }
            let point = Int(rng.next() % UInt64(digits + 1))
            if point < digits { s.insert(".", at: s.index(s.startIndex, offsetBy: point)) }
            if rng.next() % 3 == 0 { s += "e\(Int(rng.next() % 41) - 20)" }
            Self.check(s)
            Self.check("-" + s)
        }
    }

    /// Numbers below 1e-19 (the 190-bit division of ``DecimalBytes/exactDouble(mantissa:exponent10:)``):
    /// 17- to 19-digit mantissas with exponents down to -38, shortest texts of small doubles,
    /// and near halfway points.
    @Test func smallNumbersParseToTheSameBits() {
        var rng = SplitMix64(seed: 38)
        var taken = 0
        for _ in 0..<30_000 {
            let m = rng.next() % 10_000_000_000_000_000_000
            let e = Int(rng.next() % 30) - 45
            if Self.check("\(m)e\(e)") { taken += 1 }
            let v = Double(sign: .plus, exponent: -Int(rng.next() % 120) - 10, significand: 1 + Double(rng.next() >> 11) / Double(1 << 53))
            Self.check(v.description)
            Self.check(String(format: "%.19g", v))
            Self.check(String(format: "%.18e", (v + v.nextUp) / 2))
            Self.check("-" + String(format: "%.17f", v * 1e4))
        }
        #expect(taken > 10_000, "the fast path took \(taken) of 30000 long mantissas with small exponents")
    }

    /// ``DecimalBytes/quotientByProduct(_:_:)``'s table: each entry is `ceil(2^e_k / 5^k)` and
    /// lies in `[2^127, 2^128)`, checked with products of 64-bit limbs: `P · 5^k >= 2^e_k` and
    /// `(P - 1) · 5^k < 2^e_k`.
    @Test func reciprocalTableHoldsTheCeilingsOfPowersOfTwoOverPowersOfFive() {
        /// `a · b` for little-endian limb arrays.
        func product(_ a: [UInt64], _ b: [UInt64]) -> [UInt64] {
            var out = [UInt64](repeating: 0, count: a.count + b.count)
            for i in a.indices {
                var carry: UInt64 = 0
                for j in b.indices {
                    let (h, l) = a[i].multipliedFullWidth(by: b[j])
                    let (s1, c1) = out[i + j].addingReportingOverflow(l)
                    let (s2, c2) = s1.addingReportingOverflow(carry)
                    out[i + j] = s2
                    carry = h &+ (c1 ? 1 : 0) &+ (c2 ? 1 : 0)
                }
                out[i + b.count] = carry
            }
            return out
        }
        /// Whether `a >= 2^e` (limbs).
        func atLeastPowerOfTwo(_ a: [UInt64], _ e: Int) -> Bool {
            let limb = e / 64, bit = e % 64
            for i in stride(from: a.count - 1, to: limb, by: -1) where a[i] != 0 { return true }
            return limb < a.count && a[limb] >> UInt64(bit) != 0
        }
        var five: [UInt64] = [1, 0]
        for k in 1...38 {
            five = Array(product(five, [5]).prefix(2))
            let high = DecimalBytes.reciprocalHigh[k], low = DecimalBytes.reciprocalLow[k], e = DecimalBytes.reciprocalExponents[k]
            #expect(high >> 63 == 1, "k \(k): not in [2^127, 2^128)")
            #expect(atLeastPowerOfTwo(product([low, high], five), e), "k \(k): P · 5^k < 2^e")
            let less = low == 0 ? [UInt64.max, high - 1] : [low - 1, high]
            #expect(!atLeastPowerOfTwo(product(less, five), e), "k \(k): (P - 1) · 5^k >= 2^e, not the ceiling")
        }
    }

    /// The product path gives the division path's and `Double(Substring)`'s bits wherever it
    /// answers, declines exact ties and exact quotients (which it cannot tell from their
    /// neighbours), and answers every other long mantissa: random mantissas of 1 to 19
    /// digits with every exponent -1...-38, the 17-digit shortest texts of millimetres and
    /// seconds, ties `n.5` at 2^52...2^53 and their neighbours, and exact quotients.
    @Test func productQuotientsAreTheDivisionsAndTheOracles() {
        var rng = SplitMix64(seed: 53)
        var answered = 0, long = 0
        /// Checks one quotient; returns whether the product path answered.
        @discardableResult
        func check(_ m: UInt64, _ k: Int) -> Bool {
            let text = "\(m)e-\(k)"
            let oracle = TextLines.number(Substring(text))
            let division = DecimalBytes.quotientByDivision(m, k)
            #expect(division?.bitPattern == oracle?.bitPattern, "\(text): division \(String(describing: division))")
            guard let v = DecimalBytes.quotientByProduct(m, k) else { return false }
            #expect(v.bitPattern == oracle?.bitPattern, "\(text): product \(v), Double(Substring) \(String(describing: oracle))")
            return true
        }
        for _ in 0..<40_000 {
            let digits = Int(rng.next() % 19) + 1
            let m = max(1, rng.next() % DecimalBytes.powersOfTen[digits])
            let k = Int(rng.next() % 38) + 1
            let took = check(m, k)
            if m >= 1 << 56 {
                long += 1
                if took {
                    answered += 1
                } else {
                    // Declined: the quotient is exact or a tie, so 5^k divides the mantissa (any
                    // other quotient of a long mantissa is some 2^-66 or more from a half unit).
                    var five: UInt64 = 1
                    for _ in 0..<min(k, 27) { five *= 5 }
                    #expect(k <= 27 && m % five == 0, "\(m)e-\(k) declined, though not an exact quotient")
                }
            }
        }
        #expect(answered * 100 >= long * 99, "the product path declined \(long - answered) of \(long) mantissas of 57 bits or more")
        // Shortest texts of coordinates (mm) and times (s), as a recording's CSV holds them.
        for i in 0..<20_000 {
            let unit: Double = Double(rng.next() >> 11) / 9_007_199_254_740_992  // [0, 1)
            let v: Double = i % 2 == 0 ? (unit - 0.5) * 400 : unit * 3600
            #expect(Self.parsed(v.description)?.bitPattern == v.bitPattern, "\(v)")
            Self.check(v.description)
        }
        // Ties: n + 1/2 for n in [2^52, 2^53) is halfway between two doubles; the product path
        // must decline it (or round it to even), and its neighbours one unit of the 19th digit away.
        for _ in 0..<5_000 {
            let n = rng.next() >> 12 | 1 << 52
            let m = n * 10 + 5
            check(m, 1)
            let scaled = (n * 1000 + 500)  // n.500, three decimals
            #expect(DecimalBytes.quotientByProduct(scaled, 3) == nil || check(scaled, 3))
            check(scaled + 1, 3)
            check(scaled - 1, 3)
            #expect(DecimalBytes.quotientByProduct(m, 1) == nil, "\(m)e-1 is a tie: the product cannot settle it")
        }
        // Exact quotients: q · 10^k / 10^k for small q.
        for k in 1...19 {
            for q in [1, 3, 7, 123, 1_000_003] as [UInt64] {
                let (m, overflow) = q.multipliedReportingOverflow(by: DecimalBytes.powersOfTen[k])
                if !overflow { check(m, k) }
            }
        }
    }

    // MARK: trace CSV

    /// Whether the fast reader gives the oracle's trace (name, notices and every bit), or, where
    /// it declines, the public reader gives the oracle's error; returns whether the fast path read it.
    @discardableResult
    static func compareTraceCSV(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) -> Bool {
        compareTraceCSVBoth(bytes, file: file, options: options).fast
    }

    /// ``compareTraceCSV(_:file:options:)``, also saying whether the oracle read the file.
    static func compareTraceCSVBoth(_ bytes: [UInt8], file: String, options: ImportOptions = ImportOptions()) -> (fast: Bool, oracle: Bool) {
        let oracle: Result<Trace, ImportError>
        do { oracle = .success(try TraceCSVReader.readOracle(bytes, file: file, options: options)) } catch { oracle = .failure(error) }
        let fast = TraceCSVBytes.read(bytes, file: file, options: options)
        let public_: Result<Trace, ImportError>
        do { public_ = .success(try TraceCSVReader.read(bytes, file: file, options: options)) } catch { public_ = .failure(error) }
        switch (oracle, public_) {
        case (.success(let a), .success(let b)):
            #expect(sameTrace(a, b) && a.notices == b.notices && a.name == b.name, "\(file): the reader's trace differs from the oracle's")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(file): errors differ: \(a) / \(b)")
        default:
            Issue.record("\(file): oracle \(oracle), reader \(public_)")
        }
        if let fast {
            guard case .success(let a) = oracle else {
                Issue.record("\(file): the fast path read a file the oracle rejects: \(oracle)")
                return (true, false)
            }
            #expect(sameTrace(a, fast) && a.notices == fast.notices && a.name == fast.name && a.source == fast.source, "\(file): fast trace differs")
        }
        compareChunked(bytes, file: file, options: options, serial: fast)
        if case .success = oracle { return (fast != nil, true) }
        return (fast != nil, false)
    }

    /// The byte reader with its rows parsed in chunks (2, 3 and 5 threads, chunks of a few
    /// bytes, so that small files are cut at many line ends) gives the serial byte read, to the
    /// bit, and declines exactly the files it declines.
    static func compareChunked(_ bytes: [UInt8], file: String, options: ImportOptions, serial: Trace?) {
        for (jobs, chunkBytes) in [(2, 1), (3, 40), (5, 7)] {
            var o = options
            o.jobs = jobs
            let chunked = TraceCSVBytes.read(bytes, file: file, options: o, chunkBytes: chunkBytes)
            switch (serial, chunked) {
            case (nil, nil): break
            case (let a?, let b?):
                #expect(
                    sameTrace(a, b) && a.notices == b.notices && a.name == b.name && a.source == b.source,
                    "\(file): the chunked read (\(jobs) jobs) differs from the serial one")
            default:
                Issue.record("\(file): the serial read \(serial == nil ? "declined" : "read") it, the chunked one (\(jobs) jobs) did not")
            }
        }
    }

    /// Every trace CSV of the project's data, as it is.
    static func corpusCSVFiles() -> [String] {
        var out: [String] = []
        for root in [ProjectData.recordings, ProjectData.fixtures] {
            guard let e = FileManager.default.enumerator(atPath: root) else { continue }
            while let f = e.nextObject() as? String {
                if f.hasSuffix(".csv") { out.append((root as NSString).appendingPathComponent(f)) }
            }
        }
        return out.sorted()
    }

    @Test func everyCSVOfTheCorpusReadsAsTheOracleReadsIt() throws {
        let files = Self.corpusCSVFiles()
        #expect(files.count >= 10, "found \(files.count) CSV files")
        for f in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: f)))
            Self.compareTraceCSV(bytes, file: f)
        }
    }

    /// Every recording of the corpus, read by its own reader and written as trace CSV (the
    /// writer's shortest texts, every optional column, recorded predictions), read back both ways.
    @Test func everyRecordingWrittenAsTraceCSVReadsBackTheSame() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        let traces = try loader.load(paths: [ProjectData.recordings]).traces
        var fastCount = 0
        for trace in traces {
            let text = TraceCSVWriter.write(trace)
            if Self.compareTraceCSV(Array(text.utf8), file: trace.name + ".csv") { fastCount += 1 }
            // CRLF line ends and a byte-order mark read the same.
            let crlf = Array("\u{FEFF}".utf8) + Array(text.replacingOccurrences(of: "\n", with: "\r\n").utf8)
            Self.compareTraceCSV(crlf, file: trace.name + ".crlf.csv")
        }
        #expect(traces.count >= 8, "read \(traces.count) recordings")
        #expect(fastCount == traces.count, "the fast path read \(fastCount) of \(traces.count) well-formed files")
    }

    @Test func scaledAndSyntheticTracesReadTheSame() throws {
        var spec = SyntheticSpec.sCurve(name: "noisy", duration: 0.4)
        spec.noiseMM = 0.05
        spec.strokes = 3
        let text = Array(TraceCSVWriter.write(try spec.generate(seed: 3)).utf8)
        #expect(Self.compareTraceCSV(text, file: "noisy.csv"))
        var options = ImportOptions()
        options.scaleUnitsPerMM = 3.7
        options.timeUnitSeconds = 0.001
        #expect(Self.compareTraceCSV(text, file: "scaled.csv", options: options))
    }

    /// A file of 2.5 MB read with the default chunks (at least 128 KiB, up to four per thread) on 1 to 4 threads: the same trace
    /// and notices (merged timestamps, a stroke split at a gap, recorded predictions, a
    /// nominal interval set by a comment between rows); a bad value in the last chunk is still
    /// reported with its line, by every reader.
    @Test func aLargeFileReadInChunksIsTheSerialRead() throws {
        var lines = ["# inkbench-trace 1", "t_s,x_mm,y_mm,stroke,pressure,kind"]
        var t = 0.0
        for i in 0..<40_000 {
            let stroke = i / 10_000
            if i % 10_000 == 5_000 { t += 31 }  // a gap over the split limit (30 s): a stroke split
            if i == 20_000 { lines.append("# nominal_interval_s: 0.004") }
            let x = Double(i % 997) * 0.013, y = Double(i % 89) * 0.021
            lines.append("\(t),\(x),\(y),\(stroke),0.\(i % 10),sample")
            if i % 7 == 0 { lines.append("\(t + 0.01),\(x + 0.1),\(y),\(stroke),,predicted") }
            if i % 1_000 == 3 { lines.append("\(t),\(x + 0.5),\(y),\(stroke),0.5,sample") }  // merged
            t += 0.004
        }
        let bytes = Array((lines.joined(separator: "\n") + "\n").utf8)
        #expect(bytes.count > 2 << 20)
        let serial = try #require(TraceCSVBytes.read(bytes, file: "large.csv", options: ImportOptions()))
        #expect(serial.notices.contains { $0.hasPrefix("merged 40 samples") } && serial.notices.contains { $0.hasPrefix("split 4 strokes") })
        let oracle = try TraceCSVReader.readOracle(bytes, file: "large.csv")
        #expect(sameTrace(serial, oracle) && serial.notices == oracle.notices)
        for jobs in 1...4 {
            var options = ImportOptions()
            options.jobs = jobs
            let chunked = try #require(TraceCSVBytes.read(bytes, file: "large.csv", options: options))
            #expect(sameTrace(serial, chunked) && serial.notices == chunked.notices, "\(jobs) jobs")
        }
        // A pressure of 2 on the last line: refused, naming that line, on any number of threads.
        var bad = bytes
        bad.removeLast()  // the final line end
        let lastLine = bad.filter { $0 == 0x0A }.count + 1
        let cut = try #require(bad.lastIndex(of: 0x0A))
        bad = Array(bad[...cut]) + Array("\(t),1,1,3,2,sample\n".utf8)
        for jobs in [1, 2, 4] {
            var options = ImportOptions()
            options.jobs = jobs
            #expect(TraceCSVBytes.read(bad, file: "bad.csv", options: options) == nil)
            do {
                _ = try TraceCSVReader.read(bad, file: "bad.csv", options: options)
                Issue.record("a pressure of 2 was read (\(jobs) jobs)")
            } catch {
                #expect(error.file == "bad.csv" && error.line == lastLine, "\(error)")
            }
        }
    }

    /// Fuzzed trace CSVs: valid files with bytes changed, inserted, removed and lines repeated;
    /// the reader must agree with the oracle on every one (trace or error).
    @Test func fuzzedTraceCSVsReadAsTheOracleReadsThem() throws {
        var spec = SyntheticSpec.sCurve(name: "fuzz", duration: 0.1)
        spec.noiseMM = 0.05
        spec.strokes = 3
        var base = TraceCSVWriter.write(try spec.generate(seed: 1))
        base = base.replacingOccurrences(of: "t_s,x_mm,y_mm,stroke", with: "t_s, x_mm ,y_mm,stroke,pressure,tool,kind")
        let lines = base.split(separator: "\n", omittingEmptySubsequences: false).enumerated().map { i, line -> String in
            line.hasPrefix("#") || line.hasPrefix("t_s") || line.isEmpty ? String(line) : line + ",0.\(i % 10),pen,sample"
        }
        let seed = Array(lines.joined(separator: "\n").utf8)
        let alphabet: [UInt8] = Array("0123456789.,-+eE# \t\r\nxp".utf8) + [0xC3, 0xA9, 0xCC, 0x81, 0xFF, 0x00]
        let words = ["predicted", "sample", "finger", "1e-3", "nan", "#", "# nominal_interval_s: 0.01", "\u{301}", "é"].map { Array($0.utf8) }
        var rng = SplitMix64(seed: 2028)
        var fast = 0, readable = 0
        let cases = 3000
        for c in 0..<cases {
            var b = seed
            for _ in 0..<(1 + Int(rng.next() % 4)) {
                let at = Int(rng.next() % UInt64(b.count))
                switch rng.next() % 5 {
                case 0: b[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                case 1: b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                case 2: b.remove(at: at)
                case 3: b.insert(contentsOf: words[Int(rng.next() % UInt64(words.count))], at: at)
                default:
                    // repeat or move a line
                    let start = b[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                    let end = b[at...].firstIndex(of: 0x0A).map { $0 + 1 } ?? b.count
                    let line = Array(b[start..<end])
                    b.insert(contentsOf: line, at: Int(rng.next() % UInt64(b.count)))
                }
                if b.isEmpty { b = [0x30] }
            }
            let r = Self.compareTraceCSVBoth(b, file: "fuzz\(c).csv")
            if r.fast { fast += 1 }
            if r.oracle { readable += 1 }
        }
        // The fast path must read most of the fuzzed files that are readable (the rest have a
        // non-ASCII byte or a number in an unusual form, which it leaves to the oracle).
        #expect(readable >= 100 && fast * 2 > readable, "the fast path read \(fast) of the \(readable) readable fuzzed files (of \(cases))")
    }

    // MARK: evemu

    /// Whether ``EvemuReader/read(_:file:description:descriptionFile:options:)`` agrees with the
    /// oracle (trace and notices to the bit, or the same error); returns whether the fast path read it.
    @discardableResult
    static func compareEvemu(
        _ bytes: [UInt8], file: String, description: [UInt8]? = nil, descriptionFile: String? = nil,
        options: ImportOptions = ImportOptions()
    ) -> (fast: Bool, oracle: Bool) {
        let oracle: Result<Trace, ImportError>, reader: Result<Trace, ImportError>
        do {
            oracle = .success(try EvemuReader.readOracle(bytes, file: file, description: description, descriptionFile: descriptionFile, options: options))
        } catch { oracle = .failure(error) }
        do {
            reader = .success(try EvemuReader.read(bytes, file: file, description: description, descriptionFile: descriptionFile, options: options))
        } catch { reader = .failure(error) }
        var fast: Trace?
        if let device = try? EvemuReader.device(description, descriptionFile ?? "\(file).desc") {
            fast = EvemuBytes.read(bytes, file: file, device: device, options: options)
        }
        switch (oracle, reader) {
        case (.success(let a), .success(let b)):
            #expect(sameTrace(a, b) && a.notices == b.notices && a.device == b.device, "\(file): the reader's trace differs from the oracle's")
        case (.failure(let a), .failure(let b)):
            #expect(a == b, "\(file): errors differ: \(a) / \(b)")
        default:
            Issue.record("\(file): oracle \(oracle), reader \(reader)")
        }
        if let fast {
            guard case .success(let a) = oracle else {
                Issue.record("\(file): the fast path read a file the oracle rejects: \(oracle)")
                return (true, false)
            }
            #expect(sameTrace(a, fast) && a.notices == fast.notices && a.device == fast.device, "\(file): fast trace differs")
        }
        if case .success = oracle { return (fast != nil, true) }
        return (fast != nil, false)
    }

    /// The corpus's evemu recordings with their `.desc` files and the manifest's options.
    static func corpusEvemu() throws -> [(path: String, bytes: [UInt8], desc: String?, descBytes: [UInt8]?, options: ImportOptions)] {
        let manifest = try RecordingManifest.load(path: ProjectData.recordingsManifest)
        var out: [(String, [UInt8], String?, [UInt8]?, ImportOptions)] = []
        guard let e = FileManager.default.enumerator(atPath: ProjectData.recordings) else { return [] }
        while let relative = e.nextObject() as? String {
            guard relative.hasSuffix(".events") else { continue }
            let path = (ProjectData.recordings as NSString).appendingPathComponent(relative)
            var options = ImportOptions()
            for entry in manifest.entries(forRelativePath: relative, givenPath: path) { _ = options.apply(entry, source: "manifest") }
            let desc = EvemuReader.siblingDescription(of: path)
            let descBytes = desc.flatMap { FileManager.default.contents(atPath: $0) }.map { [UInt8]($0) }
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
            // A touchscreen without a resolution needs a scale (the manifest gives none on purpose).
            if (try? EvemuReader.readOracle(bytes, file: path, description: descBytes, descriptionFile: desc, options: options)) == nil {
                options.scaleUnitsPerMM = 10
            }
            out.append((path, bytes, desc, descBytes, options))
        }
        return out.sorted { $0.0 < $1.0 }
    }

    @Test func everyEvemuRecordingOfTheCorpusReadsAsTheOracleReadsIt() throws {
        let files = try Self.corpusEvemu()
        #expect(files.count >= 4, "found \(files.count) evemu recordings")
        for f in files {
            #expect(Self.compareEvemu(f.bytes, file: f.path, description: f.descBytes, descriptionFile: f.desc, options: f.options) == (true, true), "\(f.path): not read by the fast path")
            var hover = f.options
            hover.includeHover = true
            Self.compareEvemu(f.bytes, file: f.path, description: f.descBytes, descriptionFile: f.desc, options: hover)
            // Without its .desc or scale: the same error both ways (or the same trace).
            Self.compareEvemu(f.bytes, file: f.path)
            let crlf = f.bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] }
            #expect(Self.compareEvemu(crlf, file: f.path, description: f.descBytes, descriptionFile: f.desc, options: f.options) == (true, true))
        }
    }

    @Test func fuzzedEvemuRecordingsReadAsTheOracleReadsThem() throws {
        let files = try Self.corpusEvemu()
        let alphabet: [UInt8] = Array("0123456789abcdefABCDEF.:# \t\r\n-+EN".utf8) + [0xC3, 0xA9, 0xFF]
        let words = ["E: 0.000001 0003 0039 -1\n", "E: 0.5 0001 014a 0\n", "E: 9.999999 0000 0000 0000\n", "A: 00 0 100 0 0 0\n", "# Resolution 0\n"]
            .map { Array($0.utf8) }
        var rng = SplitMix64(seed: 1701)
        var fast = 0, readable = 0, cases = 0
        for f in files {
            // A window of each file keeps the cases quick; the header is kept.
            let bytes = Array(f.bytes.prefix(12_000))
            for c in 0..<400 {
                var b = bytes
                for _ in 0..<(1 + Int(rng.next() % 3)) {
                    let at = Int(rng.next() % UInt64(b.count))
                    switch rng.next() % 4 {
                    case 0: b[at] = alphabet[Int(rng.next() % UInt64(alphabet.count))]
                    case 1: b.insert(alphabet[Int(rng.next() % UInt64(alphabet.count))], at: at)
                    case 2: b.remove(at: at)
                    default:
                        let start = b[..<at].lastIndex(of: 0x0A).map { $0 + 1 } ?? 0
                        b.insert(contentsOf: words[Int(rng.next() % UInt64(words.count))], at: start)
                    }
                    if b.isEmpty { b = [0x45] }
                }
                cases += 1
                let r = Self.compareEvemu(b, file: f.path + ".fuzz\(c)", description: f.descBytes, descriptionFile: f.desc, options: f.options)
                if r.fast { fast += 1 }
                if r.oracle { readable += 1 }
            }
        }
        #expect(readable >= 100 && fast * 2 > readable, "the fast path read \(fast) of the \(readable) readable fuzzed files (of \(cases))")
    }
}
