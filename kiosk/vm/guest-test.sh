#!/bin/bash
# Runs inside the VM as root (rotary-vm-test.service) once the kiosk service is up, and
# reports on the serial console in lines starting with "VMTEST". The host reads them and
# takes QEMU screendumps when asked ("VMTEST SCREENDUMP name"), answering on a virtio port.
# Every step waits on what the kiosk reports (its event lines in the journal) or on the
# host's answer, never on a guess of how long something takes; where to touch comes from the
# kiosk's `ready` line (guest-lib.sh, vmguest.py). The touchscreen is rotary-vm-touch.service,
# there before the kiosk starts.
set -u
VM_AFTER_FAIL="systemctl poweroff --no-block"
. /usr/local/lib/rotary-vm/guest-lib.sh

# Whether tty1 is in text or graphics mode (KDGETMODE).
console_mode() { python3 -c 'import array, fcntl; a = array.array("i", [0]); fcntl.ioctl(open("/dev/tty1", "rb", buffering=0), 0x4B3B, a, True); print(["text", "graphics"][a[0]])'; }

# 1. The service came up on KMSDRM by itself, as the kiosk user, and found the touchscreen.
step_1() {
    pid=$(kiosk_ready 0 180 2>&1) || fail "step 1: no kiosk ready with the touchscreen in 180 s: $pid"
    systemctl is-active --quiet rotary-kiosk || fail "step 1: service not active"
    user=$(ps -o user= -p "$pid" | tr -d ' ')
    [ "$user" = rotary ] || fail "step 1: runs as '$user', not rotary"
    journal | grep -q -i 'video driver: kmsdrm' || fail "step 1: not on kmsdrm"
    say "STEP 1 ok: service active as $user on kmsdrm after $(cut -d' ' -f1 /proc/uptime) s of uptime ($(uname -m), $(. /etc/os-release; echo "$PRETTY_NAME"))"
    screendump idle
}

