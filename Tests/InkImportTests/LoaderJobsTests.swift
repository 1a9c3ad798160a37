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

    /// `both` gives each job's result in its place, calls each job once, runs the two side by
    /// side with 2 jobs (the first waits for the second to start) and one after the other on
    /// this thread with 1; a throwing job's error comes after both ran, the first job's first.
    @Test func bothGivesTwoResultsInOrderAndTheFirstError() throws {
        struct JobError: Error, Equatable { let job: Int }
        final class Calls: @unchecked Sendable {
            let lock = NSLock()
            var log: [String] = []
            func add(_ entry: String) { lock.lock(); log.append(entry); lock.unlock() }
        }
        for jobs in [1, 2, 4] {
            let calls = Calls()
            let (text, number) = ParallelMap.both(jobs: jobs) { () -> String in
                calls.add("first"); return "first"
            } _: { () -> Int in
                calls.add("second"); return 2
            }
            #expect(text == "first" && number == 2, "jobs \(jobs)")
            #expect(calls.log.sorted() == ["first", "second"], "jobs \(jobs): \(calls.log)")
            if jobs == 1 { #expect(calls.log == ["first", "second"]) }
        }
        // Side by side: the first job ends only once the second has started. (A second thread
        // may come late while other tests hold the pool's threads, hence the long wait; run
        // one after the other, the first job would wait it out and fail the test.)
        let started = DispatchSemaphore(value: 0)
        let (overlapped, _) = ParallelMap.both(jobs: 2) {
            started.wait(timeout: .now() + 60) == .success
        } _: {
            started.signal()
        }
        #expect(overlapped, "with 2 jobs the second job did not start while the first ran")
        for (firstThrows, secondThrows) in [(true, false), (false, true), (true, true)] {
            let calls = Calls()
            let label = "first throws \(firstThrows), second throws \(secondThrows)"
            #expect(throws: JobError(job: firstThrows ? 1 : 2), "\(label)") {
                _ = try ParallelMap.both(jobs: 2) { () throws(JobError) -> Int in
                    calls.add("first")
                    if firstThrows { throw JobError(job: 1) }
                    return 1
                } _: { () throws(JobError) -> Int in
                    calls.add("second")
                    if secondThrows { throw JobError(job: 2) }
                    return 2
                }
            }
            #expect(calls.log.sorted() == ["first", "second"], "\(label): \(calls.log)")
        }
    }

    /// `InOrder` gives every item in order, each computed once, with 0 to 4 helpers; an item
    /// that is `nil` stops the items not yet started, and no helper runs after `stop()`.
    @Test func inOrderTakesEachItemOnceInOrder() {
        final class Counts: @unchecked Sendable {
            let lock = NSLock()
            var calls = [Int](repeating: 0, count: 200)
            var running = 0
            func enter(_ i: Int) { lock.lock(); calls[i] += 1; running += 1; lock.unlock() }
            func leave() { lock.lock(); running -= 1; lock.unlock() }
        }
        for helpers in 0...4 {
            let counts = Counts()
            let items = ParallelMap.InOrder<Int>(count: 200) { i in
                counts.enter(i)
                defer { counts.leave() }
                return i * 3
            }
            items.startHelpers(helpers)
            var taken: [Int] = []
            for i in 0..<200 { if let v = items.take(i) { taken.append(v) } }
            items.stop()
            #expect(taken == (0..<200).map { $0 * 3 }, "\(helpers) helpers")
            #expect(counts.calls.allSatisfy { $0 == 1 } && counts.running == 0, "\(helpers) helpers")
        }
        for helpers in 0...3 {
            let counts = Counts()
            let items = ParallelMap.InOrder<Int>(count: 200) { i in
                counts.enter(i)
                defer { counts.leave() }
                return i == 50 ? nil : i
            }
            items.startHelpers(helpers)
            var taken: [Int] = []
            for i in 0..<200 {
                guard let v = items.take(i) else { break }
                taken.append(v)
            }
            items.stop()
            #expect(taken == Array(0..<50), "\(helpers) helpers")
            #expect(items.take(199) == nil || counts.calls[199] == 1)
            #expect(counts.calls.allSatisfy { $0 <= 1 } && counts.running == 0, "\(helpers) helpers")
        }
    }
}
