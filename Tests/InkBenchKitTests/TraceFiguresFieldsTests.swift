import InkFigures
import InkMetrics
import Testing

/// `TraceFigures.fields` is the one list of the struct's stored properties (the shard files and
/// the benchmarks' dump iterate it), and its figure fields and the figure registry match both
/// ways.
@Suite struct TraceFiguresFieldsTests {
    /// Sets every field to a value of its own through its key path, so a field missing from the
    /// list, or two entries naming the same property, shows up.
    static func distinctFigures() -> TraceFigures {
        var f = TraceFigures()
        for (i, field) in TraceFigures.fields.enumerated() {
            switch field.storage {
            case .count(let k): f[keyPath: k] = 1000 + i
            case .optionalCount(let k): f[keyPath: k] = 1000 + i
            case .flag(let k): f[keyPath: k] = true
            case .number(let k): f[keyPath: k] = 1000.5 + Double(i)
            }
        }
        return f
    }

    @Test func everyStoredPropertyIsListedOnce() {
        let properties = Mirror(reflecting: TraceFigures()).children.compactMap(\.label)
        #expect(properties.count == TraceFigures.fields.count, "TraceFigures has \(properties.count) stored properties; fields lists \(TraceFigures.fields.count)")
        #expect(Set(TraceFigures.fields.map(\.name)).count == TraceFigures.fields.count, "a column name appears twice")
        // Every property was set by exactly one entry: none is left at its default.
        let set = Mirror(reflecting: Self.distinctFigures()).children.map { "\($0.value)" }
        let defaults = Mirror(reflecting: TraceFigures()).children.map { "\($0.value)" }
        for (i, label) in properties.enumerated() {
            #expect(set[i] != defaults[i], "TraceFigures.\(label) is not in TraceFigures.fields")
        }
    }

    /// The mismatches between `TraceFigures`' figure fields and the registry's entries, both
    /// ways: a figure field no entry reads, an entry reading no figure field, two entries
    /// reading the same field.
    static func mismatches(fields: [TraceFigures.Field], figures: [Figure]) -> [String] {
        let figureFields = fields.filter(\.isFigure).map(\.name)
        let read = figures.map(\.field)
        var out: [String] = []
        for name in figureFields where !read.contains(name) { out.append("TraceFigures field \(name) has no Figure.all entry") }
        for f in figures where !figureFields.contains(f.field) {
            out.append("Figure \(f.name) reads '\(f.field)', which is not a figure field of TraceFigures.fields")
        }
        for name in Set(read) where read.filter({ $0 == name }).count > 1 { out.append("two figures read \(name)") }
        return out
    }

    /// Every figure field of `TraceFigures` has exactly one registry entry and every entry
    /// reads one: adding a figure is its computation (a `TraceFigures` field the accumulator
    /// sets) and its registry entry, and forgetting either fails here.
    @Test func figureFieldsAndRegistryEntriesMatchBothWays() {
        #expect(Self.mismatches(fields: TraceFigures.fields, figures: Figure.all) == [])
    }

    /// The guard can fail: a registry without one entry, or fields without one figure field,
    /// are both reported, naming what is missing.
    @Test func theGuardReportsAMissingSide() {
        let dropped = Figure.all.filter { $0.name != "jitter_rms_mm" }
        #expect(Self.mismatches(fields: TraceFigures.fields, figures: dropped) == ["TraceFigures field jitter_rms_mm has no Figure.all entry"])
        let fewer = TraceFigures.fields.filter { $0.name != "perceived_latency_tenths_ms" }
        #expect(
            Self.mismatches(fields: fewer, figures: Figure.all)
                == ["Figure perceived_latency_ms reads 'perceived_latency_tenths_ms', which is not a figure field of TraceFigures.fields"])
        #expect(Self.mismatches(fields: TraceFigures.fields, figures: Figure.all + [Figure.overshootP95]) == ["two figures read overshoot_p95_mm"])
    }

    /// Each entry reads its own field's value (a number as stored, tenths / 10).
    @Test func everyFigureReadsItsField() throws {
        let f = Self.distinctFigures()
        for figure in Figure.all {
            let field = try #require(TraceFigures.field(named: figure.field), "\(figure.name)")
            let v = figure.value(f)
            #expect(v != nil && v == field.figureValue(in: f), "Figure \(figure.name) reads another field")
        }
        #expect(Figure.perceivedLatency.value(f) == f.perceivedLatencyMs)
        #expect(Figure.latencyRemoved.value(f) == f.latencyRemovedMs)
        #expect(Figure.overshootP95.value(f) == f.overshootP95MM)
    }
}
