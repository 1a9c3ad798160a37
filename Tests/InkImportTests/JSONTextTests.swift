import Foundation
import InkImport
import InkSynthesis
import InkTestSupport
import Testing

/// `JSONValue`'s text and `JSONParser` against Foundation's `JSONSerialization`, the oracle of
/// what InkBrowser wrote and read before it left Foundation (the DevTools messages, the page's
/// answers, `bench browser`'s manifest): the same bytes for the same values, the same values
/// for the same text.
///
/// One difference is by design: `JSONSerialization`'s number parse on Linux is not correctly
/// rounded (`0.30000000000000004` reads as `0.3000000000000001`, `-0` as `0`, far exponents
/// off by more), while `JSONParser`'s gives `Double(text)` to the bit. Numbers read by
/// Foundation are therefore compared to 1e-12 relative, and ours to the bit against `Double(text)` (the parser's
/// `oracleNumbers` mode, and reading back the writer's own shortest round-trip text).
struct JSONTextTests {
    /// A value compared structurally: numbers by their bits, objects by key (the last of a
    /// repeated key, as both parsers keep).
    indirect enum Plain: Equatable, CustomStringConvertible {
        case null, bool(Bool), number(UInt64), string(String), array([Plain]), object([String: Plain])

        init(_ v: JSONValue) {
            switch v {
            case .null: self = .null
            case .bool(let b, _): self = .bool(b)
            case .number(let d, _): self = .number(d.bitPattern)
            case .numbers(let list, _): self = .array(list.map { .number($0.bitPattern) })
            case .string(let s, _): self = .string(s)
            case .array(let list, _): self = .array(list.map(Plain.init))
            case .object(let members, _):
                var out: [String: Plain] = [:]
                for m in members { out[m.key] = Plain(m.value) }
                self = .object(out)
            }
        }

        /// What `JSONSerialization.jsonObject` gives, as a plain value.
        init(foundation v: Any) {
            switch v {
            case is NSNull: self = .null
            case let s as String: self = .string(s)
            case let list as [Any]: self = .array(list.map { Plain(foundation: $0) })
            case let dict as [String: Any]: self = .object(dict.mapValues { Plain(foundation: $0) })
            case let n as NSNumber:
                // swift-corelibs-foundation's booleans are its own NSNumber subclass.
                if String(describing: type(of: n)).contains("Boolean") { self = .bool(n.boolValue) } else { self = .number(n.doubleValue.bitPattern) }
            default: self = .string("unexpected \(type(of: v))")
            }
        }

        /// Equal, but numbers only to 1e-12 relative (`-0` equal to `0`; below 1e-300, any).
        func close(to other: Plain) -> Bool {
            switch (self, other) {
            case (.number(let a), .number(let b)):
                let (x, y) = (Double(bitPattern: a), Double(bitPattern: b))
                return x == y || abs(x - y) <= 1e-12 * max(abs(x), abs(y)) || max(abs(x), abs(y)) < 1e-300
            case (.array(let a), .array(let b)): return a.count == b.count && zip(a, b).allSatisfy { $0.close(to: $1) }
            case (.object(let a), .object(let b)):
                return a.count == b.count && a.allSatisfy { key, value in b[key].map { value.close(to: $0) } ?? false }
            default: return self == other
            }
        }

        var description: String {
            switch self {
            case .null: "null"
            case .bool(let b): "\(b)"
            case .number(let bits): "\(Double(bitPattern: bits))"
            case .string(let s): "\"\(s)\""
            case .array(let list): "[" + list.map(\.description).joined(separator: ",") + "]"
            case .object(let dict): "{" + dict.keys.sorted().map { "\($0):\(dict[$0]?.description ?? "")" }.joined(separator: ",") + "}"
            }
        }
    }

    /// Random values of every kind: keys of lowercase letters and `_` (what bench writes; the
    /// writer sorts by bytes, JSONSerialization its own way, which agree on these), strings with
    /// quotes, slashes, backslashes, control characters and non-ASCII, numbers from random bits
    /// and the edge cases, empty and nested containers.
    struct Generator {
        var rng: SplitMix64

        mutating func below(_ n: Int) -> Int { Int(rng.next() % UInt64(n)) }

        mutating func key() -> String {
            let letters = Array("abcdefghijklmnopqrstuvwxyz_")
            return String((0...below(8)).map { _ in letters[below(letters.count)] })
        }

        mutating func string() -> String {
            let pool: [Unicode.Scalar] = ["a", "Z", "0", " ", "\"", "\\", "/", "\n", "\r", "\t", "\u{8}", "\u{C}", "\u{1}", "\u{1F}", "\u{7F}", "é", "µ", "\u{2028}", "😀", "#", "'"]
            var s = String.UnicodeScalarView()
            for _ in 0..<below(12) { s.append(pool[below(pool.count)]) }
            return String(s)
        }

        mutating func number() -> Double {
            let special: [Double] = [0, -0.0, 1, -1, 2, 0.5, 1e-7, 1e20, 1e15, 1e16, 0.1 + 0.2, 123456789.123, Double.leastNonzeroMagnitude, Double.greatestFiniteMagnitude, 9007199254740991]
            switch below(4) {
            case 0: return special[below(special.count)]
            case 1: return Double(below(2_000_001) - 1_000_000)
            case 2: return Double(below(1_000_000)) / 1000
            default:
                while true {
                    let d = Double(bitPattern: rng.next())
                    if d.isFinite { return d }
                }
            }
        }

