# The guest side's shared functions, sourced by guest-test.sh (the package test) and
# image-guest.sh (the image test), which may set first VM_CONSOLE (where the host reads
# "VMTEST ..." lines; default /dev/console), VM_JOURNAL_MATCH (the journal lines a failure
# shows; default rotary) and VM_AFTER_FAIL (a command run after one: the package test powers
# the guest off). Every wait here is on something the kiosk or the host reports: the
# kiosk's event lines in the journal (through vmguest.py), the host's answer to a screendump.
# Where to touch comes from the kiosk's `ready` and `layout` lines, except on the service
# screen (see below).

VM_LIB=/usr/local/lib/rotary-vm
# The host answers screendump requests on this virtio-serial port (QEMU's -device virtserialport).
VM_HOST_PORT=/dev/virtio-ports/org.rotary.vmtest

# say WORDS — a "VMTEST WORDS" line for the host. The console is opened anew for each line: a
# serial getty's hangup at its start cuts off any descriptor opened before it.
say() { echo "VMTEST $*" >"${VM_CONSOLE:-/dev/console}"; }
# fail MESSAGE — says the kiosk unit's state and the journal's last lines that match
# VM_JOURNAL_MATCH (matched without the host's name, which is rotary-kiosk), then the failure
# (last: the host ends the machine as soon as it reads it) and "DONE fail", runs
# VM_AFTER_FAIL and ends the script.
fail() {
    say "unit: $(systemctl show rotary-kiosk -p ActiveState -p SubState -p Result -p NRestarts -p ExecMainStatus 2>&1 | tr '\n' ' ')"
    journalctl -b --no-pager -o short-monotonic | sed 's/^\(\[[^]]*\]\) [^ ]* /\1 /' | grep -E "${VM_JOURNAL_MATCH:-rotary}" | tail -60 \
        | while read -r line; do say "journal: $line"; done
    say "FAIL $*"
    say "DONE fail"
    ${VM_AFTER_FAIL:-true}
    exit 1
}
# field LINE NAME — a number field of an event line.
field() { echo "$1" | sed -n "s/.*\"$2\":\([0-9.]*\).*/\1/p"; }

guest() { python3 "$VM_LIB/vmguest.py" "$@"; }
journal() { journalctl -b -t rotary-kiosk -o cat --no-pager "$@" 2>/dev/null; }
main_pid() { systemctl show -p MainPID --value rotary-kiosk; }
wait_for() {  # SECONDS COMMAND...: retries COMMAND until it succeeds
    local limit=$1; shift
    for _ in $(seq 1 $((limit * 4))); do "$@" && return 0; sleep 0.25; done
    return 1
}

# kiosk_ready [OLD-PID [SECONDS]] — waits until the kiosk's main process (not OLD-PID) has
# drawn its first frame, told systemd READY=1 and found the test's touchscreen; prints its PID.
kiosk_ready() { guest ready --not-pid "${1:-0}" --timeout "${2:-180}"; }

# fingers PID STEP... — touches on the kiosk PID's window (steps: vmguest.py touch, which can
# aim them at the kiosk's controls from its `ready` line: tap:@button, drag:@wheel:INDEX);
# returns when the touchscreen has made them.
fingers() { local pid=$1; shift; guest touch --pid "$pid" "$@"; }

# touch_then PID SECONDS "STEP..." FIELD=VALUE... — the touches, then the first event line
# after them with those fields (waited for up to SECONDS); prints it.
touch_then() {
    local pid=$1 limit=$2 steps=$3
    shift 3
    # shellcheck disable=SC2086 # the steps are words
    guest touch --pid "$pid" --timeout "$limit" --wait "$*" $steps
}

# choose_program PID INDEX [SKEW-STEP] — drags the wheel's item INDEX (where it is drawn) to
# the marker, then waits until the wheel has stopped and the dial rests on the chosen
# program's minutes (a tap on Start before then starts the minutes the dial showed before);
# prints the wheel's `selected` line. Through a skewed layer the wheel may stop elsewhere.
choose_program() {
    # shellcheck disable=SC2086
    guest touch --pid "$1" --settled ${3:-} "drag:@wheel:$2"
}

# start_timer PID [--stamps] — taps the centre button (Start); prints the `timer` line of the
# countdown (after its journal time stamps with --stamps: vmguest.py wait).
start_timer() { guest touch --pid "$1" --timeout 30 "${@:2}" --wait "event=timer state=running" tap:@button; }

# cancel_timer PID — holds the running view's Stop until the long press cancels the
# countdown, then lifts; prints the `timer` line that says so.
cancel_timer() {
    local line status
    line=$(guest touch --pid "$1" --timeout 30 --wait "event=timer state=cancelled" down:0:@stop)
    status=$?
    fingers "$1" up:0 || return 1
    [ "$status" -eq 0 ] && echo "$line"
}