# 2. The touchscreen drags the wheel one segment (its next program to the marker) and, once the
# wheel has stopped and the dial rests on that program's minutes, taps the centre button.
step_2() {
    selected=$(choose_program "$pid" 1 2>&1) || fail "step 2: the drag: $selected"
    minutes=$(guest minutes "$(echo "$selected" | sed -n 's/.*"label":"\([^"]*\)".*/\1/p')") || fail "step 2: no minutes for $selected"
    timer=$(start_timer "$pid" 2>&1) || fail "step 2: no running timer after tapping Start: $timer"

    # 3. The journal has the events; the countdown is the program's; the host takes a picture of it.
    echo "$selected" | grep -q '"index":1' || fail "step 3: wheel selection was $selected"
    total=$(field "$timer" seconds_total)
    python3 -c "import sys; sys.exit(0 if float('$total') == 60 * float('$minutes') else 1)" \
        || fail "step 3: the countdown is $total s, not the program's $minutes minutes: $timer"
    say "STEP 2 ok: $selected"
    say "STEP 3 ok: $timer"
    screendump running
    say "NOTE pageflip complaints in the kiosk's log: $(journal | grep -c -i pageflip)"
}

# 4. kill -9: systemd restarts the kiosk; the countdown comes back with the right time.
step_4() {
    started=$(date +%s)
    old=$pid
    kill -9 "$old"
    pid=$(kiosk_ready "$old" 90 2>&1) || fail "step 4: not restarted after kill -9: $pid"
    resumed=$(guest wait --pid "$pid" --timeout 30 event=timer) || fail "step 4: the restarted kiosk reported no timer"
    left=$(field "$resumed" seconds_left)
    echo "$resumed" | grep -q '"state":"running"' || fail "step 4: resumed as $resumed"
    python3 -c "import sys; l=float('$left'); sys.exit(0 if 1200-120 < l < 1200 else 1)" || fail "step 4: $left s left"
    restarts=$(systemctl show -p NRestarts --value rotary-kiosk)
    say "STEP 4 ok: restarted (NRestarts=$restarts) in $(( $(date +%s) - started )) s, resumed with $left s of 1200 left"
    # The first start painted the rings and kept their art in the unit's cache folder: this one reads it.
    rings=$(journal _PID="$pid" | grep -o 'ring art: .*' | head -1)
    echo "$rings" | grep -q '^ring art: 2 of 2 rings read from /var/cache/rotary/ring-art' || fail "step 4: the restart did not read the rings' art: ${rings:-no ring art line}"
    say "STEP 4 ok: $rings"
}

# 4b. A page flip that never completes (the test's fault: the present after the 3rd blocks
# for ever, with the countdown asking for a frame a second): the kiosk says so within half
# the unit's WatchdogSec and ends; systemd starts it again, and without the fault it draws.
step_4b() {
    mkdir -p /run/systemd/system/rotary-kiosk.service.d
    printf '[Service]\nEnvironment=ROTARY_FAULT_STALL_PRESENT_AFTER=3\n' > /run/systemd/system/rotary-kiosk.service.d/stall.conf
    systemctl daemon-reload
    systemctl restart rotary-kiosk
    pid=$(kiosk_ready "$pid" 90 2>&1) || fail "step 4b: no kiosk ready with the stalling fault: $pid"
    before=$(systemctl show -p NRestarts --value rotary-kiosk)
    stalled=$(date +%s)
    restarted_since() { [ "$(systemctl show -p NRestarts --value rotary-kiosk)" -gt "$1" ]; }
    wait_for 90 restarted_since "$before" || fail "step 4b: the stalled kiosk was not restarted in 90 s"
    line=$(journal _PID="$pid" | grep -m1 'has not taken a frame') || fail "step 4b: no error line from the stalled kiosk"
    status=$(journalctl -b -u rotary-kiosk -o cat --no-pager | grep -m1 -o "code=exited, status=70[^ ]*" || true)
    rm /run/systemd/system/rotary-kiosk.service.d/stall.conf
    systemctl daemon-reload
    systemctl restart rotary-kiosk
    pid=$(kiosk_ready "$pid" 90 2>&1) || fail "step 4b: no kiosk ready after the fault was taken away: $pid"
    say "STEP 4b ok: restarted $(( $(date +%s) - stalled )) s after the stall began (${status:-exit status not in the journal}): $(echo "$line" | sed 's/.*\] //')"
    systemctl stop rotary-kiosk
    mode=$(kbd_mode -C /dev/tty1 2>&1)
    case "$mode" in *ASCII*|*UTF-8*) say "STEP 4 ok: console keyboard usable after the kiosk stopped ($mode)" ;;
        *) fail "step 4: console keyboard left as: $mode" ;; esac
}

# 5. Without the video group the app refuses to run blank.
step_5() {
    out=$(runuser -u nobody -- env SDL_VIDEODRIVER=kmsdrm HOME=/tmp /usr/bin/rotary-kiosk --config /etc/rotary/rotary.toml 2>&1)
    status=$?
    [ "$status" -ne 0 ] || fail "step 5: exit status 0 without the video group"
    echo "$out" | grep -q 'panel would stay black' || fail "step 5: message was: $out"
    say "STEP 5 ok: exit status $status: $(echo "$out" | grep 'panel would stay black' | sed 's/.*error rotary-kiosk: \[RotaryKiosk\] //')"
}

# 6. Touch calibration. From here the touchscreen's layer is mounted upside down and skewed:
# it reports a finger at normalised (x, y) at (0.9x + 0.05y + 0.03, 0.04x - 0.9y + 0.95). The
# operator holds the corners, taps the Touch tab and Calibrate where the uncalibrated panel
# needs them (aiming off), then touches the four crosses where they are drawn. Before, the
# drag of step 2 turns the wheel back a segment; after, on by one, also after a restart.
step_6() {
    skew=skew:0.9:0.05:0.03:0.04:-0.9:0.95
    rm -f /var/lib/rotary/timer.json  # the countdown of step 2: a fresh screen, the wheel free
    systemctl start rotary-kiosk
    pid=$(kiosk_ready "$pid" 2>&1) || fail "step 6: the kiosk did not start again: $pid"
    selected=$(choose_program "$pid" 1 "$skew" 2>&1) || fail "step 6: the skewed drag: $selected"
    echo "$selected" | grep -q '"index":2' || fail "step 6: uncalibrated, the skewed drag selected $selected"
    say "STEP 6 ok: uncalibrated, the skewed drag turned the wheel back a segment: $selected"
    open_calibration "$pid"
    calibrated=$(tap_crosses "$pid" "$skew" 2>&1) || fail "step 6: the crosses: $calibrated"
    selected=$(choose_program "$pid" 0 "$skew" 2>&1) || fail "step 6: after calibrating, the drag: $selected"
    echo "$calibrated" | grep -q '"action":"calibrated"' || fail "step 6: calibration: $calibrated"
    echo "$selected" | grep -q '"index":0' || fail "step 6: after calibrating, the drag selected $selected"
    say "STEP 6 ok: $calibrated"
    say "STEP 6 ok: after calibrating, the skewed drag turned the wheel on a segment: $selected"
    grep -q touch_calibration /var/lib/rotary/operator.json || fail "step 6: no calibration in operator.json"
    systemctl restart rotary-kiosk
    pid=$(kiosk_ready "$pid" 2>&1) || fail "step 6: the kiosk did not restart: $pid"
    selected=$(choose_program "$pid" 1 "$skew" 2>&1) || fail "step 6: after a restart, the drag: $selected"
    echo "$selected" | grep -q '"index":1' || fail "step 6: after a restart, the drag selected $selected"
    say "STEP 6 ok: after a restart, the calibration from operator.json still applies: $selected"
}

# 7. A framebuffer panel. The kiosk's DRM device is hidden from it (as on a panel without
# DRM) and it is left to choose: it takes /dev/fb0 (virtio-gpu's fbdev emulation), draws
# there with the console in graphics mode, reads the uinput touchscreen through libinput,
# and gives the console back when it stops.
step_7() {
    systemctl stop rotary-kiosk
    rm -f /var/lib/rotary/timer.json /var/lib/rotary/operator.json  # step 6's calibration is for a skewed layer
    mkdir -p /etc/systemd/system/rotary-kiosk.service.d
    printf '[Service]\nEnvironment=SDL_VIDEODRIVER=auto\nInaccessiblePaths=/dev/dri\n' > /etc/systemd/system/rotary-kiosk.service.d/framebuffer.conf
    systemctl daemon-reload
    systemctl start rotary-kiosk
    pid=$(kiosk_ready "$pid" 2>&1) || fail "step 7: the kiosk did not start on the framebuffer with the touchscreen: $pid"
    driver=$(journal _PID="$pid" | grep -o 'video driver: .*' | head -1)
    echo "$driver" | grep -q 'video driver: fbdev (/dev/fb0' || fail "step 7: $driver"
    say "STEP 7 ok: $driver"
    say "STEP 7 ok: $(journal _PID="$pid" | grep -o 'input devices: .*' | head -1)"
    [ "$(console_mode)" = graphics ] || fail "step 7: tty1 is in $(console_mode) mode while the kiosk draws"
    say "STEP 7 ok: tty1 in graphics mode while the kiosk draws"
    screendump fbdev
    selected=$(choose_program "$pid" 1 2>&1) || fail "step 7: the drag through libinput: $selected"
    start_timer "$pid" >/dev/null || fail "step 7: no running timer after the touches through libinput"
    echo "$selected" | grep -q '"index":1' || fail "step 7: through libinput the drag selected $selected"
    say "STEP 7 ok: through libinput: $selected"
    screendump fbdev-running
}

# CPU while a finger spins the wheel (12 turns in 12 s) with the countdown cancelled first.
spin_figures() {
    cancel_timer "$pid" >/dev/null || fail "step 7: the long press did not cancel the countdown"
    ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
    # The two spans below are measurements of CPU over time, not waits for anything.
    idle0=$(ticks); sleep 5; idle1=$(ticks)
    from=$(guest mark)
    fingers "$pid" spin:@wheel:4320:12 &
    spinner=$!
    guest wait --pid "$pid" --after "$from" --timeout 30 event=detent id=wheel >/dev/null || fail "step 7: the spin did not turn the wheel"
    t0=$(ticks); s0=$(date +%s.%N); sleep 9; t1=$(ticks); s1=$(date +%s.%N)
    wait "$spinner" || fail "step 7: the touchscreen failed to spin the wheel"
    hz=$(getconf CLK_TCK)
    cpu=$(python3 -c "print(f'{100 * ($t1 - $t0) / $hz / ($s1 - $s0):.1f}')")
    idle=$(python3 -c "print(f'{100 * ($idle1 - $idle0) / $hz / 5:.1f}')")
    say "NOTE fbdev 800x480 under TCG: CPU $cpu % of a core while a finger spins the wheel, $idle % idle; VmHWM $(awk '/VmHWM/ { print $2, $3 }' /proc/$pid/status)"
}

# 7, stopped: the console is given back.
step_7_stopped() {
    systemctl stop rotary-kiosk
    frames=$(journal _PID="$pid" | grep -o 'frames presented: .*' | tail -1)
    say "NOTE fbdev: $frames"
    [ "$(console_mode)" = text ] || fail "step 7: tty1 left in $(console_mode) mode after the kiosk stopped"
    mode=$(kbd_mode -C /dev/tty1 2>&1)
    case "$mode" in *ASCII*|*UTF-8*) ;; *) fail "step 7: console keyboard left as: $mode" ;; esac
    say "STEP 7 ok: after the kiosk stopped, tty1 is in text mode again with its keyboard ($mode)"
}

