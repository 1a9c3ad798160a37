/// The Linux evdev event types and codes the evemu reader uses (`linux/input-event-codes.h`),
/// by name.
enum Evdev {
    /// Event types.
    enum EventType {
        static let syn = 0x00
        static let key = 0x01
        static let abs = 0x03
    }

    /// `EV_SYN` codes.
    enum Syn {
        /// `SYN_REPORT`: the end of one frame of axis and key changes (one sample).
        static let report = 0x00
        /// `SYN_DROPPED`: the kernel's buffer overran and events were lost.
        static let dropped = 0x03
    }

    /// `EV_ABS` codes.
    enum Abs {
        static let x = 0x00
        static let y = 0x01
        static let pressure = 0x18
        static let tiltX = 0x1a
        static let tiltY = 0x1b
        static let mtSlot = 0x2f
        static let mtPositionX = 0x35
        static let mtPositionY = 0x36
        static let mtToolType = 0x37
        static let mtTrackingID = 0x39
    }

    /// `EV_KEY` codes.
    enum Key {
        /// `BTN_TOOL_PEN`, the first of the tool keys.
        static let toolPen = 0x140
        static let toolRubber = 0x141
        static let toolBrush = 0x142
        static let toolPencil = 0x143
        static let toolAirbrush = 0x144
        static let toolFinger = 0x145
        static let toolMouse = 0x146
        /// `BTN_TOOL_LENS`, the last of the tool keys `0x140...0x147`.
        static let toolLens = 0x147
        static let touch = 0x14a
        static let toolQuintTap = 0x148
        static let toolDoubleTap = 0x14d
        static let toolTripleTap = 0x14e
        static let toolQuadTap = 0x14f
    }

    /// `ABS_MT_TOOL_TYPE` values.
    enum MTTool {
        static let finger = 0
        static let pen = 1
        static let palm = 2
    }
}
