/// The online horizon controller: a wrapper around any predictor that judges its own earlier
/// tips as the pen's true samples arrive and lengthens or shortens the horizon to hold a target
/// overshoot in millimetres.
///
/// Every frame it asks the inner predictor for `min(target, t_newest + cap)`, where `cap` is the
/// controller's horizon, and queues the tip it showed with the frame's photon time `τ`. Once a
/// sample at or after `τ` has been delivered, the tip is judged: its distance `d` to the
/// delivered path over `[τ - 250 ms, τ]` (the samples joined by straight segments, cut at both
/// ends by linear interpolation) is the overshoot the benchmark scores for that frame. Then
///
/// ```
/// miss = d > targetMm ? 1 : 0
/// cap  = clamp(cap + step · (missRate - miss), 0, capMax)
/// ```
///
/// (stochastic-approximation quantile tracking): the cap settles where `P(d > targetMm) =
/// missRate`, so with `missRate` 0.05 the 95th percentile of the tips' overshoot sits near
/// `targetMm` on any pen and at any rate, without tuning per device.
///
/// With ``HorizonControllerParameters/leadStepMm`` above 0 (seventh round; off by default) the
/// controller holds a **lead** in millimetres instead of a cap: the inner predictor is asked
/// for the harness's target, its tip is cut to at most `lead` from the newest sample (along the
/// same direction), and each judged tip moves `lead = clamp(lead + leadStep · (missRate - miss),
/// 0, leadMax)`, starting at `min(leadStart, leadMax)`. A distance cut-off, unlike a time cap,
/// also bounds the ink drawn past a fast lift, and it is learnt on the pen in use.
///
/// What it may see (the benchmark model's causality rule): only the samples delivered so far
/// and its own earlier tips. Its state per frame clock (the cap and the queue of tips to judge)
/// is the ``FrameMemory``, started at ``HorizonControllerParameters/startMs`` with each stroke and
/// after a reset; nothing of its own carries across strokes (an inner predictor that carries
/// its memory, such as ``LeadLearner``, keeps doing so behind it), unless
/// ``HorizonControllerParameters/carryCap`` is set: then each stroke starts with the cap the
/// previous one ended with, after judging the tips it showed past its lift
/// (``carriesAcrossStrokes`` is then `true`, and the report says so). A frame where the inner predictor declines
/// queues nothing (the newest sample shown lies on the path). At most
/// ``pendingCapacity`` tips wait to be judged (the oldest is dropped unjudged beyond that), and
/// the judging path is the newest ``historyCapacity`` samples (under 250 ms above 512 Hz: the
/// shorter path can only make a distance larger, so the cap errs short).
///
/// The controller answers for its own target (``answersForFrameTimes`` is `true`): the
/// returned point's `t` is the time the tip stands for (the controlled target, or the inner
/// predictor's reach there), which the harness records as the frame's target and horizon.
/// Pressure is passed through to the inner predictor (its lift detector keeps working: the
/// controller does not watch lifts; end overshoot at a lift is the inner predictor's). Feeding,
/// `predict(at:)` (uncontrolled: without a frame clock's memory there is no cap; the harness
/// asks it only for a frame's tail) and `reset()` are ``PathKeepingStage``'s;
/// ``carriesAcrossStrokes`` is the controller's own (the inner predictor's, or `true` with
/// ``HorizonControllerParameters/carryCap``).
///
/// ```swift
/// var p = HorizonController(inner: BrakingPredictor(), parameters: .init(targetMm: 0.4))
/// var memory = p.initialFrameMemory
/// p.update(PenPoint(t: 0, x: 0, y: 0), pressure: 0.5)
/// _ = p.predict(at: 0.03, frameStartTime: 0.01, photonTime: 0.035, memory: &memory)
/// ```
public struct HorizonController<Inner: Predictor>: PathKeepingStage {
    /// The controller's constants (shared by every inner type).
    public typealias Parameters = HorizonControllerParameters

