/// The tool's version, printed by `bench --version` and written into every manifest.
public enum InkBenchVersion {
    public static let current = "0.1.0"
}