# Figures, not checks (beyond the fbdev row): bench on the framebuffer, and bench --live.
bench_figures() {
    bench=$(runuser -u rotary -- /usr/bin/rotary-kiosk bench --frames 120 --sizes 800x480 --renderers software 2>&1)
    echo "$bench" | sed 's/^/VMTEST NOTE bench: /'
    echo "$bench" | grep -q ' fbdev ' || fail "step 7: bench has no fbdev row"
    say "STEP 7 ok: bench has an fbdev row"
    live=$(runuser -u rotary -- env SDL_VIDEODRIVER=fbdev /usr/bin/rotary-kiosk bench --live --seconds 8 2>&1 | grep -v -e warning -e 'ALSA lib')
    echo "$live" | sed 's/^/VMTEST NOTE bench --live: /'
}

# 8. The sandbox holds for the hooks the kiosk starts. The operator edits the config (a
# conffile): a hook that writes into /etc when a countdown starts, as any hook could before
# the unit was sandboxed. Back on KMSDRM.
step_8() {
    rm -f /etc/systemd/system/rotary-kiosk.service.d/framebuffer.conf /var/lib/rotary/timer.json
    systemctl daemon-reload
    sed -i 's|^on_timer_started = .*|on_timer_started = ["/bin/sh", "-c", "echo from-the-hook > /etc/rotary/hook-was-here"]|' /etc/rotary/rotary.toml
    echo "# edited by the operator before the upgrade" >> /etc/rotary/rotary.toml
    systemctl start rotary-kiosk
    pid=$(kiosk_ready "$pid" 2>&1) || fail "step 8: the kiosk did not start again on KMSDRM: $pid"
    running=$(start_timer "$pid" 2>&1) || fail "step 8: the tap started no countdown: $running"
    started_at=$(guest wait --stamps --pid "$pid" --timeout 0 event=timer state=running | cut -d' ' -f2)
    total=$(field "$running" seconds_total)
    wait_for 20 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q 'Read-only file system'" \
        || fail "step 8: no sign of the hook being refused: $(journal _PID="$pid" | grep -i hook | tail -3)"
    [ ! -e /etc/rotary/hook-was-here ] || fail "step 8: the hook wrote into /etc"
    say "STEP 8 ok: the hook could not write into /etc: $(journal _PID="$pid" | grep -m1 'Read-only file system' | sed 's/.*\] //')"
    systemd-analyze security --no-pager rotary-kiosk.service 2>&1 | sed 's/^/VMTEST NOTE security: /'
}

