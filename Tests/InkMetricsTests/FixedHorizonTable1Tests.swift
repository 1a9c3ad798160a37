import Foundation
import InkBenchKit
import InkImport
import InkMetrics
import InkReplay
import InkTestSupport
import Testing

/// The fixed-horizon evaluation reproduces the `none` and `linear` cells of Table 1 of Henze,
/// Le, Mayer and Schwind (MobileHCI 2017) on their test data (Datasets/recordings/mobilehci17-touch), to the printed 0.1 px.
@Suite("Fixed-horizon evaluation: MobileHCI 2017 Table 1")
struct FixedHorizonTable1Tests {
    /// Table 1 (mean Euclidean error, px): task file prefix, horizon in samples, none, linear.
    static let published: [(task: String, k: Int, none: Double, linear: Double)] = [
        ("WriteTasks", 2, 15.4, 7.8), ("WriteTasks", 4, 29.7, 21.1), ("WriteTasks", 6, 42.5, 38.5),
        ("PaintTasks", 2, 40.2, 25.1), ("PaintTasks", 4, 77.9, 67.9), ("PaintTasks", 6, 110.1, 123.3),
        ("FittsTasks", 2, 31.7, 16.9), ("FittsTasks", 4, 52.6, 39.6), ("FittsTasks", 6, 66.3, 69.0),
    ]

    @Test(
        "all 18 none and linear cells round to the published ones")
    func reproducesTable1() throws {
        let root = (ProjectData.recordings as NSString).appendingPathComponent("mobilehci17-touch")
        let loaded = try HorizonInputs.load(paths: [root], loader: RecordingLoader(), pooling: .task)
        #expect(loaded.pools.map(\.name).sorted() == ["FittsTasks", "PaintTasks", "WriteTasks"])
        #expect(loaded.pools.allSatisfy { $0.unit == "px" && $0.sources.count == 8 })
        let options = FixedHorizonOptions()
        let linear = try StrategySpec.parse("linear")
        for cell in Self.published {
            let pool = try #require(loaded.pools.first { $0.name == cell.task })
            let none = FixedHorizonEvaluation.evaluate(pool.sequences, strategy: .none, horizon: .samples(cell.k), options: options)
            let lin = FixedHorizonEvaluation.evaluate(pool.sequences, strategy: linear, horizon: .samples(cell.k), options: options)
            let noneMean = try #require(none.meanError), linearMean = try #require(lin.meanError)
            #expect((noneMean * 10).rounded() / 10 == cell.none, "\(cell.task) k=\(cell.k) none \(noneMean)")
            #expect((linearMean * 10).rounded() / 10 == cell.linear, "\(cell.task) k=\(cell.k) linear \(linearMean)")
            #expect(none.windows == lin.windows && lin.declined == 0)
        }
    }

    @Test(
        "the README's example cell: Writing 33 ms over 70,998 windows")
    func writingWindowCount() throws {
        let root = (ProjectData.recordings as NSString).appendingPathComponent("mobilehci17-touch")
        let loaded = try HorizonInputs.load(paths: [root], loader: RecordingLoader(), pooling: .task)
        let pool = try #require(loaded.pools.first { $0.name == "WriteTasks" })
        let none = FixedHorizonEvaluation.evaluate(pool.sequences, strategy: .none, horizon: .samples(2), options: FixedHorizonOptions())
        #expect(none.windows == 70_998)
        #expect(abs((none.meanError ?? 0) - 15.36) < 0.005)
    }
}
