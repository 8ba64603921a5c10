#!/bin/bash
# Runs inside the VM as root (rotary-vm-test.service) once the kiosk service is up, and
# reports on the serial console in lines starting with "VMTEST". The host reads them and
# takes QEMU screendumps when asked ("VMTEST SCREENDUMP name").
set -u
say() { echo "VMTEST $*"; }
journal() { journalctl -t rotary-kiosk -o cat --no-pager "$@" 2>/dev/null; }
events() { journal | grep '^{"t"'; }
fail() {
    say "FAIL $*"
    journalctl -b --no-pager | grep -E 'rotary' | tail -40 | sed 's/^/VMTEST journal: /'
    say "DONE fail"
    systemctl poweroff --no-block
    exit 1
}
wait_for() {  # SECONDS COMMAND...: retries COMMAND until it succeeds
    local limit=$1; shift
    for _ in $(seq 1 $((limit * 4))); do "$@" && return 0; sleep 0.25; done
    return 1
}
main_pid() { systemctl show -p MainPID --value rotary-kiosk; }

# 1. The service came up on KMSDRM by itself, as the kiosk user.
wait_for 180 bash -c "journalctl -t rotary-kiosk -o cat --no-pager | grep -q '\"event\":\"ready\"'" \
    || fail "step 1: no ready event in 180 s"
systemctl is-active --quiet rotary-kiosk || fail "step 1: service not active"
pid=$(main_pid)
user=$(ps -o user= -p "$pid" | tr -d ' ')
[ "$user" = rotary ] || fail "step 1: runs as '$user', not rotary"
journal | grep -q -i 'video driver: kmsdrm' || fail "step 1: not on kmsdrm"
say "STEP 1 ok: service active as $user on kmsdrm after $(cut -d' ' -f1 /proc/uptime) s of uptime"
say "SCREENDUMP idle"
sleep 5

# 2. A uinput touchscreen drags the wheel one segment and taps the centre button. At 800×480
# the rings sit on the left (centre 240, 240); the config's first category has three programs,
# so a segment is 120°.
python3 /usr/local/lib/rotary-vm/touch.py 800 480 sleep:3 drag:240:240:110:-90:30:0.8 sleep:1.5 tap:240:240 sleep:1 \
    || fail "step 2: touch.py failed"
wait_for 30 bash -c "journalctl -t rotary-kiosk -o cat --no-pager | grep -q '\"event\":\"timer\",\"state\":\"running\"'" \
    || fail "step 2: no running timer after the touches"

# 3. The journal has the events; the host takes a picture of the countdown.
selected=$(events | grep '"event":"selected","id":"wheel"' | tail -1)
timer=$(events | grep '"event":"timer","state":"running"' | tail -1)
echo "$selected" | grep -q '"index":1' || fail "step 3: wheel selection was $selected"
say "STEP 2 ok: $selected"
say "STEP 3 ok: $timer"
sleep 3
say "SCREENDUMP running"
sleep 5
say "NOTE pageflip complaints in the kiosk's log: $(journal | grep -c -i pageflip)"

# 4. kill -9: systemd restarts the kiosk; the countdown comes back with the right time.
started=$(date +%s)
old=$(main_pid)
kill -9 "$old"
wait_for 90 bash -c "[ \"\$(systemctl show -p MainPID --value rotary-kiosk)\" != 0 ] && [ \"\$(systemctl show -p MainPID --value rotary-kiosk)\" != $old ] && systemctl is-active --quiet rotary-kiosk" \
    || fail "step 4: not restarted after kill -9"
wait_for 90 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=\$(systemctl show -p MainPID --value rotary-kiosk) | grep -q '\"event\":\"timer\"'" \
    || fail "step 4: the restarted kiosk reported no timer"
resumed=$(journal _PID="$(main_pid)" | grep '"event":"timer"' | head -1)
left=$(echo "$resumed" | sed -n 's/.*"seconds_left":\([0-9.]*\).*/\1/p')
echo "$resumed" | grep -q '"state":"running"' || fail "step 4: resumed as $resumed"
python3 -c "import sys; l=float('$left'); sys.exit(0 if 1200-120 < l < 1200 else 1)" || fail "step 4: $left s left"
restarts=$(systemctl show -p NRestarts --value rotary-kiosk)
say "STEP 4 ok: restarted (NRestarts=$restarts) in $(( $(date +%s) - started )) s, resumed with $left s of 1200 left"
systemctl stop rotary-kiosk
mode=$(kbd_mode -C /dev/tty1 2>&1)
case "$mode" in *ASCII*|*UTF-8*) say "STEP 4 ok: console keyboard usable after the kiosk stopped ($mode)" ;;
    *) fail "step 4: console keyboard left as: $mode" ;; esac

