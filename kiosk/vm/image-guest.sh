#!/bin/bash
# The guest side of kiosk/vm-test --image: runs at every boot of the kiosk image (as
# rotary-vm-test.service, only in the test's build of the image) and does what the host
# asks for this boot in QEMU's fw_cfg entry opt/rotary/step, reporting on the serial port
# in lines starting with "VMTEST" (image-host.py reads them). Notes that must outlive a
# power cut (what countdown the kiosk should show) are kept on the data partition.
#
# Steps: first | check | check-then:<action> | update:<bundle> | updated | rolled-back |
#        fleet (joins the host's broker with updates armed and waits) | fleet-updated
# Actions (each ends with "VMTEST ARMED <what>": the host pulls the plug after that):
#   countdown   a countdown is running
#   config-save the service screen's calibration, which saves operator.json
#   usage-write a countdown is cancelled and a new one started (a usage-log row)
#   update:<bundle>  the bundle is installed, as the step update:<bundle> does (no plug pulled)
set -u
VM_CONSOLE=/dev/ttyS0 VM_JOURNAL_MATCH='rotary|slot|rauc|plymouth'
. /usr/local/lib/rotary-vm/guest-lib.sh
notes=/data/vmtest
host=10.0.2.2
modprobe qemu_fw_cfg 2>/dev/null
port=$(cat /sys/firmware/qemu_fw_cfg/by_name/opt/rotary/port/raw 2>/dev/null || echo 0)
broker=$(cat /sys/firmware/qemu_fw_cfg/by_name/opt/rotary/broker/raw 2>/dev/null || echo 0)
step=$(cat /sys/firmware/qemu_fw_cfg/by_name/opt/rotary/step/raw 2>/dev/null) || fail "no step in fw_cfg"
say "BOOT step=$step slot=$(sed -n 's/.*rauc\.slot=\([AB]\).*/\1/p' /proc/cmdline) release=$(cat /usr/lib/rotary-image/release)"

# The slot guard ran after the kiosk's first frame (rotary-slot-confirm.service): waited for
# until the guard says so.
confirmed() {
    wait_for 90 bash -c "systemctl is-active --quiet rotary-kiosk && /usr/lib/rotary-image/slot status | grep -q ' confirmed\$'"
}

# The kiosk's first frame: waits for its ready event (and sets pid), and reports the boot's
# uptime at the first one.
ready() {
    pid=$(kiosk_ready 0 300 2>&1) || fail "no kiosk ready in 300 s: $pid"
    local at
    at=$(guest wait --stamps --timeout 0 event=ready) || fail "no ready line in the journal"
    say "READY uptime=$(echo "$at" | awk '{ printf "%.1f", $1 }') epoch=$(echo "$at" | cut -d' ' -f2)"
}

# The first timer line of this boot (the countdown the kiosk resumed), as "state left epoch".
first_timer() {
    local line text
    line=$(guest wait --stamps --timeout 0 event=timer 2>/dev/null) || return 0
    text=$(echo "$line" | cut -d' ' -f3-)
    echo "$(echo "$text" | sed -n 's/.*"state":"\([a-z]*\)".*/\1/p') $(field "$text" seconds_left) $(echo "$line" | cut -d' ' -f2)"
}

