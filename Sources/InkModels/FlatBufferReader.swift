/// A minimal, bounds-checked reader of the FlatBuffers binary format: tables through their
/// vtables, scalars, vectors, strings and nested tables. It never reads outside the bytes it was
/// given, never allocates more than those bytes justify, and every error names the byte offset
/// and what was expected there.
///
/// The format (flatbuffers.dev, "Internals"): the file starts with a `uint32` offset to the root
/// table; a table starts with an `int32` back-offset to its vtable (`vtable = table - value`); a
/// vtable is `uint16` vtable size, `uint16` table size, then one `uint16` field offset per field
/// (0: absent); a vector or string field holds a `uint32` offset (from the field) to a `uint32`
/// length followed by the elements; a table field or a vector-of-tables element holds a `uint32`
/// offset (from itself) to the table. Everything is little-endian.
///
/// ```swift
/// let r = FlatBufferReader(bytes: bytes, file: "model.tflite")
/// let root = try r.root()
/// let version = try r.scalar(UInt32.self, in: root, field: 0, default: 0)
/// ```
struct FlatBufferReader {
    /// The whole file.
    let bytes: [UInt8]
    /// The file name, for errors.
    let file: String

    /// A table: the byte offset where it starts and its vtable's field offsets.
    struct Table {
        /// Where the table starts (its `int32` vtable back-offset).
        let position: Int
        /// Where its vtable starts.
        let vtable: Int
        /// The number of fields the vtable describes.
        let fieldCount: Int
        /// The table's size in bytes, as its vtable gives it.
        let size: Int
    }

    func error(at offset: Int?, _ message: String) -> ModelFileError {
        ModelFileError(file: file, byteOffset: offset, message)
    }

    /// Reads a little-endian unsigned integer of `width` bytes at `offset`, checking bounds.
    func unsigned(at offset: Int, width: Int, what: String) throws(ModelFileError) -> UInt64 {
        guard offset >= 0, width <= bytes.count, offset <= bytes.count - width else {
            throw error(at: offset, "\(what) (\(width) bytes) runs past the end of the file (\(bytes.count) bytes); expected a complete value")
        }
        var v: UInt64 = 0
        for i in 0..<width { v |= UInt64(bytes[offset + i]) << (8 * UInt64(i)) }
        return v
    }

    func u32(at offset: Int, what: String) throws(ModelFileError) -> UInt32 {
        UInt32(truncatingIfNeeded: try unsigned(at: offset, width: 4, what: what))
    }

    /// The root table.
    func root() throws(ModelFileError) -> Table {
        let offset = try u32(at: 0, what: "root table offset")
        return try table(at: Int(offset), what: "root table")
    }

    /// The table starting at `position`, with its vtable checked.
    func table(at position: Int, what: String) throws(ModelFileError) -> Table {
        guard position >= 0, position <= bytes.count - 4 else {
            throw error(at: position, "\(what) starts past the end of the file (\(bytes.count) bytes); expected a table")
        }
        let back = Int(Int32(bitPattern: try u32(at: position, what: "\(what) vtable offset")))
        let vtable = position - back
        guard vtable >= 0, vtable <= bytes.count - 4 else {
            throw error(at: position, "\(what): its vtable offset \(back) points to byte \(vtable), outside the file (\(bytes.count) bytes); expected a vtable inside it")
        }
        let vsize = Int(try unsigned(at: vtable, width: 2, what: "\(what) vtable size"))
        let tsize = Int(try unsigned(at: vtable + 2, width: 2, what: "\(what) table size"))
        guard vsize >= 4, vsize % 2 == 0, vtable + vsize <= bytes.count else {
            throw error(at: vtable, "\(what): vtable size \(vsize) is invalid; expected an even size >= 4 that fits in the file")
        }
        guard tsize >= 4, position + tsize <= bytes.count else {
            throw error(at: vtable + 2, "\(what): table size \(tsize) is invalid; expected >= 4 bytes inside the file")
        }
        return Table(position: position, vtable: vtable, fieldCount: (vsize - 4) / 2, size: tsize)
    }