# screendump NAME — asks the host for a picture of the panel ("VMTEST SCREENDUMP NAME
# button=CX:CY:R") and
# waits for its answer: the host takes pictures until its check of NAME passes (or gives up),
# so the screen must not change before the answer, and need not be ready when asked. Returns
# 1 when the host's check failed (the host counts that as a failure of the test).
screendump() {
    local name=$1 port reply="" status deadline=$((SECONDS + 300))
    wait_for 60 test -e "$VM_HOST_PORT" || fail "no $VM_HOST_PORT: the host cannot answer screendumps"
    exec {port}<"$VM_HOST_PORT" || fail "cannot open $VM_HOST_PORT"
    # Where the centre button is, from the kiosk's newest layout: the host finds the
    # countdown's time there.
    say "SCREENDUMP $name$(button=$(guest button 2>/dev/null) && echo " button=$button")"
    while [ "$SECONDS" -lt "$deadline" ]; do
        reply=""
        read -r -t "$((deadline - SECONDS))" -u "$port" reply
        status=$?
        case "$reply" in "SCREENDUMP $name "*) break ;; esac
        [ "$status" -gt 128 ] && break  # timed out
        # The port reads as ended while the host has it closed: it will connect.
        [ "$status" -ne 0 ] && sleep 0.2
    done
    exec {port}<&-
    case "$reply" in
        "SCREENDUMP $name ok"*) return 0 ;;
        "SCREENDUMP $name "*) say "NOTE the host's check of the $name picture failed: ${reply#"SCREENDUMP $name "}"; return 1 ;;
        *) fail "the host did not answer SCREENDUMP $name within 300 s" ;;
    esac
}

# The service screen's targets at 800x480 in English: no event line says where they are
# (`ready` and `layout` give the kiosk's own controls, not the service screen's), so these
# stay constants: the Touch tab (third on the strip, whose ends are pinned, so it lies where
# the screen opens), the Touch tab's Calibrate button and the close button in the top-right
# corner.
SERVICE_TOUCH_TAB=300:77
SERVICE_CALIBRATE=400:273
SERVICE_CLOSE=771:26
# The calibration crosses, as fractions of the panel's width and height (RotaryKit's
# CalibrationRun.targets; the calibration page draws them there, one at a time).
CALIBRATION_TARGETS="0.15:0.15 0.85:0.25 0.3:0.85 0.8:0.75"

# open_calibration PID — holds two opposite corners until the service screen opens, goes to
# the Touch tab, taps Calibrate, and has the host's picture of the first cross. The taps are
# where an uncalibrated panel needs them. Fails the test (fail) with what went wrong.
open_calibration() {
    local pid=$1 width height out
    read -r width height < <(guest size --pid "$pid") || fail "no window size from the kiosk $pid"
    if ! out=$(touch_then "$pid" 30 "down:0:10:10 down:1:$((width - 10)):$((height - 10))" event=service action=opened 2>&1); then
        fingers "$pid" up:1 up:0
        fail "the corner hold did not open the service screen: $out"
    fi
    fingers "$pid" up:1 up:0 || fail "the touchscreen did not lift the fingers"
    # A tap on a tab scrolls the strip to it: a detent ticks as it passes the marker, and the
    # page changes when the strip rests, which no line reports. Its snap ends a fixed span of
    # the kiosk's own clock after the tick (about 0.2 s), and the kiosk moves its clock on
    # before it handles a touch, so a touch 1 s after the tick finds the strip at rest and the
    # tab's page on any machine, however slow: a wait on time, as there is no event to wait on.
    out=$(touch_then "$pid" 30 "tap:$SERVICE_TOUCH_TAB" event=feedback kind=tick 2>&1) || fail "the Touch tab did not move the tabs: $out"
    sleep 1
    # Calibrate says nothing either; the host's picture shows the first cross once its page is up.
    out=$(fingers "$pid" "tap:$SERVICE_CALIBRATE" 2>&1) || fail "the touchscreen: $out"
    screendump calibration || fail "the calibration page did not show its first cross"
}

# tap_crosses PID [SKEW-STEP] — touches the four crosses where they are drawn, each once the
# kiosk took the one before (a `feedback` press; the fourth gives the outcome), then closes the
# service screen; prints the calibration's `service` line.
tap_crosses() {
    local pid=$1 skew=${2:-} width height target x y taps=0 outcome=""
    read -r width height < <(guest size --pid "$pid") || return 1
    for target in $CALIBRATION_TARGETS; do
        taps=$((taps + 1))
        x=$(awk -v f="${target%:*}" -v w="$width" 'BEGIN { printf "%.0f", f * w }')
        y=$(awk -v f="${target#*:}" -v h="$height" 'BEGIN { printf "%.0f", f * h }')
        if [ "$taps" -lt 4 ]; then
            touch_then "$pid" 30 "$skew tap:$x:$y" event=feedback kind=press >/dev/null || return 1
        else
            outcome=$(touch_then "$pid" 30 "$skew tap:$x:$y" event=service "action=calibrated|calibration_refused") || return 1
        fi
    done
    touch_then "$pid" 30 "$skew tap:$SERVICE_CLOSE" event=service action=closed >/dev/null || return 1
    echo "$outcome"
}