    /// How many tips of one frame clock may wait to be judged.
    public static var pendingCapacity: Int { 16 }
    /// How many delivered samples the judging path keeps.
    public static var historyCapacity: Int { DeliveredPath.capacity }
    /// How far back (s) the judging path reaches: the benchmark's overshoot window.
    public static var pathWindowS: Double { DeliveredPath.windowS }

    /// One frame clock's state: the cap, the tips waiting to be judged (`t` = their photon
    /// time), and the inner predictor's own frame memory.
    public struct FrameMemory: Sendable {
        /// The current cap (s).
        @inlinable public var capS: Double { cap }
        /// How many tips were judged.
        @inlinable public var judged: Int { judgedCount }
        /// How many judged tips overshot the target.
        @inlinable public var missed: Int { missedCount }
        /// The current lead (mm) when the controller holds a lead
        /// (``HorizonControllerParameters/leadStepMm`` above 0; otherwise unused).
        @inlinable public var leadMm: Double { lead }
        @usableFromInline var cap: Double
        @usableFromInline var lead: Double
        @usableFromInline var judgedCount = 0, missedCount = 0
        @usableFromInline var pending = InlineArray<16, PenPoint>(repeating: PenPoint(t: 0, x: 0, y: 0))
        @usableFromInline var first = 0, count = 0
        /// The inner predictor's frame memory.
        public var inner: Inner.FrameMemory

        @inlinable
        init(capS: Double, leadMm: Double, inner: Inner.FrameMemory) {
            cap = capS
            lead = leadMm
            self.inner = inner
        }

        @inlinable
        mutating func push(_ tip: PenPoint) {
            if count == 16 {
                first = (first + 1) & 15
                count -= 1
            }
            pending[(first + count) & 15] = tip
            count += 1
        }
    }

    /// The predictor behind the controller.
    public var inner: Inner
    @usableFromInline let targetMm: Double, missRate: Double, stepS: Double, startS: Double, capMaxS: Double
    /// Whether the cap carries across strokes (``HorizonControllerParameters/carryCap``).
    @usableFromInline let carryCap: Bool
    /// The lead's step, start and maximum (mm); a step of 0 controls the cap instead.
    @usableFromInline let leadStepMm: Double, leadStartMm: Double, leadMaxMm: Double
    /// The delivered samples the tips are judged against.
    public var path = DeliveredPath()

    /// `inner` behind a controller with `parameters` (validate them first when they come from a user).
    public init(inner: Inner, parameters: Parameters = Parameters()) {
        self.inner = inner
        targetMm = parameters.targetMm
        missRate = parameters.missRate
        stepS = parameters.stepMs / 1000
        startS = parameters.startMs / 1000
        capMaxS = parameters.capMaxMs / 1000
        carryCap = parameters.carryCap
        leadStepMm = parameters.leadStepMm
        leadMaxMm = parameters.leadMaxMm
        leadStartMm = parameters.leadStartMm
    }

    @inlinable
    public var initialFrameMemory: FrameMemory { FrameMemory(capS: startS, leadMm: leadStartMm, inner: inner.initialFrameMemory) }

    /// `true`: the answer stands for the controlled target (see the type's description).
    @inlinable
    public var answersForFrameTimes: Bool { true }

    /// Judges the tips whose photon time the newest sample has reached, moves the cap, then
    /// answers the inner predictor at `min(target, t_newest + cap)` and queues the tip.
    ///
    /// - Parameters:
    ///   - target: the harness's target (s).
    ///   - frameStartTime: the frame's start (s), passed to the inner predictor.
    ///   - photonTime: the frame's photon time (s): the tip is judged at it.
    ///   - memory: this frame clock's state.
    /// - Returns: the tip, its `t` the time it stands for; `nil` where the inner predictor declines
    ///   or no sample has been fed.
    @inlinable
    public func predict(at target: Double, frameStartTime: Double, photonTime: Double, memory: inout FrameMemory) -> PenPoint? {
        guard !path.isEmpty else { return nil }
        let newest = path.newest
        judge(&memory, upTo: newest.t)
        let controlled = leadStepMm > 0 ? target : min(target, newest.t + memory.cap)
        guard var p = inner.predict(at: controlled, frameStartTime: frameStartTime, photonTime: photonTime, memory: &memory.inner) else {
            return nil
        }
        if leadStepMm > 0 {
            let dx = p.x - newest.x, dy = p.y - newest.y
            let d = (dx * dx + dy * dy).squareRoot()
            if d > memory.lead {
                let k = memory.lead / d
                p = PenPoint(t: p.t, x: newest.x + k * dx, y: newest.y + k * dy)
            }
        }
        memory.push(PenPoint(t: photonTime, x: p.x, y: p.y))
        let standsFor = inner.answersForFrameTimes ? p.t : inner.reach(at: controlled)
        return PenPoint(t: standsFor, x: p.x, y: p.y)
    }

