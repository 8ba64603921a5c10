#!/usr/bin/env python3
"""The host side of every VM test (kiosk/vm-test: the package test on amd64 and arm64, and
the image test): QEMU started one way (Machine, with KVM where it really runs a guest, else
TCG), its serial console followed by a reader thread line by line as it comes, the guest's
"VMTEST" lines taken in order, its screendump requests ("VMTEST SCREENDUMP name
[button=CX:CY:R]") answered on a virtio-serial port once a picture passes its check.
package-host.py and image-host.py drive it; kiosk/lib/cross-pixels.py uses its PNG writer.

A screendump is taken again and again until its check passes (or SETTLE_SECONDS pass): the
guest asks once the kiosk has reported what the picture should show, but the panel shows it a
frame or more later. The guest waits for the answer ("SCREENDUMP name ok|fail VERDICT") before
it changes the screen again.
"""
import os
import socket
import struct
import subprocess
import sys
import threading
import time
import zlib

SETTLE_SECONDS = 60  # how long a screendump is taken again until its check passes


def monitor(path, command):
    """Runs one command on QEMU's human monitor and returns what it printed: the monitor prints
    its prompt again once the command is done (a screendump's file is then written). Right
    after power on QEMU may not have made the monitor's socket yet: waited for up to 10 s."""
    deadline = time.time() + 10
    while not os.path.exists(path) and time.time() < deadline:
        time.sleep(0.05)
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(path)
        s.settimeout(10)

        def until_prompt():
            seen = b""
            while not seen.rstrip().endswith(b"(qemu)"):
                try:
                    chunk = s.recv(65536)
                except socket.timeout:
                    break
                if not chunk:
                    break
                seen += chunk
            return seen.decode(errors="replace")

        until_prompt()  # the banner
        s.sendall((command + "\n").encode())
        return until_prompt()


def read_ppm(path):
    with open(path, "rb") as f:
        data = f.read()
    parts = data.split(maxsplit=4)
    assert parts[0] == b"P6", "not a binary PPM"
    width, height, depth = int(parts[1]), int(parts[2]), int(parts[3])
    assert depth == 255
    pixels = parts[4]
    return width, height, pixels


def write_png(path, width, height, rgb):
    raw = b"".join(b"\x00" + rgb[y * width * 3:(y + 1) * width * 3] for y in range(height))

    def chunk(kind, body):
        return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", zlib.crc32(kind + body) & 0xFFFFFFFF)

    with open(path, "wb") as f:
        f.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0))
                + chunk(b"IDAT", zlib.compress(raw, 6)) + chunk(b"IEND", b""))


def pixel(image, x, y):
    width, _, rgb = image
    i = (y * width + x) * 3
    return rgb[i], rgb[i + 1], rgb[i + 2]


def samples(image, step=8):
    """The points a picture is judged at: every step pixels, both ways (6000 on the panel)."""
    width, height, _ = image
    return [(x, y) for y in range(0, height, step) for x in range(0, width, step)]


def alike(image, other, tolerance=8):
    """The share of samples where two pictures of the same size differ by at most tolerance in
    every channel (0 when their sizes differ)."""
    if image[:2] != other[:2]:
        return 0.0
    points = samples(image)
    same = sum(1 for x, y in points
               if max(abs(a - b) for a, b in zip(pixel(image, x, y), pixel(other, x, y))) <= tolerance)
    return same / len(points)