# 5. Without the video group the app refuses to run blank.
out=$(runuser -u nobody -- env SDL_VIDEODRIVER=kmsdrm HOME=/tmp /usr/bin/rotary-kiosk --config /etc/rotary/rotary.toml 2>&1)
status=$?
[ "$status" -ne 0 ] || fail "step 5: exit status 0 without the video group"
echo "$out" | grep -q 'panel would stay black' || fail "step 5: message was: $out"
say "STEP 5 ok: exit status $status: $(echo "$out" | grep 'panel would stay black' | sed 's/.*error rotary-kiosk: \[RotaryKiosk\] //')"
# 6. Touch calibration. From here the touchscreen's layer is mounted upside down and skewed:
# it reports a finger at normalised (x, y) at (0.9x + 0.05y + 0.03, 0.04x - 0.9y + 0.95). The
# operator holds the corners, taps the Touch tab and Calibrate where the uncalibrated panel
# needs them (aiming off), then touches the four crosses where they are drawn. Before, the
# drag of step 2 turns the wheel back a segment; after, on by one, also after a restart.
skew=skew:0.9:0.05:0.03:0.04:-0.9:0.95
step="step 6"
touch() { python3 /usr/local/lib/rotary-vm/touch.py 800 480 "$@" || fail "$step: touch.py failed"; }
ready_pid() {  # waits for the kiosk's ready event from a process other than $1; prints its PID
    local pid
    for _ in $(seq 1 360); do
        pid=$(main_pid)
        if [ "$pid" != 0 ] && [ "$pid" != "$1" ] && journal _PID="$pid" | grep -q '"event":"ready"'; then echo "$pid"; return 0; fi
        sleep 0.25
    done
    return 1
}
rm -f /var/lib/rotary/timer.json  # the countdown of step 2: a fresh screen, the wheel free
systemctl start rotary-kiosk
pid=$(ready_pid 0) || fail "step 6: the kiosk did not start again"
touch sleep:3 $skew drag:240:240:110:-90:30:0.8 sleep:2
selected=$(journal _PID="$pid" | grep '"event":"selected","id":"wheel"' | tail -1)
echo "$selected" | grep -q '"index":2' || fail "step 6: uncalibrated, the skewed drag selected $selected"
say "STEP 6 ok: uncalibrated, the skewed drag turned the wheel back a segment: $selected"
touch sleep:3 hold2:10:10:790:470:5.6 sleep:1 tap:362:77 sleep:1.8 tap:354:77 sleep:1.8 tap:400:273 sleep:0.5
wait_for 10 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q '\"action\":\"opened\"'" \
    || fail "step 6: the corner hold did not open the service screen"
say "SCREENDUMP calibration"
sleep 4
touch sleep:3 $skew tap:120:72 sleep:0.7 tap:680:120 sleep:0.7 tap:240:408 sleep:0.7 tap:640:360 sleep:1.5 tap:771:26 sleep:1.5 \
    drag:240:240:110:-90:30:0.8 sleep:2
calibrated=$(journal _PID="$pid" | grep '"action":"calibrat' | tail -1)
echo "$calibrated" | grep -q '"action":"calibrated"' || fail "step 6: calibration: $calibrated"
selected=$(journal _PID="$pid" | grep '"event":"selected","id":"wheel"' | tail -1)
echo "$selected" | grep -q '"index":0' || fail "step 6: after calibrating, the drag selected $selected"
say "STEP 6 ok: $calibrated"
say "STEP 6 ok: after calibrating, the skewed drag turned the wheel on a segment: $selected"
grep -q touch_calibration /var/lib/rotary/operator.json || fail "step 6: no calibration in operator.json"
systemctl restart rotary-kiosk
pid=$(ready_pid "$pid") || fail "step 6: the kiosk did not restart"
touch sleep:3 $skew drag:240:240:110:-90:30:0.8 sleep:2
selected=$(journal _PID="$pid" | grep '"event":"selected","id":"wheel"' | tail -1)
echo "$selected" | grep -q '"index":1' || fail "step 6: after a restart, the drag selected $selected"
say "STEP 6 ok: after a restart, the calibration from operator.json still applies: $selected"