    /// Judges the queued tips whose photon time is at or before `newestS` (s), oldest first,
    /// and moves the cap after each.
    @inlinable
    func judge(_ memory: inout FrameMemory, upTo newestS: Double) {
        while memory.count > 0 {
            let tip = memory.pending[memory.first]
            guard tip.t <= newestS else { break }
            memory.first = (memory.first + 1) & 15
            memory.count -= 1
            let miss = path.distance(to: tip) > targetMm
            memory.judgedCount += 1
            if miss { memory.missedCount += 1 }
            if leadStepMm > 0 {
                memory.lead = min(leadMaxMm, max(0, memory.lead + leadStepMm * (missRate - (miss ? 1 : 0))))
            } else {
                memory.cap = min(capMaxS, max(0, memory.cap + stepS * (missRate - (miss ? 1 : 0))))
            }
        }
    }

    /// Whether the controller's cap (``HorizonControllerParameters/carryCap``) or the inner
    /// predictor's frame memory carries across strokes.
    @inlinable
    public var carriesAcrossStrokes: Bool { carryCap || inner.carriesAcrossStrokes }

    /// Lets the inner predictor judge its stroke (``Predictor/endStroke(_:)``) and starts the
    /// controller's own part afresh: no tip queued, the cap at
    /// ``HorizonControllerParameters/startMs``, or, with ``HorizonControllerParameters/carryCap``,
    /// the cap after judging every tip still queued (the stroke's path is complete: the pen-up
    /// has arrived), so ink shown past the lift counts.
    @inlinable
    public func endStroke(_ memory: inout FrameMemory) {
        var innerMemory = memory.inner
        inner.endStroke(&innerMemory)
        if carryCap { judge(&memory, upTo: .infinity) }
        memory = FrameMemory(capS: carryCap ? memory.cap : startS, leadMm: carryCap ? memory.lead : leadStartMm, inner: innerMemory)
    }
}

/// ``HorizonController``'s constants, with their units. ``validate(predictor:)`` checks them.
public struct HorizonControllerParameters: Sendable, Equatable {
    /// The overshoot (mm) whose exceedance rate is held at ``missRate``. Greater than 0, at most 10.
    public var targetMm: Double
    /// The share of judged tips allowed above ``targetMm`` (0.05: the 95th percentile).
    /// From 0.001 to 0.5.
    public var missRate: Double
    /// The step (ms): a miss shortens the cap by `step · (1 - missRate)`, a hit lengthens it
    /// by `step · missRate`. Greater than 0, at most 50.
    public var stepMs: Double
    /// The cap (ms) each stroke starts with. From 0 to ``capMaxMs``.
    public var startMs: Double
    /// The longest cap (ms) the controller allows. From 0 to 200.
    public var capMaxMs: Double
    /// Whether each stroke of a trace starts with the cap the previous stroke ended with (after
    /// its tips past the lift are judged) instead of ``startMs`` (sixth round; `false` by
    /// default). The first stroke of a trace starts at ``startMs``. With ``leadStepMm`` above 0
    /// the lead carries the same way (the first stroke starts at ``leadStartMm``).
    public var carryCap: Bool
    /// The lead's step (mm; seventh round): above 0 the controller holds a lead, the farthest a
    /// tip may be from the newest sample, instead of a cap (a miss shortens it by
    /// `leadStepMm · (1 - missRate)`, a hit lengthens it by `leadStepMm · missRate`); 0 (the
    /// default) controls the cap. From 0 to 10.
    public var leadStepMm: Double
    /// The lead (mm) each stroke starts with, when ``leadStepMm`` is above 0. From 0 to 100,
    /// and at most ``leadMaxMm`` (`validate()` refuses a start above it).
    public var leadStartMm: Double
    /// The longest lead (mm) the controller allows, when ``leadStepMm`` is above 0. From 0 to 100.
    public var leadMaxMm: Double

