#!/usr/bin/env python3
"""Follows the VM's serial console for the guest test: takes QEMU screendumps when the guest
asks ("VMTEST SCREENDUMP name"), checks their pixels, keeps them as PNG, answers the guest
on a virtio-serial port, and exits 0 when the guest reports "VMTEST DONE ok".

    host-watch.py SERIAL_LOG MONITOR_SOCKET OUT_DIR QEMU_PID TIMEOUT_SECONDS ANSWER_SOCKET

A screendump is taken again and again until its check passes (or SETTLE_SECONDS pass): the
guest asks once the kiosk has reported what the picture should show, but the panel shows it a
frame or more later. The guest waits for the answer ("SCREENDUMP name ok|fail VERDICT") before
it changes the screen again. image-host.py uses the same functions.
"""
import os
import socket
import struct
import sys
import time
import zlib

SETTLE_SECONDS = 60  # how long a screendump is taken again until its check passes


def monitor(path, command):
    """Runs one command on QEMU's human monitor and returns what it printed: the monitor prints
    its prompt again once the command is done (a screendump's file is then written)."""
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


def check(name, image, pictures):
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
        idle = pictures["idle"]
        samples = [(x, y) for y in range(0, height, 8) for x in range(0, width, 8)]
        alike = sum(1 for x, y in samples
                    if max(abs(a - b) for a, b in zip(pixel(image, x, y), pixel(idle, x, y))) <= 8)
        if alike < 0.9 * len(samples):
            return f"fbdev: only {alike} of {len(samples)} samples match the KMSDRM idle screen"
        message += f"; {alike} of {len(samples)} samples as on KMSDRM"
    if name in ("running", "fbdev-running") and {"running": "idle", "fbdev-running": "fbdev"}[name] in pictures:
        idle = pictures[{"running": "idle", "fbdev-running": "fbdev"}[name]]
        # The centre button: the rings stand on the left of an 800x480 panel, centred on (240, 240).
        button = [(x, y) for y in range(225, 256) for x in range(210, 271)]
        changed = sum(1 for x, y in button if pixel(image, x, y) != pixel(idle, x, y))
        white = sum(1 for x, y in button if min(pixel(image, x, y)) > 200)
        if changed < 100 or white < 30:
            return f"{name}: the centre shows no countdown ({changed} pixels changed, {white} white)"
        message += f"; the button's face changed in {changed} pixels with {white} white text pixels (the countdown)"
    return "ok " + message


def settled_screendump(sock, out, name, pictures, judge=None, limit=SETTLE_SECONDS):
    """Screendumps name (OUT/name.ppm) until its check passes or limit seconds pass; keeps
    the last as OUT/name.png. Returns the picture, the verdict and how many were taken."""
    judge = judge or (lambda image: check(name, image, pictures))
    ppm = os.path.join(out, name + ".ppm")
    deadline = time.time() + limit
    tries = 0
    while True:
        tries += 1
        if os.path.exists(ppm):
            os.remove(ppm)
        monitor(sock, f"screendump {ppm}")  # returns once QEMU has written the file
        for _ in range(20):
            if os.path.exists(ppm) and os.path.getsize(ppm) > 1000:
                break
            time.sleep(0.25)
        image = read_ppm(ppm)
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


def main():
    serial, sock, out, qemu_pid, timeout = sys.argv[1], sys.argv[2], sys.argv[3], int(sys.argv[4]), float(sys.argv[5])
    answers = Answers(sys.argv[6])
    answers.connect()
    deadline = time.time() + timeout
    seen = 0
    pictures = {}
    failures = []
    while time.time() < deadline:
        try:
            os.kill(qemu_pid, 0)
        except ProcessLookupError:
            print("vm-test: QEMU exited before the guest test finished", file=sys.stderr)
            return 1
        text = open(serial, errors="replace").read() if os.path.exists(serial) else ""
        lines = text[:text.rfind("\n") + 1].splitlines()  # whole lines only: a line being written is read next time
        for line in lines[seen:]:
            line = line.strip()
            if line.startswith("VMTEST SCREENDUMP "):
                name = line.split()[-1]
                image, verdict, tries = settled_screendump(sock, out, name, pictures)
                pictures[name] = image
                print(f"vm-test: screendump {verdict}{f' (picture {tries})' if tries > 1 else ''}", file=sys.stderr)
                if not verdict.startswith("ok"):
                    failures.append(verdict)
                answers.screendump(name, verdict)
            elif line.startswith("VMTEST DONE"):
                ok = line.endswith("ok") and not failures
                for failure in failures:
                    print(f"vm-test: FAIL {failure}", file=sys.stderr)
                return 0 if ok else 1
        seen = len(lines)
        time.sleep(0.5)
    print(f"vm-test: FAIL no result from the guest within {timeout:.0f} s", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main())
