#!/usr/bin/env python3
"""The host side of kiosk/vm-test --image: boots the kiosk image under QEMU (OVMF, virtio
disk and GPU, user-mode network) again and again, tells each boot what to do through the
fw_cfg entry opt/rotary/step (image-guest.sh reads it), pulls the plug (SIGKILL to QEMU,
no shutdown) at random moments, serves the update bundles over HTTP on the host's loopback
(the guest reaches it as 10.0.2.2), and reports every boot.

    image-host.py DISK WORK_DIR BUNDLE_DIR SEED CUTS V1_VERSION V2_VERSION KERNEL [short]

KERNEL is a kernel to find out with whether KVM really runs a guest here (vmhost.accelerator).

short (what ./kiosk/test runs): the first boot, whose plug is pulled while its countdown runs;
the next boot checks what that cut left and installs the bad bundle (after the unsigned and
the wrongly signed one are refused), which is rolled back to v1; no v2 update, no fleet.
"""
import functools
import http.server
import json
import os
import random
import signal
import subprocess
import sys
import threading
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bootwatch  # noqa: E402
import vmhost  # noqa: E402
from vmhost import Failure, say  # noqa: E402

BOOT_LIMIT = 420  # seconds a boot may take to say what it did, under TCG
CHILDREN = []  # QEMU, mosquitto, mosquitto_sub: ended however the test ends


class Boot(vmhost.Machine):
    """One boot of the image: OVMF and the disk, a user-mode network, and this boot's step
    (with the bundle server's and the broker's ports) in fw_cfg for image-guest.sh."""

    def __init__(self, disk, work, number, step, port, broker, pictures, accel):
        self.number, self.step = number, step
        super().__init__(work, f"{number:02d}", [
            "-drive", "if=pflash,format=raw,readonly=on,file=/usr/share/OVMF/OVMF_CODE_4M.fd",
            "-drive", f"if=pflash,format=raw,file={os.path.join(work, 'vars.fd')}",
            "-drive", f"file={disk},format=raw,if=virtio",
            "-nic", "user,model=virtio-net-pci",
            "-fw_cfg", f"name=opt/rotary/step,string={step}",
            "-fw_cfg", f"name=opt/rotary/port,string={port}",
            "-fw_cfg", f"name=opt/rotary/broker,string={broker}",
        ], accel=accel, pictures=pictures, label=f"boot {number} ({step})")
        CHILDREN.append(self.process)

    def judge(self, name, image, button):
        """Every running picture is held to the first boot's idle screen."""
        idle = self.pictures.get("first-boot", image)
        return vmhost.check("running" if name.startswith("running") else name, image, {"idle": idle}, button)

    def wait_for(self, prefix, limit=BOOT_LIMIT, fail_fast=True):
        return super().wait_for(prefix, limit, fail_fast)

    def wait_exit(self, limit=BOOT_LIMIT):
        return super().wait_exit(limit)


class Bundles(http.server.SimpleHTTPRequestHandler):
    def log_message(self, *args):
        pass


class BundleServer(http.server.ThreadingHTTPServer):
    def handle_error(self, request, client_address):
        # The guest's fetch-bundle hangs up on purpose when a bundle is over its limit.
        if not isinstance(sys.exc_info()[1], (ConnectionResetError, BrokenPipeError)):
            super().handle_error(request, client_address)


def serve(directory):
    server = BundleServer(("127.0.0.1", 0), functools.partial(Bundles, directory=directory))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server.server_address[1]


