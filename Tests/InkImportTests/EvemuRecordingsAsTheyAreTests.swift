import Foundation
import InkTraces
import Testing

@testable import InkImport

/// Issue 18, cases 14, 15 and 17: evemu recordings as real tools write them. Small synthetic
/// files made here (no copies of shared data).
struct EvemuRecordingsAsTheyAreTests {
    static func utf8(_ s: String) -> [UInt8] { Array(s.utf8) }

    /// An EVEMU 1.1 file: the resolution only in the `#` header, four numbers on the `A:` lines.
    static let evemu11 = """
        # EVEMU 1.1
        # Input device name: "Old Pen"
        # Supported events:
        #   Event type 0 (EV_SYN)
        #     Event code 0 (SYN_REPORT)
        #   Event type 3 (EV_ABS)
        #     Event code 0 (ABS_X)
        #       Value        0
        #       Min          0
        #       Max      44704
        #       Fuzz         4
        #       Flat         0
        #       Resolution 200
        #     Event code 1 (ABS_Y)
        #       Value        0
        #       Min          0
        #       Max      27940
        #       Fuzz         4
        #       Flat         0
        #       Resolution 100
        N: Old Pen
        A: 00 0 44704 4 0
        A: 01 0 27940 4 0
        E: 0.000000 0003 0000 2000
        E: 0.000000 0003 0001 1000
        E: 0.000000 0001 014a 1
        E: 0.000000 0000 0000 0
        E: 0.005000 0003 0000 2100
        E: 0.005000 0000 0000 0
        E: 0.010000 0003 0000 2200
        E: 0.010000 0000 0000 0

        """

    /// Case 14: the header's resolution is used (200 units/mm on x, 100 on y) and a notice says so.
    @Test func evemu11HeaderResolution() throws {
        let trace = try EvemuReader.read(Self.utf8(Self.evemu11), file: "old.events")
        #expect(trace.strokes[0].x == [10, 10.5, 11])
        #expect(trace.strokes[0].y == [10, 10, 10])
        #expect(trace.notices.contains { $0.contains("ABS_X 200 units/mm from the '# Resolution' header comment (old.events line 13)") })
    }

    /// Case 14: an `A:` line's own resolution wins over the header, and the notice says "A: line".
    @Test func axisLineResolutionNamed() throws {
        let text = Self.evemu11.replacingOccurrences(of: "A: 00 0 44704 4 0\n", with: "A: 00 0 44704 4 0 400\n")
        let trace = try EvemuReader.read(Self.utf8(text), file: "new.events")
        #expect(trace.strokes[0].x == [5, 5.25, 5.5])
        #expect(trace.notices.contains { $0.contains("ABS_X 400 units/mm from the A: line") })
    }

