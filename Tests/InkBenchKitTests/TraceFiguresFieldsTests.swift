import InkFigures
import InkMetrics
import Testing

/// `TraceFigures.fields` is the one list of the struct's stored properties (the shard files and
/// the benchmarks' dump iterate it), and it agrees with the figure registry by name.
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

    @Test func everyNumberFieldIsARegisteredFigureReadFromIt() throws {
        let f = Self.distinctFigures()
        for field in TraceFigures.fields {
            guard case .number(let k) = field.storage else { continue }
            let figure = try #require(Figure.named(field.name), "field \(field.name) is not in Figure.all")
            #expect(figure.value(f) == f[keyPath: k], "Figure \(figure.name) reads another field")
        }
        #expect(Figure.perceivedLatency.value(f) == f.perceivedLatencyMs)
        #expect(Figure.latencyRemoved.value(f) == f.latencyRemovedMs)
    }
}