    /// Defaults from the measured sketch (target 0.4 mm, 5 % misses, 4 ms steps, start
    /// 15 ms, at most 45 ms); see `docs/predictors.md` for how they fare per device. The lead
    /// is off (step 0); when on, it starts at 1.1 mm (`braking`'s lead, which held on every pen
    /// device) and goes up to 4 mm (`docs/own-predictor.md`, seventh round).
    public init(
        targetMm: Double = 0.4, missRate: Double = 0.05, stepMs: Double = 4, startMs: Double = 15, capMaxMs: Double = 45,
        carryCap: Bool = false, leadStepMm: Double = 0, leadStartMm: Double = 1.1, leadMaxMm: Double = 4
    ) {
        self.carryCap = carryCap
        self.leadStepMm = leadStepMm
        self.leadStartMm = leadStartMm
        self.leadMaxMm = leadMaxMm
        self.targetMm = targetMm
        self.missRate = missRate
        self.stepMs = stepMs
        self.startMs = startMs
        self.capMaxMs = capMaxMs
    }

    /// Throws a ``PredictorParameterError`` naming the first constant out of its range: the
    /// ranges are ``fields``', ``startMs`` at most ``capMaxMs`` among them.
    public func validate(predictor: String = "control") throws(PredictorParameterError) {
        try validateFields(predictor: predictor)
    }
}

extension HorizonControllerParameters: StageParameters {
    /// A ``HorizonController`` with these constants in front of `inner`.
    public func stage<Inner: Predictor>(wrapping inner: Inner) -> any Predictor {
        HorizonController(inner: inner, parameters: self)
    }

    /// The controller's constants as stage parameters (`control(target_mm=0.4)+braking`).
    public static let fields: [ParameterField<Self>] = [
        ParameterField(
            "target_mm", \.targetMm, unit: "mm", range: .above(0, atMost: 10),
            about: "overshoot held at the (1 - miss_rate) quantile (mm)"),
        ParameterField(
            "miss_rate", \.missRate, unit: "", range: .closed(0.001, 0.5),
            about: "share of judged tips allowed past target_mm (0.05: p95)"),
        ParameterField(
            "step_ms", \.stepMs, unit: "ms", range: .above(0, atMost: 50),
            about: "a miss shortens the cap by step_ms * (1 - miss_rate), a hit lengthens it by step_ms * miss_rate (ms)"),
        ParameterField(
            "start_ms", \.startMs, unit: "ms", range: .closed(0, 200, atMostField: "cap_max_ms"),
            about: "cap each stroke starts with (ms)"),
        ParameterField(
            "cap_max_ms", \.capMaxMs, unit: "ms", range: .closed(0, 200),
            about: "longest cap the controller allows (ms)"),
        ParameterField(
            "carry_cap", \.carryCap,
            about: "1: each stroke starts with the cap (or lead) the previous one ended with (0: at start_ms or lead_start_mm)"),
        ParameterField(
            "lead_step_mm", \.leadStepMm, unit: "mm", range: .closed(0, 10),
            about: "above 0: hold a lead (mm past the newest sample) instead of a cap, moved by this step (0: the cap)"),
        ParameterField(
            "lead_start_mm", \.leadStartMm, unit: "mm", range: .closed(0, 100, atMostField: "lead_max_mm"),
            about: "lead each stroke starts with, with lead_step_mm above 0"),
        ParameterField(
            "lead_max_mm", \.leadMaxMm, unit: "mm", range: .closed(0, 100),
            about: "longest lead the controller allows, with lead_step_mm above 0"),
    ]
}
