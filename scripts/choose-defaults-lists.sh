#!/usr/bin/env bash
# Prints a candidate list for scripts/choose-defaults.sh (comma-joined), docs/own-predictor.md's
# eighth and ninth rounds:
#
#   OUT=DIR ORACLE=1 TABLE=1 CANDIDATES="$(bash scripts/choose-defaults-lists.sh family)" bash scripts/choose-defaults.sh
#   CANDIDATES="$(bash scripts/choose-defaults-lists.sh family jerk)" ...   # several lists, joined
#
# family: every list of the third to seventh rounds (445 candidates with the longer leads);
# jerk:   braking's jerk_share (eighth round) on the family's main shapes (33 candidates);
# jerk2:  larger shares and the pressure lead with them (39), written after the jerk run;
# clock:  braking's clock recovery (clock_fit, ninth round) on the shapes the oracle chose (26);
# clothoid: braking's clothoid_gain (ninth round) on the lead, pressure-lead and jerk shapes (33);
# combo:  clock_fit with clothoid_gain and jerk_share, and longer pressure leads (27), written
#         after the clock and clothoid runs;
# margin: the tenth round's candidates for a default with margin (41): shorter leads, the
#         controller's target in mm as the knob (in front of a fixed lead, and holding the lead
#         itself), and short pressed leads with the ninth round's options.
set -euo pipefail
[ $# -ge 1 ] || { echo "usage: $0 family|jerk|jerk2|clock|clothoid|combo|margin ..." >&2; exit 2; }
c=()
for list in "$@"; do
    case "$list" in
    family)
        for lead in 1 1.1 1.2 1.5 2 3 4; do
          c+=("braking:lead_mm=$lead" "braking:lead_mm=$lead,cap_ms=25" "control+braking:lead_mm=$lead" "control(target_mm=0.3)+braking:lead_mm=$lead")
        done
        c+=("lead(start_mm=1.1,max_mm=1.5)+braking:lead_mm=100")
        for P in 1.5 2 2.5 3 3.5 4; do for R in 0.8 0.85 0.9 0.93; do for L in 0 25 40; do
          c+=("braking:pressed_lead_mm=$P,lift_ratio=$R,lift_ahead_ms=$L"); done; done; done
        for S in 1.5 2 3; do for M in 3 4; do for R in 0.8 0.9; do for L in 0 25; do
          c+=("lead(start_mm=$S,max_mm=$M)+braking:pressed_lead_mm=$M,lift_ratio=$R,lift_ahead_ms=$L"); done; done; done; done
        for F in 50 100 200; do for P in 2 3 4 5; do for R in 0 0.6 0.8 0.9; do for L in 0 25; do
          c+=("braking:pressed_lead_mm=$P,lift_ratio=$R,lift_ahead_ms=$L,lead_fall_ms=$F"); done; done; done; done
        for S in 0.1 0.3; do for A in 1.1 2; do for M in 4 5; do for C in 0 1; do for R in 0 0.8; do for F in 100 200; do
          c+=("control(lead_step_mm=$S,lead_start_mm=$A,lead_max_mm=$M,carry_cap=$C)+braking:pressed_lead_mm=$M,lift_ratio=$R,lead_fall_ms=$F"); done; done; done; done; done; done
        for T in 0.3 0.4; do for S in 0.1 0.2 0.3; do for A in 1.5 2 2.5; do for C in 0 1; do for R in 0 0.8; do for F in 100 200; do
          c+=("control(target_mm=$T,lead_step_mm=$S,lead_start_mm=$A,lead_max_mm=5,carry_cap=$C)+braking:pressed_lead_mm=5,lift_ratio=$R,lead_fall_ms=$F"); done; done; done; done; done; done
        # oracle extension: longer leads for the devices that tolerate them
        for lead in 6 100; do c+=("braking:lead_mm=$lead" "control+braking:lead_mm=$lead"); done
        for P in 6 8 100; do for F in 100 200; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=$F" "braking:pressed_lead_mm=$P,lift_ratio=0.8,lead_fall_ms=$F"); done; done
        ;;
    jerk)
        for J in 0.03 0.1 0.3; do
            for L in 1.1 1.5 2 3 100; do c+=("braking:lead_mm=$L,jerk_share=$J"); done
            for P in 3 5 8; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=100,jerk_share=$J"); done
            for L in 2 6; do c+=("control+braking:lead_mm=$L,jerk_share=$J"); done
            c+=("control(target_mm=0.4,lead_step_mm=0.2,lead_start_mm=2,lead_max_mm=5)+braking:pressed_lead_mm=5,lift_ratio=0,lead_fall_ms=100,jerk_share=$J")
        done
        ;;
    jerk2)
        # written after the jerk list's run: larger shares, and the pressure lead with them
        for J in 0.2 0.5 1; do
            for L in 1.1 1.5 2 100; do c+=("braking:lead_mm=$L,jerk_share=$J"); done
            for P in 3 5 8; do for F in 100 200; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=$F,jerk_share=$J"); done; done
            for P in 3 5; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0.8,lead_fall_ms=100,jerk_share=$J"); done
            c+=("control(target_mm=0.4,lead_step_mm=0.2,lead_start_mm=2,lead_max_mm=5)+braking:pressed_lead_mm=5,lift_ratio=0,lead_fall_ms=100,jerk_share=$J")
        done
        ;;
    clock)
        for L in 1.1 1.5 2 3 6 100; do c+=("braking:lead_mm=$L,clock_fit=1"); done
        for P in 3 5 8; do for F in 100 200; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=$F,clock_fit=1"); done; done
        for J in 0.1 0.5 1; do
            c+=("braking:lead_mm=100,jerk_share=$J,clock_fit=1")
            c+=("braking:pressed_lead_mm=8,lift_ratio=0,lead_fall_ms=200,jerk_share=$J,clock_fit=1")
            c+=("braking:pressed_lead_mm=3,lift_ratio=0,lead_fall_ms=100,jerk_share=$J,clock_fit=1")
        done
        for L in 6 100; do c+=("control+braking:lead_mm=$L,clock_fit=1"); done
        for C in 0 1; do c+=("control(target_mm=0.4,lead_step_mm=0.3,lead_start_mm=2.5,lead_max_mm=5,carry_cap=$C)+braking:pressed_lead_mm=5,lift_ratio=0,lead_fall_ms=100,clock_fit=1"); done
        c+=("control(target_mm=0.4,lead_step_mm=0.2,lead_start_mm=2,lead_max_mm=5)+braking:pressed_lead_mm=5,lift_ratio=0,lead_fall_ms=100,clock_fit=1")
        ;;
    clothoid)
        for G in 0.5 1 2; do
            for L in 1.1 1.5 2 100; do c+=("braking:lead_mm=$L,clothoid_gain=$G"); done
            for P in 3 5 8; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=100,clothoid_gain=$G"); done
            for P in 5 8; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=100,jerk_share=0.1,clothoid_gain=$G"); done
            c+=("braking:turn_gain=1,lead_mm=1.5,clothoid_gain=$G")
            c+=("control(target_mm=0.4,lead_step_mm=0.2,lead_start_mm=2,lead_max_mm=5)+braking:pressed_lead_mm=5,lift_ratio=0,lead_fall_ms=100,clothoid_gain=$G")
        done
        ;;
    combo)
        for G in 0.5 1 2; do
            for PF in 8:100 8:200 5:100; do c+=("braking:pressed_lead_mm=${PF%:*},lift_ratio=0,lead_fall_ms=${PF#*:},clock_fit=1,clothoid_gain=$G"); done
            for P in 5 8; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=200,jerk_share=0.1,clock_fit=1,clothoid_gain=$G"); done
        done
        for P in 12 20; do
            c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=200,clock_fit=1")
            for J in 0.5 1; do c+=("braking:pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=200,jerk_share=$J,clock_fit=1"); done
        done
        for J in 0.5 1; do c+=("braking:lead_mm=100,jerk_share=$J,clock_fit=1,clothoid_gain=1"); done
        for G in 0.5 1; do c+=("braking:pressed_lead_mm=3,lift_ratio=0,lead_fall_ms=100,jerk_share=0.1,clock_fit=1,clothoid_gain=$G"); done
        for J in 0.05 0.2; do c+=("braking:pressed_lead_mm=3,lift_ratio=0,lead_fall_ms=100,jerk_share=$J,clock_fit=1"); done
        ;;
    margin)
        for L in 0.6 0.7 0.8 0.9; do c+=("braking:lead_mm=$L"); done
        for T in 0.2 0.25 0.35; do for L in 0.9 1 1.1 1.2 1.5; do c+=("control(target_mm=$T)+braking:lead_mm=$L"); done; done
        for T in 0.3 0.4; do for L in 0.8 0.9; do c+=("control(target_mm=$T)+braking:lead_mm=$L"); done; done
        for T in 0.25 0.3 0.35; do for M in 1.1 1.5; do
            c+=("control(target_mm=$T,lead_step_mm=0.1,lead_start_mm=1,lead_max_mm=$M)+braking:lead_mm=100"); done; done
        for P in 1.5 2 2.5; do for L in 1 1.1; do for F in 100 200; do
            c+=("braking:lead_mm=$L,pressed_lead_mm=$P,lift_ratio=0,lead_fall_ms=$F,jerk_share=0.1,clock_fit=1"); done; done; done
        ;;
    *) echo "$0: unknown list '$list' (expected family, jerk, jerk2, clock, clothoid, combo or margin)" >&2; exit 2 ;;
    esac
done
(IFS=,; echo "${c[*]}")
