import InkBenchKit
import InkSynthesis
import InkTestSupport
import Testing

@Suite("Suite files")
struct SuiteFileTests {
    @Test("a suite file gives its traces with their settings")
    func parses() throws {
        let text = """
            # comment
            suite mine
            s-curve "s-curve slow"  duration_s=1.6   # trailing comment
            line "line 100" duration_s=1 speed_mm_per_s=100 direction_deg=90 noise_mm=0.05
            circle c duration_s=2 radius_mm=20 turns=2 strokes=3 pause_s=0.1 input_rate_hz=120
            """
        let suite = try SuiteFile.parse(text, name: "file", defaultInputRateHz: 240)
        #expect(suite.name == "mine")
        #expect(suite.specs.map(\.name) == ["s-curve slow", "line 100", "c"])
        #expect(suite.specs[0] == SyntheticSpec.sCurve(name: "s-curve slow", duration: 1.6))
        #expect(suite.specs[1].noiseMM == 0.05 && suite.specs[1].isNoisy)
        #expect(suite.specs[2].strokes == 3 && suite.specs[2].inputRateHz == 120 && suite.specs[2].pause == 0.1)
    }

    @Test("errors name the line and what to fix", arguments: [
        ("spiral x duration_s=1", "suite:1: unknown shape 'spiral'"),
        ("line x duration_s=1", "suite:1: line needs speed_mm_per_s"),
        ("s-curve x duration_s=1 radius_mm=3", "suite:1: s-curve has no setting 'radius_mm'"),
        ("s-curve \"x duration_s=1", "suite:1: a quoted name is not closed"),
        ("s-curve x duration_s=-1", "suite:1: "),
        ("# nothing", "suite: no traces"),
    ])
    func errors(_ text: String, _ start: String) {
        do {
            _ = try SuiteFile.parse(text, name: "t")
            Issue.record("expected an error for \(text)")
        } catch {
            #expect(error.description.hasPrefix(start), "\(error.description)")
        }
    }

    @Test("the shapes suite in Datasets/ parses")
    func datasetsShapes() throws {
        let root = Requirement.packageRoot
        let resolved = try SuiteFile.resolve("shapes", defaultInputRateHz: 240, datasets: root + "/Datasets")
        #expect(resolved.suite.specs.count >= 5)
        #expect(resolved.file?.hasSuffix("shapes.suite") == true)
    }

    @Test("an unknown suite lists the known ones")
    func unknown() {
        #expect(throws: SuiteFileError.self) { try SuiteFile.resolve("nope", defaultInputRateHz: 240) }
    }
}