    /// The byte offset of `field` in `table`, or `nil` when absent.
    func fieldPosition(_ table: Table, _ field: Int, width: Int, what: String) throws(ModelFileError) -> Int? {
        guard field < table.fieldCount else { return nil }
        let slot = table.vtable + 4 + 2 * field
        let offset = Int(try unsigned(at: slot, width: 2, what: "\(what) field offset"))
        if offset == 0 { return nil }
        guard offset >= 4, offset + width <= table.size else {
            throw error(at: slot, "\(what): field offset \(offset) lies outside its table of \(table.size) bytes; expected 4...\(table.size - width)")
        }
        return table.position + offset
    }

    /// An unsigned scalar field (`width` 1, 2, 4 or 8 bytes), or `defaultValue` when absent.
    func scalar(_ table: Table, _ field: Int, width: Int, default defaultValue: UInt64, what: String) throws(ModelFileError) -> UInt64 {
        guard let p = try fieldPosition(table, field, width: width, what: what) else { return defaultValue }
        return try unsigned(at: p, width: width, what: what)
    }

    /// Follows the `uint32` offset stored at `position` (relative to `position`).
    func follow(_ position: Int, what: String) throws(ModelFileError) -> Int {
        let offset = Int(try u32(at: position, what: "\(what) offset"))
        let target = position + offset
        guard offset > 0, target <= bytes.count - 4 else {
            throw error(at: position, "\(what): offset \(offset) points to byte \(target), outside the file (\(bytes.count) bytes); expected a position inside it")
        }
        return target
    }

    /// A vector field: where its elements start and how many there are (elements of
    /// `elementSize` bytes, all inside the file), or `nil` when absent.
    func vector(_ table: Table, _ field: Int, elementSize: Int, what: String) throws(ModelFileError) -> (start: Int, count: Int)? {
        guard let p = try fieldPosition(table, field, width: 4, what: what) else { return nil }
        let v = try follow(p, what: what)
        let count = Int(try u32(at: v, what: "\(what) length"))
        let start = v + 4
        guard count <= (bytes.count - start) / max(1, elementSize) else {
            throw error(at: v, "\(what): length \(count) × \(elementSize) bytes runs past the end of the file (\(bytes.count - start) bytes left); expected a complete vector")
        }
        return (start, count)
    }

    /// A string field, or `nil` when absent. Bytes that are not UTF-8 are repaired, not trusted.
    func string(_ table: Table, _ field: Int, what: String) throws(ModelFileError) -> String? {
        guard let (start, count) = try vector(table, field, elementSize: 1, what: what) else { return nil }
        return String(decoding: bytes[start..<(start + count)], as: UTF8.self)
    }

    /// A vector of `int32`, or `[]` when absent.
    func int32s(_ table: Table, _ field: Int, what: String) throws(ModelFileError) -> [Int32] {
        guard let (start, count) = try vector(table, field, elementSize: 4, what: what) else { return [] }
        var out: [Int32] = []
        out.reserveCapacity(count)
        for i in 0..<count { out.append(Int32(bitPattern: try u32(at: start + 4 * i, what: "\(what)[\(i)]"))) }
        return out
    }

    /// A vector of tables, or `[]` when absent.
    func tables(_ table: Table, _ field: Int, what: String) throws(ModelFileError) -> [Table] {
        guard let (start, count) = try vector(table, field, elementSize: 4, what: what) else { return [] }
        var out: [Table] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            let element = start + 4 * i
            out.append(try self.table(at: try follow(element, what: "\(what)[\(i)]"), what: "\(what)[\(i)]"))
        }
        return out
    }

    /// A nested table field, or `nil` when absent.
    func subtable(_ table: Table, _ field: Int, what: String) throws(ModelFileError) -> Table? {
        guard let p = try fieldPosition(table, field, width: 4, what: what) else { return nil }
        return try self.table(at: try follow(p, what: what), what: what)
    }
}