def check(name, image, pictures, button=None):
    """The verdict on the picture name: "ok …" or what is wrong. pictures holds the ones taken
    before (the idle screen a running one is compared with); button is the centre button's
    centre and radius in panel pixels, as the kiosk's ready line gives them to the guest."""
    width, height, rgb = image
    if (width, height) != (800, 480):
        return f"{name}: the panel is {width}x{height}, not 800x480"
    if name == "calibration":
        # The first cross, white on the dark background, at 15 % of the width and height.
        cross = sum(1 for y in range(32, 113) for x in range(80, 161) if min(pixel(image, x, y)) > 180)
        if cross < 40:
            return f"calibration: no cross at the first target ({cross} white pixels)"
        return f"ok calibration: the first cross drawn in {cross} white pixels"
    coloured = sum(1 for y in range(0, height, 8) for x in range(0, width, 8)
                   if max(pixel(image, x, y)) - min(pixel(image, x, y)) > 60)
    if coloured < 300:
        return f"{name}: the panel is blank ({coloured} coloured samples)"
    message = f"{name}: {coloured} coloured samples of 6000"
    if name == "fbdev" and "idle" in pictures:
        # The same idle screen as on KMSDRM, drawn by the same software renderer: nearly every
        # sample alike (no console text or cursor over it, no wrong channel order).
        count = len(samples(image))
        same = round(alike(image, pictures["idle"]) * count)
        if same < 0.9 * count:
            return f"fbdev: only {same} of {count} samples match the KMSDRM idle screen"
        message += f"; {same} of {count} samples as on KMSDRM"
    before = {"running": "idle", "fbdev-running": "fbdev"}.get(name)
    if before in pictures:
        if button is None:
            return f"{name}: the guest did not say where the centre button is"
        idle, (cx, cy, r) = pictures[before], button
        # The middle of the button's face: running, it says Pause in white on the state's blue.
        box = [(x, y) for y in range(max(0, cy - r // 2), min(height, cy + r // 2))
               for x in range(max(0, cx - r), min(width, cx + r))]
        changed = sum(1 for x, y in box if pixel(image, x, y) != pixel(idle, x, y))
        white = sum(1 for x, y in box if min(pixel(image, x, y)) > 200)
        if changed < 100 or white < 30:
            return f"{name}: the centre shows no countdown ({changed} pixels changed, {white} white)"
        message += f"; the button's face changed in {changed} pixels with {white} white text pixels (the countdown)"
    return "ok " + message


def capture(sock, ppm):
    """What the panel shows now, through QEMU's monitor on sock, as (width, height, RGB bytes);
    the picture is left in the file ppm."""
    if os.path.exists(ppm):
        os.remove(ppm)
    monitor(sock, f"screendump {ppm}")  # returns once QEMU has written the file
    for _ in range(20):
        if os.path.exists(ppm) and os.path.getsize(ppm) > 1000:
            break
        time.sleep(0.25)
    if not os.path.exists(ppm):
        raise Failure(f"QEMU wrote no screendump {ppm}")
    return read_ppm(ppm)


def settled_screendump(sock, out, name, pictures, judge=None, limit=SETTLE_SECONDS):
    """Screendumps name (OUT/name.ppm) until its check passes or limit seconds pass; keeps
    the last as OUT/name.png. Returns the picture, the verdict and how many were taken."""
    judge = judge or (lambda image: check(name, image, pictures))
    ppm = os.path.join(out, name + ".ppm")
    deadline = time.time() + limit
    tries = 0
    while True:
        tries += 1
        image = capture(sock, ppm)
        verdict = judge(image)
        if verdict.startswith("ok") or time.time() >= deadline:
            write_png(os.path.join(out, name + ".png"), *image)
            return image, verdict, tries
        time.sleep(0.5)


class Answers:
    """The host's side of the guest's virtio-serial port (QEMU's chardev socket, a server)."""

    def __init__(self, path):
        self.path = path
        self.socket = None

    def connect(self, limit=30):
        """Connects once QEMU has made the socket; the guest reads its port as ended until then."""
        deadline = time.time() + limit
        while self.socket is None:
            attempt = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
            try:
                attempt.connect(self.path)
                self.socket = attempt
            except OSError:
                attempt.close()
                if time.time() > deadline:
                    raise
                time.sleep(0.1)

    def send(self, line):
        self.connect()
        self.socket.sendall((line.replace("\n", " ") + "\n").encode())

    def screendump(self, name, verdict):
        self.send(f"SCREENDUMP {name} {'ok' if verdict.startswith('ok') else 'fail'} {verdict}")



class Failure(Exception):
    pass


def say(text):
    print(f"vm-test: {text}", file=sys.stderr, flush=True)


def accelerator(arch, kernel=None, work=None):
    """KVM where it really runs a guest (some hosts offer a /dev/kvm that boots nothing: a
    kernel is booted with it to see), else TCG; ROTARY_VM_ACCEL chooses. arm64 guests are
    always emulated here."""
    chosen = os.environ.get("ROTARY_VM_ACCEL")
    if chosen:
        return chosen
    if arch != "amd64" or kernel is None or not os.access("/dev/kvm", os.W_OK):
        return "tcg"
    probe = os.path.join(work, "kvm-probe.log")
    if os.path.exists(probe):
        os.remove(probe)  # a probe of an earlier run says nothing about this one
    try:
        subprocess.run(["qemu-system-x86_64", "-accel", "kvm", "-m", "256", "-kernel", kernel,
                        "-append", "console=ttyS0 panic=-1", "-display", "none", "-serial", f"file:{probe}", "-no-reboot"],
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=12)
    except subprocess.TimeoutExpired:
        pass
    try:
        with open(probe, errors="replace") as log:
            return "kvm" if "Linux version" in log.read() else "tcg"
    except OSError:  # QEMU ended before it opened its serial file: KVM did not start
        return "tcg"


def machine_options(arch, accel):
    """The board, CPU and firmware QEMU emulates for arch: a PC with no VGA (the panel is the
    virtio GPU), or QEMU's generic arm64 board with a Cortex-A72 (a Raspberry Pi 4's core),
    booted by UEFI (Debian's AAVMF build of EDK II), which starts a kernel QEMU hands it."""
    if arch == "arm64":
        return ["qemu-system-aarch64", "-M", "virt", "-cpu", "cortex-a72", "-bios", "/usr/share/qemu-efi-aarch64/QEMU_EFI.fd"]
    return ["qemu-system-x86_64", "-accel", accel, "-vga", "none"]


class Machine:
    """One boot under QEMU: a 2-CPU, 2 GiB machine with an 800x480 virtio GPU as its panel,
    its serial console on QEMU's standard output (read line by line by a thread into
    WORK/serial-NAME.log), its monitor and the guest's answer port on sockets in WORK.
    boot is what starts it (a kernel and a disk, or firmware and a disk, and anything else
    the test hands the guest). Pictures of bad screendumps make it fail at once when strict,
    else they are counted in failures."""

    def __init__(self, work, name, boot, arch="amd64", accel="tcg", pictures=None, strict=True, label=None):
        self.work, self.pictures, self.strict = work, {} if pictures is None else pictures, strict
        self.name = label or name  # what messages call it
        self.serial = os.path.join(work, f"serial-{name}.log")
        self.monitor = os.path.join(work, f"monitor-{name}.sock")
        answers = os.path.join(work, f"answers-{name}.sock")  # the guest's screendumps answered
        for stale in (self.monitor, answers):
            if os.path.exists(stale):
                os.remove(stale)
        self.answers = Answers(answers)
        self.failures = []
        self.started = time.time()
        self.process = subprocess.Popen(machine_options(arch, accel) + ["-m", "2048", "-smp", "2"] + boot + [
            "-device", "virtio-gpu-pci,xres=800,yres=480", "-display", "none",
            "-device", "virtio-serial-pci", "-chardev", f"socket,id=answers,path={answers},server=on,wait=off",
            "-device", "virtserialport,chardev=answers,name=org.rotary.vmtest",
            "-serial", "stdio", "-monitor", f"unix:{self.monitor},server,nowait", "-no-reboot",
        ], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE, stderr=open(os.path.join(work, f"qemu-{name}.log"), "w"))
        self.raw = []  # the serial console's whole lines so far (the reader thread adds them)
        self.ended = False  # the console closed: QEMU is gone
        self.arrived = threading.Condition()
        self.reader = threading.Thread(target=self.follow_console, daemon=True)
        self.reader.start()
        self.seen = 0
        self.lines = []
        self.taken = 0

    def follow_console(self):
        """Reader thread: every line of the serial console into the log and self.raw."""
        with open(self.serial, "w") as log:
            for raw in iter(self.process.stdout.readline, b""):
                line = raw.decode(errors="replace").rstrip("\r\n")
                log.write(line + "\n")
                log.flush()
                with self.arrived:
                    self.raw.append(line)
                    self.arrived.notify_all()
        with self.arrived:
            self.ended = True
            self.arrived.notify_all()

    def await_lines(self, seconds):
        """Waits up to seconds for a serial line not read yet, or for the console to close."""
        with self.arrived:
            self.arrived.wait_for(lambda: len(self.raw) > self.seen or self.ended, timeout=max(0, seconds))

    def pull_plug(self):
        """The power cut: QEMU dies at once, nothing is flushed or unmounted in the guest."""
        self.process.kill()
        self.process.wait()

    def read(self):
        """Takes the new VMTEST lines (wherever on their console line they start: a getty's
        prompt may stand before one); screendumps as the guest asks."""
        with self.arrived:
            lines = list(self.raw)
        for raw in lines[self.seen:]:
            if "VMTEST " not in raw:
                continue
            line = raw[raw.index("VMTEST "):].strip()
            self.lines.append(line)
            if line.startswith("VMTEST SCREENDUMP "):
                words = line.split()
                fields = dict(word.split("=", 1) for word in words[3:] if "=" in word)
                button = tuple(round(float(v)) for v in fields["button"].split(":")) if "button" in fields else None
                self.screendump(words[2], answer=True, button=button)
            elif line.startswith(("VMTEST FAIL", "VMTEST journal", "VMTEST unit")):
                say(f"{self.name}: {line}")
        self.seen = len(lines)

    def take(self, prefix, fail_fast=True):
        """The next line not taken yet that starts with prefix (nil: none so far); a FAIL line
        before it ends the test when fail_fast."""
        for index in range(self.taken, len(self.lines)):
            if fail_fast and self.lines[index].startswith("VMTEST FAIL"):
                raise Failure(f"{self.name}: {self.lines[index]}")
            if self.lines[index].startswith(prefix):
                self.taken = index + 1
                return self.lines[index]
        return None

    def screendump(self, name, check=True, answer=False, judge=None, button=None):
        """A picture of the panel, kept as WORK/name.png. Checked ones are taken again until
        the check passes (or SETTLE_SECONDS pass); the guest that asked is answered once it
        is taken. judge(name, image) gives the verdict (default: check against the pictures
        taken before)."""
        if not check:
            write_png(os.path.join(self.work, name + ".png"), *self.picture(name))
            say(f"{self.name}: screendump {name}.png")
            return
        verdicts = judge or self.judge
        image, verdict, tries = settled_screendump(self.monitor, self.work, name, self.pictures,
                                                   lambda image: verdicts(name, image, button))
        self.pictures[name] = image
        say(f"{self.name}: screendump {name}.png {verdict}{f' (picture {tries})' if tries > 1 else ''}")
        if answer:
            self.answers.screendump(name, verdict)
        if not verdict.startswith("ok"):
            self.failures.append(verdict)
            if self.strict:
                raise Failure(verdict)

    def picture(self, name="picture"):
        """What the panel shows now, as (width, height, RGB bytes), unchecked and not kept."""
        return capture(self.monitor, os.path.join(self.work, name + ".ppm"))

    def judge(self, name, image, button):
        """The verdict on screendump name: check() against the pictures taken before."""
        return check(name, image, self.pictures, button)

    def wait_for(self, prefix, limit, fail_fast=True):
        """The next line starting with prefix; nil when QEMU stopped first."""
        deadline = time.time() + limit
        while time.time() < deadline:
            self.read()
            line = self.take(prefix, fail_fast)
            if line is not None:
                return line
            if self.ended:
                return None
            self.await_lines(deadline - time.time())
        raise Failure(f"{self.name}: no '{prefix}' within {limit:.0f} s")

    def follow_until(self, seconds):
        """Takes the guest's lines (and its screendumps) until seconds after power on, or until QEMU stops."""
        while not self.ended and time.time() - self.started < seconds:
            self.await_lines(seconds - (time.time() - self.started))
            self.read()

    def wait_exit(self, limit):
        """Waits for the guest to end QEMU (a reboot or power off with -no-reboot), taking its last lines."""
        try:
            self.process.wait(timeout=limit)
        except subprocess.TimeoutExpired:
            raise Failure(f"{self.name}: did not end within {limit} s")
        self.reader.join()
        self.read()
