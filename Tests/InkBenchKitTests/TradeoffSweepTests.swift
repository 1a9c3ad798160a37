import InkSynthesis
import Testing

@testable import InkBaseline
@testable import InkFigures

/// Issue 29, hostile item 12: the trade-off reading's O(n log n) search (`DominanceSweep`)
/// gives exactly the pairwise search's front and sentences (the oracle) on random records:
/// ties, values within and just beyond the tolerances, negative latencies, empty cells,
/// strategies that ran on fewer traces or lack a suite-mean row, and relative tolerances.
@Suite("Trade-off reading: sweep against pairwise")
struct TradeoffSweepTests {
    /// A random record: `count` strategies over up to 5 traces, values on a coarse grid so
    /// that ties and differences at the tolerance occur often.
    static func record(_ rng: inout SplitMix64, count: Int, groups: Bool, empties: Bool) -> BenchRecord {
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        let traceCount = 1 + below(5)
        let traces = (0..<traceCount).map { "t\($0)" }
        let latencyName = Figure.perceivedLatency.name, p95Name = Figure.overshootP95.name
        var names: [String] = []
        var rows: [BenchRecord.Row] = []
        var means: [BenchRecord.Row] = []
        for k in 0..<count {
            let name = k == 0 && below(2) == 0 ? "none" : "s\(k)"
            names.append(name)
            // Most strategies run every trace; with groups, some run a subset.
            var ran = traces
            if groups && below(4) == 0 { ran = traces.filter { _ in below(2) == 0 } }
            if ran.isEmpty { ran = [traces[below(traces.count)]] }
            func values() -> [String: Double] {
                var v: [String: Double] = [:]
                if !(empties && below(12) == 0) { v[latencyName] = Double(below(41) - 8) * 0.25 }
                if !(empties && below(12) == 0) { v[p95Name] = Double(below(40)) * 0.025 }
                v[Figure.latencyRemoved.name] = Double(below(100)) * 0.1
                v["end_overshoot_mean_mm"] = Double(below(10)) * 0.1
                return v
            }
            for t in ran {
                rows.append(BenchRecord.Row(trace: t, strategy: name, frames: 100, values: values(), inSuiteMean: !(groups && below(10) == 0)))
            }
            if !(groups && below(6) == 0) {
                means.append(BenchRecord.Row(trace: BenchRecord.suiteMeanTrace, strategy: name, frames: nil, values: values()))
            }
        }
        return BenchRecord(
            source: "random", toolVersion: nil, suite: nil, seeds: nil, timing: [], strategies: names.map { .init(name: $0, parameters: []) },
            traces: traces, figures: Figure.all.map(\.name), rows: rows + means)
    }

    /// Both searches on `record`; the sweep must not have fallen back.
    static func agree(_ record: BenchRecord, _ tolerances: ToleranceTable, _ label: String) {
        let sweep = TradeoffReading(record: record, tolerances: tolerances, search: .sweep)
        let pairwise = TradeoffReading(record: record, tolerances: tolerances, search: .pairwise)
        #expect(sweep.searched == .sweep, "\(label): the sweep fell back to pairs")
        #expect(pairwise.searched == .pairwise)
        #expect(sweep.front == pairwise.front, "\(label)")
        #expect(sweep.sentences.map(\.strategy) == pairwise.sentences.map(\.strategy), "\(label)")
        for (a, b) in zip(sweep.sentences, pairwise.sentences) where a.text != b.text {
            Issue.record("\(label), \(a.strategy):\n sweep:    \(a.text)\n pairwise: \(b.text)")
        }
    }

    @Test("one trace set, suite means: the same front and readings", arguments: 0..<6)
    func sameTraces(_ seed: UInt64) {
        var rng = SplitMix64(seed: 0xA11CE + seed)
        for round in 0..<40 {
            let count = 2 + Int(rng.next() % 40)
            let record = Self.record(&rng, count: count, groups: false, empties: false)
            Self.agree(record, ToleranceTable(), "seed \(seed) round \(round)")
        }
    }

    @Test("different trace sets, missing suite means, empty cells, relative tolerances", arguments: 0..<6)
    func mixed(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0xB0B + seed)
        var tolerances = ToleranceTable()
        try tolerances.apply(option: "overshoot_p95_mm=0.02,10%")
        try tolerances.apply(option: "perceived_latency_ms=0.25,5%")
        for round in 0..<40 {
            let count = 2 + Int(rng.next() % 30)
            let record = Self.record(&rng, count: count, groups: true, empties: true)
            Self.agree(record, round % 2 == 0 ? ToleranceTable() : tolerances, "seed \(seed) round \(round)")
        }
    }

    /// tune's front (`Dominance.front`, swept) against every pair (`Dominance.pairwiseFront`).
    @Test("tune's front: swept and pairwise agree", arguments: 0..<4)
    func tuneFront(_ seed: UInt64) throws {
        var rng = SplitMix64(seed: 0x7E5 + seed)
        func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }
        var tolerances = ToleranceTable()
        try tolerances.apply(option: "overshoot_p95_mm=0.03,4%")
        for round in 0..<60 {
            let count = 1 + below(300)
            let points: [(strategy: String, values: [String: Double])] = (0..<count).map { i in
                var v: [String: Double] = [:]
                if below(20) != 0 { v[Figure.perceivedLatency.name] = Double(below(81) - 16) * 0.125 }
                if below(20) != 0 { v[Figure.overshootP95.name] = Double(below(60)) * 0.0125 }
                return (String(i), v)
            }
            let table = round % 2 == 0 ? ToleranceTable() : tolerances
            #expect(Dominance.front(points, tolerances: table) == Dominance.pairwiseFront(points, tolerances: table), "seed \(seed) round \(round)")
        }
    }

    @Test("a non-finite figure: the sweep steps aside and the pairwise answer stands")
    func nonFinite() {
        var rng = SplitMix64(seed: 7)
        var record = Self.record(&rng, count: 6, groups: false, empties: false)
        guard let k = record.rows.firstIndex(where: \.isSuiteMean) else {
            Issue.record("the record has no suite-mean row")
            return
        }
        record.rows[k].values[Figure.overshootP95.name] = .infinity
        let sweep = TradeoffReading(record: record, search: .sweep)
        #expect(sweep.searched == .pairwise)
        #expect(sweep.front == TradeoffReading(record: record, search: .pairwise).front)
    }
}