# Everything a power cut must not have broken.
check() {
    local fsck problems rows timer expected replayed rings
    findmnt -n -o OPTIONS /data | grep -q '^rw' || fail "check: /data is not mounted read-write"
    fsck=$(journalctl -b -o cat --no-pager -u 'systemd-fsck@*' | grep '^rotary-data:' | tr '\n' ' ')
    problems=$(dmesg | grep -E 'EXT4-fs (error|warning)|SQUASHFS error|I/O error|overlayfs: .*error' | head -3)
    [ -z "$problems" ] || fail "check: the kernel reports: $problems"
    rows=$(python3 -c '
import sqlite3, sys
db = sqlite3.connect("file:/var/lib/rotary/usage.db?mode=ro", uri=True)
verdict = db.execute("PRAGMA integrity_check").fetchone()[0]
if verdict != "ok": sys.exit("usage.db: " + verdict)
print(db.execute("SELECT count(*) FROM sessions").fetchone()[0])') || fail "check: usage.db integrity: $rows"
    if [ -e /var/lib/rotary/operator.json ]; then
        python3 -m json.tool /var/lib/rotary/operator.json >/dev/null || fail "check: operator.json is not JSON"
    fi
    [ "$(sha256sum </etc/rotary/rotary.toml)" = "$(cat "$notes/config.sha256")" ] || fail "check: /etc/rotary/rotary.toml changed"
    grub-editenv /data/boot/grubenv list | grep -q '^ORDER=' || fail "check: grubenv unreadable: $(grub-editenv /data/boot/grubenv list 2>&1)"
    # The countdown: one of the outcomes the notes accept, with the right time left. The kiosk
    # puts a kept countdown back once it has drawn its first frame, with a timer line: when its
    # state file holds one (running or paused), that line is waited for; else none comes.
    case "$(guest saved)" in
        running|paused) guest wait --pid "$pid" --timeout 30 event=timer >/dev/null 2>&1 ;;
    esac
    timer=$(first_timer)
    [ -n "$timer" ] || timer="idle 0 $(date +%s.%N)"
    expected=$(python3 - "$notes/countdown.json" $timer <<'PY'
import json, sys
accept = json.load(open(sys.argv[1]))
state, left, at = sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
for outcome in accept:
    # A countdown running at the cut comes back paused (after a power cut the kiosk cannot know
    # whether a stop made just before was kept), with the time its end leaves.
    if outcome["state"] == "running" and state == "paused":
        should = outcome["end"] - at
        if abs(left - should) <= 4:
            print(f"{state} with {left:.0f} s left, {should:.0f} s expected"); sys.exit(0)
    elif outcome["state"] == "idle" and state in ("idle", "cancelled", "finished"):
        print(f"{state}, as expected"); sys.exit(0)
sys.exit(f"{state} with {left:.0f} s left; the notes accept {accept} at {at:.0f}")
PY
) || fail "check: countdown: $expected"
    replayed=$(dmesg | grep -c 'EXT4-fs (.*): recovery complete')
    # Kept on /data, the rings' art outlives a reboot (one cut just after it was painted may lose it).
    rings=$(journal | grep -o 'ring art: .*' | head -1)
    say "CHECK ok: fsck: ${fsck:-(no log)} (ext4 journal replays at mount: $replayed); usage.db integrity ok, $rows rows; config intact; countdown $expected; ${rings:-no ring art line}"
}

# Notes which countdowns the next boot may show; written (and synced) before the plug is pulled.
accept() { echo "$1" >"$notes/countdown.json.new" && sync "$notes/countdown.json.new" && mv "$notes/countdown.json.new" "$notes/countdown.json" && sync "$notes"; }
running_left() { journal | grep '"event":"timer"' | tail -1 | sed -n 's/.*"state":"running".*"seconds_left":\([0-9.]*\).*/\1/p'; }
# Whether a countdown runs or is paused (as one running at a power cut comes back).
active_timer() { journal | grep '"event":"timer"' | tail -1 | grep -qE '"state":"(running|paused)"'; }
start_countdown() {
    local timer left at
    timer=$(start_timer "$pid" --stamps 2>&1) || fail "no running countdown after tapping Start: $timer"
    at=$(echo "$timer" | cut -d' ' -f2)
    left=$(field "$(echo "$timer" | cut -d' ' -f3-)" seconds_left)
    accept "[{\"state\": \"running\", \"end\": $(python3 -c "print($at + $left)")}]"
    say "COUNTDOWN running, $left s left"
}

# The kiosk's user swaps its update folder for a link to /usr/sbin (which holds a "reboot"):
# the root updater, started by its path unit or by hand, must delete nothing through it.
link_attack() {
    local requests=/var/lib/rotary/update
    if [ -e "$requests" ]; then mv "$requests" "$requests.kept"; fi
    runuser -u rotary -- ln -s /usr/sbin "$requests" || fail "the kiosk's user could not make the link"
    systemctl start rotary-update.service
    if [ -L "$requests" ]; then fail "the updater left the kiosk's link in place: its path unit would fire again and again"; fi
    rm -f "$requests"
    if [ -e "$requests.kept" ]; then mv "$requests.kept" "$requests"; fi
    systemctl reset-failed rotary-update.path rotary-update.service 2>/dev/null
    systemctl restart rotary-update.path
    [ -x /usr/sbin/reboot ] || fail "the root updater deleted /usr/sbin/reboot through the kiosk's link"
    say "HELD: the kiosk's update folder as a link to /usr/sbin: the updater did nothing there and took the link away ($(journalctl -b -u rotary-update.service -o cat --no-pager | grep 'not the kiosk' | tail -1))"
}

