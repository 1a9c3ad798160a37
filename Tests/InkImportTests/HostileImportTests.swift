import Foundation
import InkImport
import InkTraces
import Testing

/// Issue 29, hostile inputs 1, 8, 9 and 14 (readers): values that trapped, were taken for
/// another type, or were refused with a message that named the wrong thing.
@Suite("Hostile inputs: MobileHCI logs and capture JSON")
struct HostileImportTests {
    static func rows(_ text: String) throws(ImportError) -> [MobileHCI17Reader.Row] {
        try MobileHCI17Reader.readRows(Array(text.utf8), file: "log.txt")
    }

    @Test("an action column of 1e300, 9.3e18 or -9.3e18 is refused with the line, not a trap", arguments: ["1e300", "9.3e18", "-9.3e18", "1.5"])
    func hugeAction(_ action: String) {
        let text = "1;2;3;4;0.4;0\n1;3;3;4;0.4;\(action)\n"
        let error = #expect(throws: ImportError.self) { try Self.rows(text) }
        #expect(error?.line == 2)
        #expect(error?.message.contains("expected 0 (down), 2 (move) or 1 (up)") == true)
        #expect(throws: ImportError.self) {
            try MobileHCI17Reader.read(Array(text.utf8), file: "log.txt", options: ImportOptions(scaleUnitsPerMM: 10))
        }
    }

    @Test("positions of 1e308 or 1e307 px and times of 1e17 ms are refused with the limit")
    func limits() {
        let x = #expect(throws: ImportError.self) { try Self.rows("1;2;1e308;4;0.4;0\n") }
        #expect(x?.message.contains("x 1e308 px is outside") == true)
        #expect(throws: ImportError.self) { try Self.rows("1;2;3;1e307;0.4;0\n") }
        let t = #expect(throws: ImportError.self) { try Self.rows("1;2;3;4;0.4;0\n1;1e17;3;4;0.4;2\n") }
        #expect(t?.line == 2 && t?.message.contains("event time") == true)
        // A real log's values pass.
        #expect((try? Self.rows("1396861391620;23810324;1079;1919;0.4;0\n")) != nil)
    }

    static func capture(_ header: String = #""version":1,"pxPerMm":6.3,"calibrated":true"#, samples: String) -> [UInt8] {
        Array(#"{"format":"inkbench-capture",\#(header),"strokes":[{"pointerType":"pen","samples":[\#(samples)]}]}"#.utf8)
    }

    static func read(_ bytes: [UInt8]) throws(ImportError) -> Trace { try PointerEventsReader.read(bytes, file: "cap.json") }

    @Test("capture values of the wrong JSON type are refused, naming the field and what it was")
    func noCoercion() {
        let x = #expect(throws: ImportError.self) { try Self.read(Self.capture(samples: "[0,false,1],[8,2,2]")) }
        #expect(x?.message.contains("stroke 0 sample 0: x is false; expected a number") == true)
        let p = #expect(throws: ImportError.self) { try Self.read(Self.capture(samples: "[0,1,1,true],[8,2,2,0.5]")) }
        #expect(p?.message.contains("pressure is true") == true)
        let t = #expect(throws: ImportError.self) { try Self.read(Self.capture(samples: "[true,1,1],[8,2,2]")) }
        #expect(t?.message.contains("timeStamp is true") == true)
        for header in [#""version":1,"pxPerMm":true"#, #""version":1,"pxPerMm":1e300"#] {
            let e = #expect(throws: ImportError.self) { try Self.read(Self.capture(header, samples: "[0,1,1],[8,2,2]")) }
            #expect(e?.message.contains("'pxPerMm' is") == true)
        }
        for (version, shown) in [("1.5", "1.5"), ("true", "true"), (#""1""#, #"the string "1""#)] {
            let e = #expect(throws: ImportError.self) { try Self.read(Self.capture(#""version":\#(version),"pxPerMm":6.3"#, samples: "[0,1,1],[8,2,2]")) }
            #expect(e?.message.contains("'version' is \(shown); expected the number 1") == true)
        }
    }

    @Test("pressure outside 0...1 on one sample names the sample and the range")
    func pressureRange() {
        for p in ["5", "-1"] {
            let e = #expect(throws: ImportError.self) { try Self.read(Self.capture(samples: "[0,1,1,0.5],[8,2,2,\(p)]")) }
            #expect(e?.message.contains("stroke 0 sample 1: pressure is \(Double(p) ?? 0); expected a number from 0 to 1") == true)
        }
    }

    @Test("an uncalibrated capture's notice states the scale used")
    func uncalibratedNotice() throws {
        let trace = try Self.read(Self.capture(#""version":1,"pxPerMm":6.3,"calibrated":false"#, samples: "[0,1,1],[8,2,2],[16,3,3]"))
        let notice = try #require(trace.notices.first { $0.contains("CSS px per mm") })
        #expect(notice.hasPrefix("scale 6.3 CSS px per mm from the capture's pxPerMm, which was not calibrated"))
        #expect(abs(trace.strokes[0].x[2] - 3 / 6.3) < 1e-12)
    }
}