def mosquitto(work):
    """A broker of the test's own on the host's loopback (the guest reaches it as 10.0.2.2)."""
    import socket
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    conf = os.path.join(work, "mosquitto.conf")
    with open(conf, "w") as f:
        f.write(f"listener {port} 127.0.0.1\nallow_anonymous true\npersistence false\nlog_dest stderr\n")
    # Its log goes to standard error, unbuffered: it says it runs once its listener is open;
    # the rest goes to mosquitto.log.
    process = subprocess.Popen(["mosquitto", "-c", conf], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
    CHILDREN.append(process)
    log = open(os.path.join(work, "mosquitto.log"), "w", buffering=1)
    for line in process.stderr:
        log.write(line)
        if " running" in line:
            threading.Thread(target=lambda: log.writelines(process.stderr), daemon=True).start()
            return process, port
    raise Failure("the test's mosquitto did not start: see mosquitto.log")


def retained(port, topic):
    """The retained payload on topic (nil: none within 10 s)."""
    out = subprocess.run(["mosquitto_sub", "-p", str(port), "-t", topic, "-C", "1", "-W", "10"], capture_output=True, text=True)
    return out.stdout.strip() or None


def record_when(port, topic, done, limit=60):
    """The first JSON record on topic (the retained one, then each new one) for which done(record) holds; else the
    last one seen within limit seconds ({} when none came)."""
    sub = subprocess.Popen(["mosquitto_sub", "-p", str(port), "-t", topic, "-W", str(limit)], stdout=subprocess.PIPE, text=True)
    CHILDREN.append(sub)
    record = {}
    for line in sub.stdout:
        record = json.loads(line)
        if done(record):
            break
    sub.kill()
    return record


def main():
    disk, work, bundles, seed, cuts, v1, v2, kernel = sys.argv[1:4] + [int(sys.argv[4]), int(sys.argv[5])] + sys.argv[6:9]
    short = sys.argv[9:] == ["short"]
    accel = vmhost.accelerator("amd64", kernel, work)
    say(f"booting the image (OVMF, virtio-gpu 800x480, accelerator {accel})")
    port = serve(bundles)
    broker, broker_port = mosquitto(work)
    pictures = {}
    count = [0]

    def boot(step):
        count[0] += 1
        return Boot(disk, work, count[0], step, port, broker_port, pictures, accel)

    # First boot: the data partition grows, the kiosk's first frame, a countdown started.
    first = boot("first")
    # What the panel shows from power on, a picture a second until the kiosk's first frame.
    watch = bootwatch.Watch(first, work)
    ready = watch.until("VMTEST READY", BOOT_LIMIT)
    seen_at = time.time() - first.started
    uptime = float(ready.split("uptime=")[1].split()[0])
    epoch = float(ready.split("epoch=")[1].split()[0])
    say(f"boot 1: first frame {epoch - first.started:.1f} s after QEMU started ({uptime:.1f} s of it after the "
        f"kernel started; firmware and GRUB the rest); the host read it at {seen_at:.1f} s")
    for line in (first.wait_for("VMTEST FIRST ok"), first.wait_for("VMTEST FIRST ok: rauc")):
        say(f"boot 1: {line[7:]}")
    first.wait_for("VMTEST SCREENDUMP first-boot")
    seen, wrong = watch.verdict(pictures["first-boot"])
    say(f"boot 1: the panel from power on, a screendump a second (boot-SSS.Ss.png): {', '.join(seen)}")
    if wrong:
        raise Failure(f"boot 1: while it booted the panel showed what it must not: {'; '.join(wrong)}")
    say(f"boot 1: {first.wait_for('VMTEST COUNTDOWN')[7:]}")
    if first.wait_for("VMTEST DONE") != "VMTEST DONE ok":
        raise Failure("first boot failed")
    first.pull_plug()

    # Power cuts at random moments; each next boot checks what the cut may have broken.
    chooser = random.Random(seed)
    if short:
        moments = []
        say("power cuts: the first boot's, its countdown running")
    else:
        moments = (["boot", "countdown", "config-save", "usage-write"] * ((cuts + 3) // 4))[:cuts]
        chooser.shuffle(moments)
        say(f"power cuts: {len(moments)}, seed {seed}: {' '.join(moments)}")
    last = "the first boot, a countdown running"
    for index, moment in enumerate(moments, 1):
        if moment == "boot":
            machine = boot("check")
            delay = chooser.uniform(2.0, max(3.0, epoch - first.started - 2.0))
            machine.follow_until(delay)
            checked = [line for line in machine.lines if line.startswith("VMTEST CHECK")]
            machine.pull_plug()
            what = f"during boot, {delay:.1f} s after power on" + (" (after the check)" if checked else "")
        else:
            machine = boot(f"check-then:{moment}")
            checked = [machine.wait_for("VMTEST CHECK")]
            machine.wait_for(f"VMTEST ARMED {moment}")
            delay = chooser.uniform(0.0, {"countdown": 5.0, "config-save": 4.5, "usage-write": 1.5}[moment])
            time.sleep(delay)
            machine.read()
            machine.pull_plug()
            what = f"{moment}, {delay:.1f} s after the guest armed it"
        for line in checked:
            say(f"cut {index - 1} ({last}) → boot {machine.number}: {line[7:]}")
        say(f"cut {index}: {what}")
        last = what
    # The short run's check is also the boot that installs the bad bundle (one boot fewer).
    final = boot("check-then:update:bad.raucb" if short else "check")
    say(f"cut {len(moments)} ({last}) → boot {final.number}: {final.wait_for('VMTEST CHECK')[7:]}")
    if not short:
        final.wait_for("VMTEST DONE ok")
        final.pull_plug()

    # A/B updates: v2 onto the running v1 (not in the short run); then a bundle whose kiosk
    # exits at start, after an unsigned and a wrongly signed one are refused.
    good = "A", v1
    machine = final
    if not short:
        machine = boot("update:v2.raucb")
        say(f"boot {machine.number}: {machine.wait_for('VMTEST INSTALLED')[7:]}")
        machine.wait_exit()
        machine = boot("updated")
        slot = machine.wait_for("VMTEST SLOT")
        say(f"boot {machine.number}: {slot[7:]}")
        if f"slot=B release={v2} confirmed" not in slot or f"kiosk {v2};" not in slot:
            raise Failure(f"after the update: {slot}, not v2 ({v2}) confirmed on slot B")
        machine.wait_for("VMTEST DONE ok")
        machine.pull_plug()
        good = "B", v2
        machine = boot("update:bad.raucb")
    for _ in range(3):
        say(f"boot {machine.number}: {machine.wait_for('VMTEST REFUSED')[7:]}")
    say(f"boot {machine.number}: {machine.wait_for('VMTEST INSTALLED')[7:]}")
    machine.wait_exit()
    for attempt in (1, 2):
        machine = boot("rolled-back")
        slot = machine.wait_for("VMTEST SLOT")
        if slot is None:
            boot_line = next((line for line in machine.lines if line.startswith("VMTEST BOOT")), "(no agent line)")
            say(f"boot {machine.number}: rebooted by itself without a first frame: {boot_line[7:]}")
            continue
        say(f"boot {machine.number}, boot {attempt} after the bad update: {slot[7:]}")
        if f"slot={good[0]} release={good[1]} confirmed" not in slot:
            raise Failure(f"after the bad update: {slot}, not {good[1]} on slot {good[0]}")
        machine.wait_for("VMTEST DONE ok")
        for line in machine.lines:
            if line.startswith("VMTEST ROLLBACK"):
                say(f"boot {machine.number}: {line[7:]}")
        machine.pull_plug()
        break
    else:
        raise Failure("the kiosk was not back on the good slot within two boots of the bad update")

    if short:
        broker.terminate()
        return 0

    # Over the fleet: the kiosk joins the broker with updates armed; an update message
    # installs v2 into the other slot and reboots into it; the state record says so.
    machine = boot("fleet")
    say(f"boot {machine.number}: {machine.wait_for('VMTEST FLEET ready')[7:]}")
    events = subprocess.Popen(["mosquitto_sub", "-p", str(broker_port), "-t", "rotary/vm-kiosk/event"],
                              stdout=subprocess.PIPE, text=True)
    CHILDREN.append(events)
    before = json.loads(retained(broker_port, "rotary/vm-kiosk/state") or "{}")
    say(f"fleet: state record before: slot {before.get('slot')}, version {before.get('version')}")
    subprocess.run(["mosquitto_pub", "-p", str(broker_port), "-q", "1", "-t", "rotary/vm-kiosk/set/update",
                    "-m", json.dumps(f"http://10.0.2.2:{port}/v2.raucb")], check=True)
    machine.wait_exit()
    events.terminate()
    updates = [line for line in events.communicate()[0].splitlines() if '"update"' in line or '"command"' in line]
    for line in updates:
        say(f"fleet: event {line}")
    if not any('"state":"rebooting"' in line for line in updates):
        raise Failure("no update event said rebooting before the reboot")
    machine = boot("fleet-updated")
    slot = machine.wait_for("VMTEST SLOT")
    say(f"boot {machine.number}: {slot[7:]}")
    machine.wait_for("VMTEST DONE ok")
    after = record_when(broker_port, "rotary/vm-kiosk/state", lambda record: record.get("update", {}).get("result") == "running")
    say(f"fleet: state record after: slot {after.get('slot')}, version {after.get('version')}, update {after.get('update')}")
    if after.get("slot") == before.get("slot") or after.get("version") != v2 or after.get("update", {}).get("result") != "running":
        raise Failure(f"after the fleet update the state record says {after}")
    fleet = subprocess.run([os.environ.get("ROTARY_KIOSK_BINARY", "rotary-kiosk"), "fleet", "--broker",
                            f"mqtt://127.0.0.1:{broker_port}", "--json", "--wait", "2"], capture_output=True, text=True)
    say(f"fleet: rotary-kiosk fleet --json: {fleet.stdout.strip() or fleet.stderr.strip()}")
    machine.pull_plug()
    broker.terminate()
    return 0


if __name__ == "__main__":
    # SIGTERM (vm-test stopped) ends through the `finally` below too: no QEMU or broker left over.
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        sys.exit(main())
    except Exception as failure:  # a Failure, or a step that found QEMU gone (None)
        say(f"FAIL {failure}")
        sys.exit(1)
    finally:
        for child in CHILDREN:
            if child.poll() is None:
                child.kill()
