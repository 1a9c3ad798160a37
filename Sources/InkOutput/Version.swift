/// The tool's version, printed by `bench --version` and written into every manifest.
package enum InkBenchVersion {
    package static let current = "0.1.0"
}
