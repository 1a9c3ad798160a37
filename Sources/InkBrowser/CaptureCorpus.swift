#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif
import InkImport
import InkOutput
import InkTraces

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder of uploaded captures (`bench capture --serve --into DIR`): each upload is checked
/// with the capture reader, written whole (temporary file, then rename) as one file named by
/// its time and device, and described by a section of the folder's `inkbench.manifest` (the
/// device the user typed, and the page's calibration), which `bench --traces DIR` reads.
///
/// ```
/// DIR/20261127T071205.123Z-ipad-pro-11.json
/// DIR/inkbench.manifest:
///   [20261127T071205.123Z-ipad-pro-11.json]
///   device = iPad Pro 11
///   note = uploaded 2026-11-27T07:12:05.123Z; 6.2992 CSS px per mm, calibrated (credit card 85.6 mm = 539.2 CSS px)
/// ```
///
/// A capture that any rule of ``/InkImport/InkCaptureReader`` refuses, or that is over ``maxCaptureBytes``,
/// or whose device is empty or holds characters the manifest cannot keep, writes nothing.
public struct CaptureCorpus: Sendable {
    /// The path `bench capture --serve` takes uploads on: `POST /captures?device=NAME`.
    public static let uploadPath = "/captures"
    /// The path the page asks whether uploads are on (`GET`, JSON `{"uploads": true, ...}`).
    public static let infoPath = "/captures/info"
    /// The longest device name kept (characters).
    public static let maxDeviceCharacters = 80

    /// The folder.
    public let folder: String
    /// The largest capture taken (bytes); also the server's body limit.
    public let maxCaptureBytes: Int

    /// What was saved.
    public struct Saved: Sendable, Equatable {
        /// The file's name in the folder.
        public var fileName: String
        public var strokes: Int
        public var samples: Int
        public var bytes: Int
    }