# 9. An upgrade to the second package mid-countdown: the operator's config stays, the state
# stays, and the restarted kiosk resumes the countdown with the right time.
step_9() {
    before=$(/usr/bin/rotary-kiosk --version)
    DEBIAN_FRONTEND=noninteractive apt-get install -y -q /usr/local/lib/rotary-vm/upgrade.deb > /tmp/upgrade.log 2>&1 \
        || { sed 's/^/VMTEST apt: /' /tmp/upgrade.log; fail "step 9: apt-get install of the second package failed"; }
    after=$(/usr/bin/rotary-kiosk --version)
    [ "$after" = "$before+upgrade" ] || fail "step 9: version $after after upgrading from $before"
    grep -q '^# edited by the operator before the upgrade$' /etc/rotary/rotary.toml || fail "step 9: the operator's edit of the config is gone"
    grep -q 'hook-was-here' /etc/rotary/rotary.toml || fail "step 9: the operator's hook is gone from the config"
    pid=$(kiosk_ready "$pid" 2>&1) || fail "step 9: no kiosk ready after the upgrade: $pid"
    resumed=$(guest wait --stamps --pid "$pid" --timeout 30 event=timer) || fail "step 9: the upgraded kiosk reported no timer"
    at=$(echo "$resumed" | cut -d' ' -f2)
    resumed=$(echo "$resumed" | cut -d' ' -f3-)
    echo "$resumed" | grep -q '"state":"running"' || fail "step 9: resumed as $resumed"
    left=$(field "$resumed" seconds_left)
    python3 -c "import sys; e = $at - $started_at; l = $left; sys.exit(0 if abs(($total - e) - l) < 3 else 1)" \
        || fail "step 9: $left s left, $(python3 -c "print(round($at - $started_at, 1))") s after a start of $total s"
    say "STEP 9 ok: upgraded $before -> $after mid-countdown; config kept; resumed with $left s of $total left"
}