        /// A value and the same for JSONSerialization (integers below 2^53 sometimes as `Int`,
        /// as the manifest holds counts).
        mutating func value(depth: Int) -> (JSONValue, Any) {
            switch below(depth >= 4 ? 5 : 7) {
            case 0: return (nil, NSNull())
            case 1:
                let b = below(2) == 0
                return (.bool(b), b)
            case 2, 3:
                let d = number()
                if d == d.rounded(), abs(d) < 9007199254740992, d != 0 || d.sign == .plus, below(2) == 0 { return (.number(d), Int(d)) }
                return (.number(d), d)
            case 4:
                let s = string()
                return (.string(s), s)
            case 5:
                var values: [JSONValue] = [], anys: [Any] = []
                for _ in 0..<below(5) {
                    let (v, a) = value(depth: depth + 1)
                    values.append(v)
                    anys.append(a)
                }
                return (.array(values), anys)
            default:
                var members: [(key: String, value: JSONValue)] = [], dict: [String: Any] = [:]
                for _ in 0..<below(5) {
                    let k = key()
                    guard dict[k] == nil else { continue }
                    let (v, a) = value(depth: depth + 1)
                    members.append((k, v))
                    dict[k] = a
                }
                return (.object(members), dict)
            }
        }
    }

    static func foundationText(_ object: Any, pretty: Bool) throws -> [UInt8] {
        Array(try JSONSerialization.data(withJSONObject: object, options: pretty ? [.prettyPrinted, .sortedKeys, .fragmentsAllowed] : [.sortedKeys, .fragmentsAllowed]))
    }

    @Test("the writer's text is JSONSerialization's, byte for byte, pretty and compact with sorted keys, on 3,000 random values")
    func textMatchesJSONSerialization() throws {
        var g = Generator(rng: SplitMix64(seed: 28))
        var checked = 0
        for _ in 0..<3000 {
            let (value, object) = g.value(depth: 0)
            for pretty in [true, false] {
                let ours = try value.text(pretty: pretty, sortedKeys: true)
                let theirs = try Self.foundationText(object, pretty: pretty)
                #expect(ours == theirs, "\(String(decoding: ours, as: UTF8.self)) vs \(String(decoding: theirs, as: UTF8.self))")
                if ours != theirs { return }
                // And it reads back as the same value, by both parsers.
                let back = try JSONParser.parse(ours, file: "generated")
                #expect(Plain(back) == Plain(value))
                let foundationBack = try JSONSerialization.jsonObject(with: Data(ours), options: [.fragmentsAllowed])
                #expect(Plain(foundation: foundationBack).close(to: Plain(value)))
                checked += 1
            }
        }
        #expect(checked == 6000)
    }

    @Test("bench browser's manifest shape: JSONSerialization's pretty, sorted text")
    func manifestShape() throws {
        let value: JSONValue = [
            "tool": "bench browser", "input": "/tmp/a b/in.csv", "output": "out/x.csv",
            "chromium": ["path": "/usr/bin/chromium", "flags": ["--headless=new", "--window-size=1000,800"], "version": "Chromium 142"],
            "replay": [
                "px_per_mm": .number(160 / 25.4), "offset_px": [-12.0, 40.5], "viewport_px": [1000, 800], "cross_origin_isolated": true,
                "device_pixel_ratio": 1, "timing_spread_us": .number(4.999999999999999), "empty": [:], "none": [],
            ],
            "strokes": 2, "wall_seconds": .number(1.2345),
        ]
        let object: [String: Any] = [
            "tool": "bench browser", "input": "/tmp/a b/in.csv", "output": "out/x.csv",
            "chromium": ["path": "/usr/bin/chromium", "flags": ["--headless=new", "--window-size=1000,800"], "version": "Chromium 142"],
            "replay": [
                "px_per_mm": 160 / 25.4, "offset_px": [-12.0, 40.5], "viewport_px": [1000, 800], "cross_origin_isolated": true,
                "device_pixel_ratio": 1, "timing_spread_us": 4.999999999999999, "empty": [String: Any](), "none": [Any](),
            ],
            "strokes": 2, "wall_seconds": 1.2345,
        ]
        #expect(try value.text(pretty: true, sortedKeys: true) == Self.foundationText(object, pretty: true))
    }

    @Test("the parser gives JSONSerialization's values (numbers: Double(text)'s bits) on every JSON file of the project's data")
    func parseMatchesJSONSerializationOnTheData() throws {
        let root = Requirement.packageRoot + "/Datasets"
        let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".json") }.sorted()
        #expect(files.count >= 20)
        for file in files {
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: root + "/" + file)))
            let ours = try JSONParser.parse(bytes, file: file)
            let theirs = try JSONSerialization.jsonObject(with: Data(bytes), options: [.fragmentsAllowed])
            #expect(Plain(ours).close(to: Plain(foundation: theirs)), "\(file)")
            #expect(Plain(ours) == Plain(try JSONParser.parse(bytes, file: file, oracleNumbers: true)), "\(file)")
        }
    }

    @Test("a number JSON cannot hold is refused with its path; strings quote as the writer writes them")
    func nonFiniteAndQuoting() {
        let value: JSONValue = ["a": [1, ["b": .number(.nan)]]]
        #expect(throws: JSONValue.NonFiniteNumber.self) { try value.text() }
        do {
            _ = try value.text()
        } catch {
            #expect(error.path == "a[1].b" && error.value == "NaN")
        }
        #expect(JSONValue.quoted("a/b\"\u{1}") == #""a\/b\"\u0001""#)
        #expect(JSONValue.quoted("a/b", escapingSlashes: false) == #""a/b""#)
    }
}
