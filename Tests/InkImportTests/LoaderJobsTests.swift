import Foundation
import InkTestSupport
import InkTraces
import Testing

@testable import InkImport

/// Reading recordings side by side gives what reading them one by one gives.
struct LoaderJobsTests {
    @Test func oneJobAndSeveralReadTheSameTracesAndSkips() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        loader.jobs = 1
        let one = try loader.load(paths: [ProjectData.recordings, ProjectData.fixtures])
        for jobs in [2, 3, 16] {
            loader.jobs = jobs
            let many = try loader.load(paths: [ProjectData.recordings, ProjectData.fixtures])
            #expect(one.skipped == many.skipped, "jobs \(jobs)")
            #expect(one.traces.map(\.name) == many.traces.map(\.name), "jobs \(jobs)")
            for (a, b) in zip(one.traces, many.traces) {
                #expect(sameTrace(a, b) && a.notices == b.notices, "jobs \(jobs): \(a.name)")
            }
        }
        #expect(one.traces.count >= 10)
    }

    @Test func strictStopsAtTheFirstBadFileInOrderWhateverTheJobs() throws {
        var loader = RecordingLoader()
        loader.manifests = [try RecordingManifest.load(path: ProjectData.recordingsManifest)]
        loader.strict = true
        var errors: [String] = []
        for jobs in [1, 2, 8] {
            loader.jobs = jobs
            do {
                _ = try loader.load(paths: [ProjectData.recordings, ProjectData.fixtures])
                errors.append("none")
            } catch {
                errors.append(error.description)
            }
        }
        #expect(Set(errors).count == 1, "\(errors)")
    }

    @Test func parallelMapKeepsOrder() {
        for jobs in [1, 2, 5] {
            let out = ParallelMap.map(1000, jobs: jobs) { i in i * i }
            #expect(out == (0..<1000).map { $0 * $0 })
        }
        #expect(ParallelMap.map(0, jobs: 4) { $0 }.isEmpty)
    }
}