# install_bundle BUNDLE — fetches BUNDLE from the host and installs it into the other slot, then
# reboots; before the bad bundle, the unsigned and the rogue one are refused and the updater
# holds against a link swapped in by the kiosk's user.
install_bundle() {
    local bundle="$1" name size out
    if [ "$bundle" = bad.raucb ]; then link_attack; fi
    for name in unsigned.raucb rogue.raucb; do
        [ "$bundle" = bad.raucb ] || break
        curl -sf -o "/data/vmtest/$name" "http://$host:$port/$name" || fail "cannot fetch $name"
        if out=$(rauc install "/data/vmtest/$name" 2>&1); then fail "rauc installed $name"; fi
        say "REFUSED $name: $(echo "$out" | grep -i -E 'signature|verif|certificate|LastError' | head -2 | tr '\n' ' ')"
        rm -f "/data/vmtest/$name"
    done
    # Fetched as the image's updater fetches: a limit one byte under the bundle's size is
    # refused with no file left behind; its size itself goes through.
    size=$(curl -sfI "http://$host:$port/$bundle" | tr -d '\r' | sed -n 's/^[Cc]ontent-[Ll]ength: //p')
    [ -n "$size" ] || fail "no size for $bundle from the host"
    if out=$(/usr/lib/rotary-image/fetch-bundle "http://$host:$port/$bundle" "/data/vmtest/$bundle" $((size - 1)) 2>&1); then
        fail "fetch-bundle took $bundle ($size bytes) under a limit of $((size - 1))"
    fi
    [ ! -e "/data/vmtest/$bundle" ] || fail "fetch-bundle left a refused $bundle behind"
    say "REFUSED $bundle over a limit of $((size - 1)) bytes: $out"
    out=$(/usr/lib/rotary-image/fetch-bundle "http://$host:$port/$bundle" "/data/vmtest/$bundle" "$size" 2>&1) \
        || fail "fetch-bundle $bundle ($size bytes, the limit): $out"
    out=$(rauc install "/data/vmtest/$bundle" 2>&1) || fail "rauc install $bundle: $out"
    rm -f "/data/vmtest/$bundle"
    say "INSTALLED $bundle: $(echo "$out" | tail -1); primary now $(rauc status --output-format=shell | sed -n 's/^RAUC_BOOT_PRIMARY=//p')"
    say "REBOOTING"
    systemctl reboot
}

act() {
    case "$1" in
        countdown)
            [ -n "$(running_left)" ] || start_countdown
            say "ARMED countdown" ;;
        config-save)
            # Corners held, the Touch tab, Calibrate (its first cross on the host's picture),
            # the four crosses (which saves), close.
            open_calibration "$pid"
            say "ARMED config-save"
            outcome=$(tap_crosses "$pid" 2>&1) || fail "config-save: the crosses: $outcome"
            say "NOTE config-save finished before the cut: $outcome" ;;
        usage-write)
            if active_timer; then
                out=$(cancel_timer "$pid" 2>&1) || fail "usage-write: holding Stop did not cancel the countdown: $out"
            fi
            local minutes; minutes=$(guest selected --pid "$pid" dial)
            accept "[{\"state\": \"idle\"}, {\"state\": \"running\", \"end\": $(python3 -c "import time; print(time.time() + 60 * ${minutes:-15})")}]"
            say "ARMED usage-write"
            out=$(start_timer "$pid" 2>&1) || fail "usage-write: no running countdown after tapping Start: $out"
            say "NOTE usage-write finished before the cut: $out" ;;
        update:*) install_bundle "${1#update:}" ;;
        *) fail "unknown action $1" ;;
    esac
}