# 7. A framebuffer panel. The kiosk's DRM device is hidden from it (as on a panel without
# DRM) and it is left to choose: it takes /dev/fb0 (virtio-gpu's fbdev emulation), draws
# there with the console in graphics mode, reads the uinput touchscreen through libinput,
# and gives the console back when it stops.
console_mode() { python3 -c 'import array, fcntl; a = array.array("i", [0]); fcntl.ioctl(open("/dev/tty1", "rb", buffering=0), 0x4B3B, a, True); print(["text", "graphics"][a[0]])'; }
systemctl stop rotary-kiosk
rm -f /var/lib/rotary/timer.json /var/lib/rotary/operator.json  # step 6's calibration is for a skewed layer
mkdir -p /etc/systemd/system/rotary-kiosk.service.d
printf '[Service]\nEnvironment=SDL_VIDEODRIVER=auto\nInaccessiblePaths=/dev/dri\n' > /etc/systemd/system/rotary-kiosk.service.d/framebuffer.conf
systemctl daemon-reload
systemctl start rotary-kiosk
pid=$(ready_pid "$pid") || fail "step 7: the kiosk did not start on the framebuffer"
driver=$(journal _PID="$pid" | grep -o 'video driver: .*' | head -1)
echo "$driver" | grep -q 'video driver: fbdev (/dev/fb0' || fail "step 7: $driver"
say "STEP 7 ok: $driver"
say "STEP 7 ok: $(journal _PID="$pid" | grep -o 'input devices: .*' | head -1)"
[ "$(console_mode)" = graphics ] || fail "step 7: tty1 is in $(console_mode) mode while the kiosk draws"
say "STEP 7 ok: tty1 in graphics mode while the kiosk draws"
sleep 2
say "SCREENDUMP fbdev"
sleep 5
step="step 7"
touch sleep:3 drag:240:240:110:-90:30:0.8 sleep:1.5 tap:240:240 sleep:1
wait_for 30 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q '\"event\":\"timer\",\"state\":\"running\"'" \
    || fail "step 7: no running timer after the touches through libinput"
selected=$(journal _PID="$pid" | grep '"event":"selected","id":"wheel"' | tail -1)
echo "$selected" | grep -q '"index":1' || fail "step 7: through libinput the drag selected $selected"
say "STEP 7 ok: through libinput: $selected"
sleep 3
say "SCREENDUMP fbdev-running"
sleep 5
# CPU while a finger spins the wheel (10 turns in 10 s) with the countdown cancelled first.
touch sleep:3 hold:240:240:2.5 sleep:3
wait_for 20 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q '\"state\":\"cancelled\"'" \
    || fail "step 7: the long press did not cancel the countdown"
ticks() { awk '{ print $14 + $15 }' "/proc/$pid/stat"; }
idle0=$(ticks); sleep 5; idle1=$(ticks)
python3 /usr/local/lib/rotary-vm/touch.py 800 480 sleep:3 drag:240:240:110:0:3600:10 &
spinner=$!
sleep 3.3
t0=$(ticks); s0=$(date +%s.%N); sleep 9; t1=$(ticks); s1=$(date +%s.%N)
wait "$spinner" || fail "step 7: touch.py failed"
hz=$(getconf CLK_TCK)
cpu=$(python3 -c "print(f'{100 * ($t1 - $t0) / $hz / ($s1 - $s0):.1f}')")
idle=$(python3 -c "print(f'{100 * ($idle1 - $idle0) / $hz / 5:.1f}')")
say "NOTE fbdev 800x480 under TCG: CPU $cpu % of a core while a finger spins the wheel, $idle % idle; VmHWM $(awk '/VmHWM/ { print $2, $3 }' /proc/$pid/status)"
systemctl stop rotary-kiosk
frames=$(journal _PID="$pid" | grep -o 'frames presented: .*' | tail -1)
say "NOTE fbdev: $frames"
[ "$(console_mode)" = text ] || fail "step 7: tty1 left in $(console_mode) mode after the kiosk stopped"
mode=$(kbd_mode -C /dev/tty1 2>&1)
case "$mode" in *ASCII*|*UTF-8*) ;; *) fail "step 7: console keyboard left as: $mode" ;; esac
say "STEP 7 ok: after the kiosk stopped, tty1 is in text mode again with its keyboard ($mode)"
bench=$(runuser -u rotary -- /usr/bin/rotary-kiosk bench --frames 120 --sizes 800x480 --renderers software 2>&1)
echo "$bench" | sed 's/^/VMTEST NOTE bench: /'
echo "$bench" | grep -q ' fbdev ' || fail "step 7: bench has no fbdev row"
say "STEP 7 ok: bench has an fbdev row"
live=$(runuser -u rotary -- env SDL_VIDEODRIVER=fbdev /usr/bin/rotary-kiosk bench --live --seconds 8 2>&1 | grep -v -e warning -e 'ALSA lib')
echo "$live" | sed 's/^/VMTEST NOTE bench --live: /'

