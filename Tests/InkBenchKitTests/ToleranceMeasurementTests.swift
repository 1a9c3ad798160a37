import Foundation
import InkBaseline
import InkReplay
import Testing

/// The measurement behind the default tolerances: the default suite with every built-in
/// strategy over seeds 1...10, each figure's seed-to-seed spread printed beside its default.
///
/// To see the table: `swift test --filter ToleranceMeasurement` (it prints the spreads).
@Suite("ToleranceMeasurement")
struct ToleranceMeasurementTests {
    @Test func seedToSeedSpread() async throws {
        for (name, timing) in [("ipad-60", Timing.preset(named: "ipad-60")), ("ipad-promotion", Timing.preset(named: "ipad-promotion"))] {
            let t = try #require(timing)
            let spreads = try await SeedSpread.measure(timing: t, seeds: Array(1...10))
            print("seed-to-seed spread, default suite, \(name), seeds 1...10:\n" + SeedSpread.render(spreads))
            for s in spreads {
                // Clean traces do not depend on the seed: there the tight defaults hold alone.
                #expect(s.cleanRange == 0, "\(name) \(s.figure)")
            }
        }
    }
}