    /// Uses `folder`, creating it when missing.
    ///
    /// - Throws: ``BrowserError`` when the folder cannot be made.
    public init(folder: String, maxCaptureBytes: Int = RecordingLoader.defaultMaxFileBytes) throws(BrowserError) {
        do { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) } catch {
            throw BrowserError("--into \(folder): cannot make the folder (\(ErrorReason.text(error))); expected a writable path")
        }
        self.folder = folder
        self.maxCaptureBytes = maxCaptureBytes
    }

    /// Why an upload was refused: an HTTP status (4xx: the upload; 500: the folder) and the message.
    public struct Refusal: Error, Sendable, Equatable {
        public var status: Int
        public var message: String
    }

    /// Checks and saves one capture.
    ///
    /// - Parameters:
    ///   - bytes: the page's export.
    ///   - rawDevice: the device the user typed (1 to ``maxDeviceCharacters`` letters, digits,
    ///     spaces and `- _ . , ( ) + / ' &`).
    ///   - now: the upload's time, which names the file.
    /// - Throws: ``Refusal``; nothing is written then.
    public func save(_ bytes: [UInt8], device rawDevice: String, now: Date = Date()) throws(Refusal) -> Saved {
        guard bytes.count <= maxCaptureBytes else {
            throw Refusal(status: 413, message: "the capture is \(bytes.count) bytes; expected at most \(maxCaptureBytes)")
        }
        let device = try Self.checkDevice(rawDevice)
        let stamp = Self.stamp(now)
        var name = "\(stamp.file)-\(Self.slug(device)).json"
        var n = 2
        while FileManager.default.fileExists(atPath: path(name)) {
            name = "\(stamp.file)-\(Self.slug(device))-\(n).json"
            n += 1
        }
        let read: (trace: Trace, calibration: InkCaptureReader.Calibration)
        do throws(ImportError) { read = try InkCaptureReader.read(bytes: bytes, file: name, maxBytes: maxCaptureBytes) } catch {
            throw Refusal(status: 400, message: error.description)
        }
        let samples = read.trace.strokes.reduce(0) { $0 + $1.count }
        guard samples > 0 else { throw Refusal(status: 400, message: "\(name): the capture has no samples; expected at least one stroke") }
        var note = "uploaded \(stamp.iso); \(Self.decimal(read.calibration.pxPerMM)) CSS px per mm, "
        note += read.calibration.calibrated ? "calibrated" : "not calibrated (96 px per inch)"
        if read.calibration.calibrated, let words = read.calibration.description { note += " (\(Self.oneLine(words)))" }
        let manifestPath = path(RecordingManifest.fileName)
        var manifest = FileManager.default.contents(atPath: manifestPath).map { [UInt8]($0) } ?? []
        if let last = manifest.last, last != 10 { manifest.append(10) }
        manifest += Array("[\(name)]\ndevice = \(device)\nnote = \(note)\n".utf8)
        // The manifest must still parse and give this file this device, before anything is written.
        do throws(ImportError) {
            let parsed = try RecordingManifest.parse(manifest, path: manifestPath)
            guard parsed.entries(forRelativePath: name).last(where: { $0.device != nil })?.device == device else {
                throw ImportError(file: manifestPath, "device '\(device)' does not survive the manifest")
            }
        } catch {
            throw Refusal(status: 400, message: "device '\(device)': \(error.description); expected plain words")
        }
        do throws(OutputError) {
            try AtomicFile.write(bytes, to: path(name))
        } catch {
            throw Refusal(status: 500, message: error.message)
        }
        do throws(OutputError) {
            try AtomicFile.write(manifest, to: manifestPath)
        } catch {
            unlink(path(name))
            throw Refusal(status: 500, message: error.message)
        }
        return Saved(fileName: name, strokes: read.trace.strokes.count, samples: samples, bytes: bytes.count)
    }

    /// The upload handler for ``PageServer``: `POST /captures?device=NAME` with the export as
    /// body; answers `{"saved": NAME, "folder": DIR, "strokes": N, "samples": N, "bytes": N}`
    /// or `{"error": ...}` with a 4xx (500 when the folder cannot be written).
    public func handle(_ request: PageServer.Request) -> PageServer.Response {
        do throws(Refusal) {
            let saved = try save(request.body, device: request.query["device"] ?? "")
            return .json(status: 201, [
                "saved": saved.fileName, "folder": folder, "strokes": saved.strokes, "samples": saved.samples, "bytes": saved.bytes,
            ])
        } catch {
            return .error(error.status, error.message)
        }
    }

    /// The page's `GET /captures/info` answer.
    public var info: PageServer.Resource {
        let response = PageServer.Response.json(status: 200, ["uploads": true, "folder": folder, "maxBytes": maxCaptureBytes])
        return PageServer.Resource(contentType: response.contentType, body: response.body)
    }

    func path(_ name: String) -> String { PathText.appending(folder, name) }

    static func checkDevice(_ raw: String) throws(Refusal) -> String {
        let device = raw.trimmingWhitespace()
        guard !device.isEmpty else {
            throw Refusal(status: 400, message: "no device given; expected the device's name (e.g. iPad Pro 11 M4 + Apple Pencil Pro) in ?device=")
        }
        guard device.count <= maxDeviceCharacters else {
            throw Refusal(status: 400, message: "the device name is \(device.count) characters; expected at most \(maxDeviceCharacters)")
        }
        let punctuation = Set(" -_.,()+/'&".unicodeScalars)
        if let bad = device.unicodeScalars.first(where: { !$0.isAlphanumeric && !punctuation.contains($0) }) {
            throw Refusal(status: 400, message: "the device name holds '\(bad)'; expected letters, digits, spaces and - _ . , ( ) + / ' &")
        }
        return device
    }

    /// The device as a file-name part: lowercase ASCII letters and digits, runs of anything
    /// else as one `-`, at most 40 characters (`device` when nothing is left).
    static func slug(_ device: String) -> String {
        var out = ""
        for scalar in device.lowercased().unicodeScalars {
            if scalar.isASCII, scalar.isAlphanumeric {
                out.unicodeScalars.append(scalar)
            } else if !out.isEmpty, out.last != "-" {
                out += "-"
            }
        }
        while out.last == "-" { out.removeLast() }
        let cut = String(out.prefix(40))
        return cut.isEmpty ? "device" : (cut.last == "-" ? String(cut.dropLast()) : cut)
    }

    /// `20261127T071205.123Z` (for the file) and `2026-11-27T07:12:05.123Z`, in UTC.
    static func stamp(_ date: Date) -> (file: String, iso: String) {
        let ms = Int64((date.timeIntervalSince1970 * 1000).rounded(.down))
        let seconds = time_t(ms / 1000)
        var parts = tm()
        var t = seconds
        gmtime_r(&t, &parts)
        let y = Int(parts.tm_year) + 1900, mo = Int(parts.tm_mon) + 1, d = Int(parts.tm_mday)
        let h = Int(parts.tm_hour), mi = Int(parts.tm_min), s = Int(parts.tm_sec), milli = Int(ms % 1000)
        func two(_ v: Int) -> String { v < 10 ? "0\(v)" : "\(v)" }
        func three(_ v: Int) -> String { String(repeating: "0", count: 3 - String(v).count) + String(v) }
        let file = "\(y)\(two(mo))\(two(d))T\(two(h))\(two(mi))\(two(s)).\(three(milli))Z"
        let iso = "\(y)-\(two(mo))-\(two(d))T\(two(h)):\(two(mi)):\(two(s)).\(three(milli))Z"
        return (file, iso)
    }

    static func decimal(_ v: Double) -> String { v.isFinite ? NumberText.printf(v, 4) : "unknown" }

    /// Text for one manifest line: control characters and `#` (a comment there) become spaces.
    static func oneLine(_ s: String) -> String {
        String(String.UnicodeScalarView(s.unicodeScalars.map { $0.value < 0x20 || $0 == "#" ? " " : $0 }).prefix(200))
    }
}