# 8. The sandbox holds for the hooks the kiosk starts. The operator edits the config (a
# conffile): a hook that writes into /etc when a countdown starts, as any hook could before
# the unit was sandboxed. Back on KMSDRM.
step="step 8"
rm -f /etc/systemd/system/rotary-kiosk.service.d/framebuffer.conf /var/lib/rotary/timer.json
systemctl daemon-reload
sed -i 's|^on_timer_started = .*|on_timer_started = ["/bin/sh", "-c", "echo from-the-hook > /etc/rotary/hook-was-here"]|' /etc/rotary/rotary.toml
echo "# edited by the operator before the upgrade" >> /etc/rotary/rotary.toml
systemctl start rotary-kiosk
pid=$(ready_pid "$pid") || fail "step 8: the kiosk did not start again on KMSDRM"
touch sleep:3 tap:240:240 sleep:1
wait_for 30 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q '\"event\":\"timer\",\"state\":\"running\"'" \
    || fail "step 8: the tap started no countdown"
started_at=$(date +%s.%N)
running=$(journal _PID="$pid" | grep '"event":"timer","state":"running"' | tail -1)
total=$(echo "$running" | sed -n 's/.*"seconds_total":\([0-9.]*\).*/\1/p')
wait_for 20 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q 'Read-only file system'" \
    || fail "step 8: no sign of the hook being refused: $(journal _PID="$pid" | grep -i hook | tail -3)"
[ ! -e /etc/rotary/hook-was-here ] || fail "step 8: the hook wrote into /etc"
say "STEP 8 ok: the hook could not write into /etc: $(journal _PID="$pid" | grep -m1 'Read-only file system' | sed 's/.*\] //')"
systemd-analyze security --no-pager rotary-kiosk.service 2>&1 | sed 's/^/VMTEST NOTE security: /'

# 9. An upgrade to the second package mid-countdown: the operator's config stays, the state
# stays, and the restarted kiosk resumes the countdown with the right time.
step="step 9"
before=$(/usr/bin/rotary-kiosk --version)
DEBIAN_FRONTEND=noninteractive apt-get install -y -q /usr/local/lib/rotary-vm/upgrade.deb > /tmp/upgrade.log 2>&1 \
    || { sed 's/^/VMTEST apt: /' /tmp/upgrade.log; fail "step 9: apt-get install of the second package failed"; }
after=$(/usr/bin/rotary-kiosk --version)
[ "$after" = "$before+upgrade" ] || fail "step 9: version $after after upgrading from $before"
grep -q '^# edited by the operator before the upgrade$' /etc/rotary/rotary.toml || fail "step 9: the operator's edit of the config is gone"
grep -q 'hook-was-here' /etc/rotary/rotary.toml || fail "step 9: the operator's hook is gone from the config"
pid=$(ready_pid "$pid") || fail "step 9: no kiosk ready after the upgrade"
wait_for 30 bash -c "journalctl -t rotary-kiosk -o cat --no-pager _PID=$pid | grep -q '\"event\":\"timer\"'" \
    || fail "step 9: the upgraded kiosk reported no timer"
resumed=$(journal _PID="$pid" | grep '"event":"timer"' | head -1)
echo "$resumed" | grep -q '"state":"running"' || fail "step 9: resumed as $resumed"
left=$(echo "$resumed" | sed -n 's/.*"seconds_left":\([0-9.]*\).*/\1/p')
at=$(journalctl -t rotary-kiosk -o short-unix --no-pager _PID="$pid" | grep -m1 '"event":"timer"' | cut -d' ' -f1)
python3 -c "import sys; e = $at - $started_at; l = $left; sys.exit(0 if abs(($total - e) - l) < 3 else 1)" \
    || fail "step 9: $left s left, $(python3 -c "print(round($at - $started_at, 1))") s after a start of $total s"
say "STEP 9 ok: upgraded $before -> $after mid-countdown; config kept; resumed with $left s of $total left"

# 10. Remove: the service stops and goes, the config and the state stay for a later install.
# Then purge: the config, the state and the user go too.
step="step 10"
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
for gone in /usr/bin/rotary-kiosk /etc/rotary /var/lib/rotary /lib/systemd/system/rotary-kiosk.service; do
    [ ! -e "$gone" ] || fail "step 10: $gone is still there after the purge"
done
! getent passwd rotary >/dev/null || fail "step 10: the rotary user is still there"
say "STEP 10 ok: purged: service stopped, binary, config, state and user gone"

say "DONE ok"
systemctl poweroff --no-block