# 10. Remove: the service stops and goes, the config and the state stay for a later install.
# Then purge: the config, the state and the user go too.
step_10() {
    DEBIAN_FRONTEND=noninteractive apt-get remove -y -q rotary-kiosk > /tmp/remove.log 2>&1 \
        || { sed 's/^/VMTEST apt: /' /tmp/remove.log; fail "step 10: apt-get remove failed"; }
    ! systemctl is-active --quiet rotary-kiosk || fail "step 10: the kiosk still runs after apt-get remove"
    [ ! -e /usr/bin/rotary-kiosk ] || fail "step 10: the binary is still there after apt-get remove"
    grep -q '^# edited by the operator before the upgrade$' /etc/rotary/rotary.toml || fail "step 10: remove lost the operator's config"
    [ -s /var/lib/rotary/timer.json ] || fail "step 10: remove lost the state folder"
    getent passwd rotary >/dev/null || fail "step 10: remove took the user"
    say "STEP 10 ok: removed: service stopped, binary gone, config, state and user kept"
    DEBIAN_FRONTEND=noninteractive apt-get purge -y -q rotary-kiosk > /tmp/purge.log 2>&1 \
        || { sed 's/^/VMTEST apt: /' /tmp/purge.log; fail "step 10: apt-get purge failed"; }
    ! systemctl is-active --quiet rotary-kiosk || fail "step 10: the kiosk still runs"
    for gone in /usr/bin/rotary-kiosk /etc/rotary /var/lib/rotary /var/cache/rotary /lib/systemd/system/rotary-kiosk.service; do
        [ ! -e "$gone" ] || fail "step 10: $gone is still there after the purge"
    done
    ! getent passwd rotary >/dev/null || fail "step 10: the rotary user is still there"
    say "STEP 10 ok: purged: service stopped, binary, config, state, cache and user gone"
}

# Every step; with --short (kiosk/vm-test --arch arm64 --short, what kiosk/test runs for the
# second architecture) only those whose outcome the architecture can change: the binary as
# a service on KMSDRM with its touchscreen, touches turning and starting, the framebuffer and
# libinput, and the hook under the unit's system-call filter (its lists are per architecture).
# The restarts, the stall, the video group, calibration, the upgrade and the purge are the same
# code and scripts as in the amd64 run, and TCG's figures say nothing of a board.
if [ -e /usr/local/lib/rotary-vm/short ]; then
    steps="step_1 step_2 step_7 step_7_stopped step_8"
else
    steps="step_1 step_2 step_4 step_4b step_5 step_6 step_7 spin_figures step_7_stopped bench_figures step_8 step_9 step_10"
fi
for step in $steps; do "$step"; done
say "DONE ok"
systemctl poweroff --no-block
