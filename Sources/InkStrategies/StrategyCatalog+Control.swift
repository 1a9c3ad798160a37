import InkPrediction

extension StrategyCatalog {
    /// The `control` stage: ``/InkPrediction/HorizonController`` in front of any strategy
    /// (`control(target_mm=0.4)+braking`), holding the tips' overshoot near a target by moving
    /// the horizon online. The strategy's own `cap_ms` still bounds the target it is given.
    static let controlStage = typedStage(
        "control",
        "online horizon controller: judges its own tips as the true samples arrive and moves the horizon so that a miss_rate share of them overshoot target_mm",
        defaults: HorizonControllerParameters())

    /// The `lead` stage: ``/InkPrediction/LeadLearner`` in front of any strategy
    /// (`control+lead+braking:lead_mm=4`), a lead cut-off learnt across the strokes of one trace
    /// from the ink each lift drew past the pen (its memory carries across strokes: section 4a).
    static let leadStage = typedStage(
        "lead",
        "lead cut-off learnt across the strokes of one trace: judges the ink each pen lift drew past the pen once the pen-up arrives, then drops or raises the next stroke's lead (state carries across strokes)",
        defaults: LeadLearnerParameters())
}
