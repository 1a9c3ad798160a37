/// A run the writer refuses to finish (figures that are not finite, charts required but not
/// rendered, a budget in the manifest that is not one): the message names what and where, and
/// says what was expected. Nothing of the run is swapped into the folder. `bench` reports it
/// as a usage or input error (exit status 2).
///
/// ```swift
/// throw RunError("--require-charts: gnuplot not found; install gnuplot-nox ...")
/// ```
package struct RunError: Error, CustomStringConvertible, Sendable, Equatable {
    /// What is wrong and what was expected.
    package var message: String
    package init(_ message: String) { self.message = message }
    package var description: String { message }
}
