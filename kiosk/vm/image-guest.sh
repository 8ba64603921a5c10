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
set -u
# Each line opens the serial port anew: the serial getty's hangup at its start cuts off any
# descriptor opened before it.
say() { echo "VMTEST $*" >/dev/ttyS0; }
fail() {
    say "FAIL $*"
    journalctl -b --no-pager | grep -E 'rotary|slot|rauc' | tail -30 | while read -r line; do say "journal: $line"; done
    say "DONE fail"
    exit 1
}
wait_for() {  # SECONDS COMMAND...: retries COMMAND until it succeeds
    local limit=$1; shift
    for _ in $(seq 1 $((limit * 4))); do "$@" && return 0; sleep 0.25; done
    return 1
}
journal() { journalctl -b -t rotary-kiosk -o cat --no-pager "$@" 2>/dev/null; }
kiosk_ready() { journal | grep -q '"event":"ready"'; }
fingers() { python3 /usr/local/lib/rotary-vm/touch.py 800 480 "$@" || fail "touch.py failed"; }
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

# The kiosk's first frame: its ready event, with the boot's uptime at that moment.
ready() {
    wait_for 300 kiosk_ready || fail "no ready event in 300 s"
    local at
    at=$(journalctl -b -t rotary-kiosk -o json --no-pager | python3 -c '
import json, sys
for line in sys.stdin:
    entry = json.loads(line)
    if "\"event\":\"ready\"" in str(entry.get("MESSAGE", "")):
        print("%.1f %.3f" % (int(entry["__MONOTONIC_TIMESTAMP"]) / 1e6, int(entry["__REALTIME_TIMESTAMP"]) / 1e6)); break')
    say "READY uptime=${at% *} epoch=${at#* }"
}

# The first timer line of this boot (the countdown the kiosk resumed), as "state left epoch".
first_timer() {
    journalctl -b -t rotary-kiosk -o json --no-pager | python3 -c '
import json, sys
for line in sys.stdin:
    entry = json.loads(line)
    message = str(entry.get("MESSAGE", ""))
    if "\"event\":\"timer\"" in message:
        timer = json.loads(message)
        print(timer["state"], timer.get("seconds_left", 0), int(entry["__REALTIME_TIMESTAMP"]) / 1e6); break'
}

# Everything a power cut must not have broken.
check() {
    local fsck problems rows timer expected replayed
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
    # The countdown: one of the outcomes the notes accept, with the right time left.
    wait_for 20 bash -c "journalctl -b -t rotary-kiosk -o cat --no-pager | grep -q '\"event\":\"timer\"'"
    timer=$(first_timer)
    [ -n "$timer" ] || timer="idle 0 $(date +%s.%N)"
    expected=$(python3 - "$notes/countdown.json" $timer <<'PY'
import json, sys
accept = json.load(open(sys.argv[1]))
state, left, at = sys.argv[2], float(sys.argv[3]), float(sys.argv[4])
for outcome in accept:
    if outcome["state"] == "running" and state == "running":
        should = outcome["end"] - at
        if abs(left - should) <= 4:
            print(f"{state} with {left:.0f} s left, {should:.0f} s expected"); sys.exit(0)
    elif outcome["state"] == "idle" and state in ("idle", "cancelled", "finished"):
        print(f"{state}, as expected"); sys.exit(0)
sys.exit(f"{state} with {left:.0f} s left; the notes accept {accept} at {at:.0f}")
PY
) || fail "check: countdown: $expected"
    replayed=$(dmesg | grep -c 'EXT4-fs (.*): recovery complete')
    say "CHECK ok: fsck: ${fsck:-(no log)} (ext4 journal replays at mount: $replayed); usage.db integrity ok, $rows rows; config intact; countdown $expected"
}

# Notes which countdowns the next boot may show; written (and synced) before the plug is pulled.
accept() { echo "$1" >"$notes/countdown.json.new" && sync "$notes/countdown.json.new" && mv "$notes/countdown.json.new" "$notes/countdown.json" && sync "$notes"; }
running_left() { journal | grep '"event":"timer"' | tail -1 | sed -n 's/.*"state":"running".*"seconds_left":\([0-9.]*\).*/\1/p'; }
start_countdown() {
    fingers sleep:2 tap:240:240 sleep:1
    wait_for 30 bash -c "journalctl -b -t rotary-kiosk -o cat --no-pager | grep '\"event\":\"timer\"' | tail -1 | grep -q '\"state\":\"running\"'" \
        || fail "no running countdown after tapping Start"
    local left; left=$(running_left)
    accept "[{\"state\": \"running\", \"end\": $(python3 -c "import time; print(time.time() + $left)")}]"
    say "COUNTDOWN running, $left s left"
}

act() {
    case "$1" in
        countdown)
            [ -n "$(running_left)" ] || start_countdown
            say "ARMED countdown" ;;
        config-save)
            # Corners held, the Touch tab, Calibrate, the four crosses (which saves), close.
            fingers sleep:2 hold2:10:10:790:470:5.6 sleep:1 tap:362:77 sleep:1.8 tap:354:77 sleep:1.8 tap:400:273 sleep:1.5
            journal | grep -q '"action":"opened"' || fail "config-save: the service screen did not open"
            say "ARMED config-save"
            fingers tap:120:72 sleep:0.7 tap:680:120 sleep:0.7 tap:240:408 sleep:0.7 tap:640:360 sleep:1.5 tap:771:26 sleep:2
            say "NOTE config-save finished before the cut: $(journal | grep '"action":"calibrat' | tail -1)" ;;
        usage-write)
            if [ -n "$(running_left)" ]; then
                fingers sleep:1 hold:240:240:2.5 sleep:1.5
                wait_for 10 bash -c "journalctl -b -t rotary-kiosk -o cat --no-pager | grep '\"event\":\"timer\"' | tail -1 | grep -q cancelled" \
                    || fail "usage-write: holding the button did not cancel the countdown"
            fi
            local minutes; minutes=$(journal | grep '"event":"value","id":"dial"' | tail -1 | sed -n 's/.*"value":\([0-9.]*\).*/\1/p')
            accept "[{\"state\": \"idle\"}, {\"state\": \"running\", \"end\": $(python3 -c "import time; print(time.time() + 60 * ${minutes:-15})")}]"
            say "ARMED usage-write"
            fingers tap:240:240 sleep:3 ;;
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
        say "SCREENDUMP first-boot"
        sleep 4
        start_countdown
        sleep 2
        say "SCREENDUMP running"
        sleep 4 ;;
    check)
        ready; check ;;
    check-then:*)
        ready; check
        confirmed || fail "check: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        act "${step#check-then:}" ;;
    update:*)
        ready
        bundle="${step#update:}"
        for name in unsigned.raucb rogue.raucb; do
            [ "$bundle" = bad.raucb ] || break
            curl -sf -o "/data/vmtest/$name" "http://$host:$port/$name" || fail "cannot fetch $name"
            if out=$(rauc install "/data/vmtest/$name" 2>&1); then fail "rauc installed $name"; fi
            say "REFUSED $name: $(echo "$out" | grep -i -E 'signature|verif|certificate|LastError' | head -2 | tr '\n' ' ')"
            rm -f "/data/vmtest/$name"
        done
        curl -sf -o "/data/vmtest/$bundle" "http://$host:$port/$bundle" || fail "cannot fetch $bundle"
        out=$(rauc install "/data/vmtest/$bundle" 2>&1) || fail "rauc install $bundle: $out"
        rm -f "/data/vmtest/$bundle"
        say "INSTALLED $bundle: $(echo "$out" | tail -1); primary now $(rauc status --output-format=shell | sed -n 's/^RAUC_BOOT_PRIMARY=//p')"
        say "REBOOTING"
        systemctl reboot ;;
    updated|rolled-back)
        ready
        confirmed || fail "$step: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        say "SLOT $(/usr/lib/rotary-image/slot status); kiosk $(rotary-kiosk --version); grubenv $(grub-editenv /data/boot/grubenv list | tr '\n' ' ')"
        if [ "$step" = rolled-back ]; then
            say "ROLLBACK $(journalctl -b -1 -o cat --no-pager -u rotary-slot-rollback | grep 'slot:' | tail -1)"
            say "ROLLBACK previous boot: $(journalctl -b -1 -o cat --no-pager -t rotary-kiosk | tail -1)"
        fi
        say "SCREENDUMP $step"
        sleep 4 ;;
    fleet)
        ready
        if [ -n "$(running_left)" ]; then
            fingers sleep:1 hold:240:240:2.5 sleep:1.5
        fi
        printf '\n[mqtt]\nbroker = "mqtt://%s:%s"\nid = "vm-kiosk"\nupdates = "armed"\n' "$host" "$broker" >>/etc/rotary/rotary.toml
        old=$(systemctl show -p MainPID --value rotary-kiosk)
        systemctl restart rotary-kiosk
        wait_for 120 bash -c "[ \"\$(systemctl show -p MainPID --value rotary-kiosk)\" != $old ] && journalctl -b -t rotary-kiosk -o cat --no-pager _PID=\$(systemctl show -p MainPID --value rotary-kiosk) | grep -q '\"event\":\"ready\"'" \
            || fail "fleet: the kiosk did not come back with the broker in its config"
        say "FLEET ready: $(rotary-kiosk --version) on slot $(sed -n 's/.*rauc\.slot=\([AB]\).*/\1/p' /proc/cmdline), joined the broker with updates armed"
        # The host sends the update; this boot ends with the kiosk's reboot into it.
        sleep 600
        fail "fleet: no reboot within 600 s of joining the broker" ;;
    fleet-updated)
        ready
        confirmed || fail "fleet-updated: the slot was not confirmed: $(/usr/lib/rotary-image/slot status)"
        say "SLOT $(/usr/lib/rotary-image/slot status); kiosk $(rotary-kiosk --version); result $(cat /var/lib/rotary-image/update-result)"
        say "FLEET previous boot: $(journalctl -b -1 -o cat --no-pager -t rotary-kiosk | grep -E 'fleet update|\"event\":\"update\"' | tr '\n' ' ')"
        say "SCREENDUMP fleet-updated"
        sleep 4 ;;
    *) fail "unknown step $step" ;;
esac
say "DONE ok"