    /// Case 15: the `.desc` whose name prefixes the recording's at a word boundary, the longest one.
    @Test func descriptionFoundByWordPrefix() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("inkbench-desc-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["Wacom Bamboo 16FG 4x5 Finger.desc", "Wacom Bamboo.desc", "Wacom Bamboo 16FG 4x5 Fing.desc"] {
            try "N: x\n".write(toFile: "\(folder)/\(name)", atomically: true, encoding: .utf8)
        }
        let recording = "\(folder)/Wacom Bamboo 16FG 4x5 Finger single-center-circle.events"
        #expect(EvemuReader.siblingDescription(of: recording) == "\(folder)/Wacom Bamboo 16FG 4x5 Finger.desc")
        #expect(EvemuReader.siblingDescription(of: "\(folder)/Wacom Bamboo 16FG 4x5 Finger.2.events") == "\(folder)/Wacom Bamboo 16FG 4x5 Finger.desc")
        #expect(EvemuReader.siblingDescription(of: "\(folder)/Wacom Bamboox.events") == nil)
        #expect(EvemuReader.siblingDescription(of: "\(folder)/Wacom Bamboo.events") == "\(folder)/Wacom Bamboo.desc")
    }

    /// Two fingers on a multitouch panel (16 units/mm on x, 26 on y by the A: lines).
    static let twoFingers = """
        # EVEMU 1.3
        N: Test Touch
        A: 00 0 4095 0 0 0
        A: 01 0 4095 0 0 0
        A: 2f 0 9 0 0 0
        A: 35 0 4095 0 0 16
        A: 36 0 4095 0 0 26
        A: 39 0 65535 0 0 0
        E: 0.000000 0003 002f 0
        E: 0.000000 0003 0039 11
        E: 0.000000 0003 0035 1600
        E: 0.000000 0003 0036 2600
        E: 0.000000 0003 0000 1600
        E: 0.000000 0003 0001 2600
        E: 0.000000 0001 014a 1
        E: 0.000000 0000 0000 0
        E: 0.010000 0003 002f 1
        E: 0.010000 0003 0039 12
        E: 0.010000 0003 0035 3200
        E: 0.010000 0003 0036 520
        E: 0.010000 0000 0000 0
        E: 0.020000 0003 002f 0
        E: 0.020000 0003 0035 1616
        E: 0.020000 0003 002f 1
        E: 0.020000 0003 0035 3216
        E: 0.020000 0000 0000 0
        E: 0.030000 0003 002f 0
        E: 0.030000 0003 0039 -1
        E: 0.030000 0003 002f 1
        E: 0.030000 0003 0035 3232
        E: 0.030000 0003 0000 3232
        E: 0.030000 0003 0001 520
        E: 0.030000 0000 0000 0
        E: 0.040000 0003 0039 -1
        E: 0.040000 0001 014a 0
        E: 0.040000 0000 0000 0

        """

    /// Case 17: each tracking id is a stroke of its own; the single-touch X/Y (which jump to
    /// the other finger when the first lifts) are not used.
    @Test func multitouchSlots() throws {
        let trace = try EvemuReader.read(Self.utf8(Self.twoFingers), file: "touch.events")
        #expect(trace.strokes.count == 2)
        #expect(trace.strokes.allSatisfy { $0.tool == .finger })
        #expect(trace.strokes[0].x == [100, 101])
        #expect(trace.strokes[0].y == [100, 100])
        #expect(trace.strokes[1].x == [200, 201, 202])
        #expect(trace.strokes[1].y == [20, 20, 20])
        #expect(trace.notices.contains { $0.contains("multitouch: 2 contacts") })
    }

    /// A pen on a multitouch panel: a slot with `ABS_MT_TOOL_TYPE` = `MT_TOOL_PEN` (1) is a pen
    /// stroke, the other slot (`MT_TOOL_FINGER`) a finger; the notice counts each.
    @Test func multitouchToolTypePerSlot() throws {
        let text = Self.twoFingers
            .replacingOccurrences(of: "A: 39 0 65535 0 0 0\n", with: "A: 37 0 2 0 0 0\nA: 39 0 65535 0 0 0\n")
            .replacingOccurrences(of: "E: 0.000000 0003 0039 11\n", with: "E: 0.000000 0003 0039 11\nE: 0.000000 0003 0037 1\n")
            .replacingOccurrences(of: "E: 0.010000 0003 0039 12\n", with: "E: 0.010000 0003 0039 12\nE: 0.010000 0003 0037 0\n")
        let trace = try EvemuReader.read(Self.utf8(text), file: "pen-and-finger.events")
        #expect(trace.strokes.map(\.tool) == [.pen, .finger])
        #expect(trace.notices.contains { $0.contains("multitouch: 2 contacts") && $0.contains("1 pen, 1 finger") })
    }

    /// Without a tool type per slot: a `BTN_TOOL_*` key down when the contact starts names the
    /// tool (rubber: eraser; pen: pen), and a description that declares a pen tool key and no
    /// finger key makes its contacts pens.
    @Test func multitouchToolFromKeysAndDescription() throws {
        let rubber = Self.twoFingers.replacingOccurrences(
            of: "E: 0.000000 0001 014a 1\n", with: "E: 0.000000 0001 014a 1\nE: 0.000000 0001 0141 1\n")
        let erased = try EvemuReader.read(Self.utf8(rubber), file: "rubber.events")
        #expect(erased.strokes.map(\.tool) == [.eraser, .eraser])

        // B: 01 lines: byte 40 bit 0 is BTN_TOOL_PEN (0x140); byte 41 bit 2 is BTN_TOUCH (0x14a).
        let zeros8 = " 00 00 00 00 00 00 00 00"
        var keyLines = Array(repeating: "B: 01" + zeros8, count: 5)  // bytes 0-39
        keyLines.append("B: 01 01 04 00 00 00 00 00 00")  // bytes 40-47
        let penDescription = keyLines.joined(separator: "\n") + "\n"
        let penPanel = Self.twoFingers.replacingOccurrences(of: "N: Test Touch\n", with: "N: Test Pen Panel\n" + penDescription)
        let pens = try EvemuReader.read(Self.utf8(penPanel), file: "pen-panel.events")
        #expect(pens.strokes.map(\.tool) == [.pen, .pen])
        #expect(EvemuReader.declaredKeys(try TextLines(bytes: Self.utf8(penDescription), file: "d")) == [0x140, 0x14a])

        // The same device declaring BTN_TOOL_FINGER too (byte 40 bit 5): fingers, as before.
        let both = penPanel.replacingOccurrences(of: "B: 01 01 04", with: "B: 01 21 04")
        #expect(try EvemuReader.read(Self.utf8(both), file: "both.events").strokes.map(\.tool) == [.finger, .finger])
    }

    /// Case 17: a single-touch stroke with a jump no finger makes (43 mm in 10 ms) is split, with
    /// a notice naming the threshold and the line.
    @Test func impossibleJumpSplits() throws {
        let text = """
            # EVEMU 1.3
            A: 00 0 4095 0 0 10
            A: 01 0 4095 0 0 10
            E: 0.000000 0003 0000 100
            E: 0.000000 0003 0001 100
            E: 0.000000 0001 014a 1
            E: 0.000000 0000 0000 0
            E: 0.010000 0003 0000 110
            E: 0.010000 0000 0000 0
            E: 0.020000 0003 0000 540
            E: 0.020000 0000 0000 0
            E: 0.030000 0003 0000 550
            E: 0.030000 0000 0000 0

            """
        let trace = try EvemuReader.read(Self.utf8(text), file: "jump.events")
        #expect(trace.strokes.count == 2)
        #expect(trace.strokes.map(\.count) == [2, 2])
        #expect(trace.notices.contains { $0.contains("jumps over 25 mm faster than 2.5 m/s") && $0.contains("line 11") })
    }
}