case "$step" in
    first)
        ready
        mkdir -p "$notes"
        sha256sum </etc/rotary/rotary.toml >"$notes/config.sha256"
        accept '[{"state": "idle"}]'
        journal | grep -q -i 'video driver: kmsdrm' || fail "first: the kiosk is not on KMSDRM: $(journal | grep -i -m1 'video driver')"
        lower=$(findmnt -n -o FSTYPE /run/rotary/slot)
        [ "$(findmnt -n -o FSTYPE /)" = overlay ] && [ "$lower" = squashfs ] || fail "first: / is $(findmnt -n -o FSTYPE /) over $lower"
        if (: >/run/rotary/slot/written) 2>/dev/null; then fail "first: the slot is writable"; fi
        size=$(df -B1M --output=size /data | tail -1 | tr -d ' ')
        [ "$size" -gt 1000 ] || fail "first: /data is $size MiB: not grown to the disk"
        [ "$(cat /data/machine-id)" = "$(cat /etc/machine-id)" ] || fail "first: machine-id not kept on /data"
        systemctl is-active --quiet getty@tty1 && fail "first: a login prompt on tty1"
        confirmed || fail "first: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        say "FIRST ok: on KMSDRM as $(ps -o user= -p "$(systemctl show -p MainPID --value rotary-kiosk)"); / is an overlay in RAM over the squashfs slot (not writable), /data grown to $size MiB, machine-id kept, no getty on tty1; $(/usr/lib/rotary-image/slot status)"
        say "FIRST ok: rauc: $(rauc status --output-format=shell 2>/dev/null | grep -E '^RAUC_(SYSTEM_BOOTED_BOOTNAME|BOOT_PRIMARY)=' | tr '\n' ' ')"
        screendump first-boot
        start_countdown
        screendump running ;;
    check)
        ready; check ;;
    check-then:*)
        ready; check
        confirmed || fail "check: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        act "${step#check-then:}" ;;
    update:*)
        ready
        install_bundle "${step#update:}" ;;
    updated|rolled-back)
        ready
        confirmed || fail "$step: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        say "SLOT $(/usr/lib/rotary-image/slot status); kiosk $(rotary-kiosk --version); grubenv $(grub-editenv /data/boot/grubenv list | tr '\n' ' ')"
        if [ "$step" = rolled-back ]; then
            say "ROLLBACK $(journalctl -b -1 -o cat --no-pager -u rotary-slot-rollback | grep 'slot:' | tail -1)"
            say "ROLLBACK previous boot: $(journalctl -b -1 -o cat --no-pager -t rotary-kiosk | tail -1)"
        fi
        screendump "$step" ;;
    fleet)
        ready
        if active_timer; then
            out=$(cancel_timer "$pid" 2>&1) || fail "fleet: holding Stop did not cancel the countdown: $out"
        fi
        printf '\n[mqtt]\nbroker = "mqtt://%s:%s"\nid = "vm-kiosk"\nupdates = "armed"\n' "$host" "$broker" >>/etc/rotary/rotary.toml
        old=$pid
        systemctl restart rotary-kiosk
        pid=$(kiosk_ready "$old" 120 2>&1) || fail "fleet: the kiosk did not come back with the broker in its config: $pid"
        say "FLEET ready: $(rotary-kiosk --version) on slot $(sed -n 's/.*rauc\.slot=\([AB]\).*/\1/p' /proc/cmdline), joined the broker with updates armed"
        # The host sends the update; this boot ends with the kiosk's reboot into it (a time
        # limit, not a wait for something to settle).
        sleep 600
        fail "fleet: no reboot within 600 s of joining the broker" ;;
    fleet-updated)
        ready
        confirmed || fail "fleet-updated: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        say "SLOT $(/usr/lib/rotary-image/slot status); kiosk $(rotary-kiosk --version); result $(cat /var/lib/rotary-image/update-result)"
        say "FLEET previous boot: $(journalctl -b -1 -o cat --no-pager -t rotary-kiosk | grep -E 'fleet update|\"event\":\"update\"' | tr '\n' ' ')"
        screendump fleet-updated ;;
    *) fail "unknown step $step" ;;
esac
say "DONE ok"
