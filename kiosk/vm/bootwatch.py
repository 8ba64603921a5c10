#!/usr/bin/env python3
"""What the panel shows from power on, as the image test sees it: a screendump every second
until the kiosk's first frame, each one called black, the splash, the kiosk or the firmware's.
The image may show only black, then the splash, then the kiosk (with at most a moment's black
between the two, BLINK_FRAMES); the firmware (OVMF here, a
board's own on a real panel) is not the image's, and its pictures are allowed until it starts
the image's loader. Its last picture may stay up after that (GRUB draws nothing, so it stays
until the kernel takes the display), but must not change.

    bootwatch.py splash FILE    writes the test's splash (the PNG the test image boots with)

image-host.py drives the watch (Watch) on the first boot and holds the verdict to it.
"""
import os
import re
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmhost  # noqa: E402

PANEL = 800, 480
SPLASH = 400, 240  # the test's splash: smaller than the panel, so Plymouth centres it unscaled
# The most black screendumps allowed between the splash and the kiosk: the panel goes black
# a moment before the kiosk's first frame is on it (0.65 s in the VM, measured with a
# screendump every 0.1 s, where OpenGL is llvmpipe and the kiosk falls back to its software
# renderer; likely SDL's KMSDRM driver taking the display). One screendump a second catches
# it at most once; the console's blank while the kiosk started, which TTYReset caused,
# showed in 14.
BLINK_FRAMES = 1
# OVMF's last line on the serial console before it runs the disk's loader (GRUB).
FIRMWARE_DONE = "BdsDxe: starting Boot"
SYSTEMD_UNIT_NAME = "\x1b[0;1;39m"  # how systemd's status lines highlight a unit's name


def strip_escapes(line):
    """A serial line without its terminal escapes and carriage returns."""
    return re.sub(r"\x1b\[[0-9;=?]*[A-Za-z]", "", line).replace("\r", "")


def splash_pixels():
    """The test's splash, RGB rows: a teal field with a white ring and an amber dot in it (our
    own drawing; nothing in the kiosk's picture looks like it)."""
    width, height = SPLASH
    cx, cy = width / 2, height / 2
    rows = bytearray()
    for y in range(height):
        for x in range(width):
            d = ((x - cx) ** 2 + (y - cy) ** 2) ** 0.5
            if d < 30:
                rows += bytes((240, 170, 40))
            elif 70 <= d < 90:
                rows += bytes((250, 250, 250))
            else:
                rows += bytes((20, 110, 120))
    return bytes(rows)


def splash_on_panel():
    """The panel as Plymouth should show the test's splash: centred on black."""
    (width, height), (sw, sh) = PANEL, SPLASH
    left, top = (width - sw) // 2, (height - sh) // 2
    splash = splash_pixels()
    rgb = bytearray(width * height * 3)
    for y in range(sh):
        start = ((top + y) * width + left) * 3
        rgb[start:start + sw * 3] = splash[y * sw * 3:(y + 1) * sw * 3]
    return width, height, bytes(rgb)


def black(image):
    """Nothing lit; or only QEMU's one line in the middle that stands for no picture at all
    ("Display output is not active.": the guest has switched the output off, a dark panel)."""
    width, height, _ = image
    points = vmhost.samples(image)
    lit = [(x, y) for x, y in points if max(vmhost.pixel(image, x, y)) > 24]
    return len(lit) <= len(points) // 1000 or (
        len(lit) <= len(points) // 100 and all(abs(y - height // 2) <= 16 for _, y in lit))


def classify(image, splash, kiosk):
    """black, splash, kiosk or other (what the image must never show once the firmware is done)."""
    if black(image):
        return "black"
    if vmhost.alike(image, splash) >= 0.98:
        return "splash"
    if vmhost.alike(image, kiosk) >= 0.90:
        return "kiosk"
    return "other"


class Watch:
    """Screendumps of one boot's panel, one a second from power on, with the moment each was
    taken and whether the firmware had started the loader by then (its serial line read)."""

    def __init__(self, machine, out):
        self.machine, self.out = machine, out
        self.frames = []  # (seconds after power on, firmware done, image, file name)

    def firmware_done(self):
        with self.machine.arrived:
            return any(FIRMWARE_DONE in line for line in self.machine.raw)

    def until(self, prefix, limit):
        """Screendumps every second until the guest says prefix (its line, returned), each kept
        at once as OUT/boot-SSS.Ss.png, seconds after power on (a boot that fails leaves them
        too)."""
        deadline = time.time() + limit
        while True:
            if self.machine.ended:
                raise vmhost.Failure(f"{self.machine.name}: QEMU ended before '{prefix}'")
            done = self.firmware_done()  # read before the picture: a picture after it is the image's
            at, image = time.time() - self.machine.started, self.machine.picture()
            name = f"boot-{at:05.1f}s.png"
            vmhost.write_png(os.path.join(self.out, name), *image)
            self.frames.append((at, done, image, name))
            self.machine.follow_until(len(self.frames))
            self.machine.read()
            line = self.machine.take(prefix)
            if line is not None:
                return line
            if time.time() > deadline:
                raise vmhost.Failure(f"{self.machine.name}: no '{prefix}' within {limit} s of watching the panel")

    def loader_words(self):
        """What GRUB wrote on the firmware's console (which OVMF shows on the panel and copies
        to the serial port): the text after the firmware's last line and before the kernel's,
        systemd's or the guest's first, without terminal escapes. A picture a second misses a
        line GRUB shows for a moment; the serial port does not. systemd's status lines go to the
        serial port only (the kernel's one console): Plymouth, once started, asks systemd to
        show its status (SIGRTMIN+20) and leaves the serial port to it, so a unit that
        finishes then ("[  OK  ] Finished ...", the unit's name highlighted) may come before
        the guest's first line."""
        with self.machine.arrived:
            lines = list(self.machine.raw)
        start = next((i for i, line in enumerate(lines) if FIRMWARE_DONE in line), None)
        if start is None:
            return None
        words = []
        for line in lines[start + 1:]:
            # A systemd status line ends them, as the guest's first line does; GRUB's words
            # before it on the same line still count.
            text = strip_escapes(line)
            if SYSTEMD_UNIT_NAME in line:
                ended = True
                before = strip_escapes(line.split(SYSTEMD_UNIT_NAME)[0])
                text = re.sub(r"(\[\s*(OK|FAILED|DEPEND|TIME)\s*\])?\s*\S+\s*$", "", before)
            elif "VMTEST " in text:
                ended, text = True, text.split("VMTEST ")[0]
            else:
                ended = bool(re.match(r"\s*\[\s*\d+\.\d+\]", text))
                text = "" if ended else text
            if text.strip():
                words.append(text.strip())
            if ended:
                break
        return words

    def verdict(self, kiosk):
        """What the panel showed, as runs ("3-9 s black"), and what was wrong with it: anything
        but black, the splash and the kiosk, in that order, once the firmware was done; no
        splash at all; or GRUB's words on the firmware's console."""
        splash = splash_on_panel()
        rank = {"black": 0, "splash": 1, "kiosk": 2}
        runs = []  # [first second, last second, kind, first picture's file, pictures]
        # The firmware's picture as the loader found it: the first one taken after the firmware
        # said it starts the loader (OVMF draws its logo and last lines as it says so, so a
        # picture taken before may lack them). GRUB writing text over it is caught on the
        # serial port (loader_words); GRUB draws no pictures here (no menu, no gfxterm).
        left, image_shown = None, False
        for at, done, image, name in self.frames:
            kind = classify(image, splash, kiosk) if done else "firmware"
            if kind == "other" and not image_shown:
                left = left or image
                kind = "firmware" if vmhost.alike(image, left, tolerance=0) == 1 else kind
            image_shown = image_shown or kind in rank
            if runs and runs[-1][2] == kind:
                runs[-1][1] = at
                runs[-1][4] += 1
            else:
                runs.append([at, at, kind, name, 1])
        wrong, reached = [], None
        for index, (first, last, kind, name, count) in enumerate(runs):
            following = runs[index + 1][2] if index + 1 < len(runs) else None
            if kind == "other":
                wrong.append(f"{first:.0f}-{last:.0f} s neither black, the splash nor the kiosk ({name})")
            elif kind == "black" and reached == "splash" and following == "kiosk" and count <= BLINK_FRAMES:
                runs[index][2] = "black (the kiosk's start)"
            elif kind in rank and reached is not None and rank[kind] < rank[reached]:
                wrong.append(f"{first:.0f}-{last:.0f} s {kind} after the {reached} ({name})")
            elif kind in rank:
                reached = kind
        if not any(kind == "splash" for _, _, kind, _, _ in runs):
            wrong.append("the splash never showed")
        words = self.loader_words()
        if words is None:
            wrong.append(f"the firmware never said it started the loader ('{FIRMWARE_DONE}' on the serial port)")
        elif words:
            wrong.append(f"text on the firmware's console after it started GRUB: {' / '.join(words)}")
        return [f"{first:.0f}-{last:.0f} s {kind}" for first, last, kind, _, _ in runs], wrong

if __name__ == "__main__":
    if sys.argv[1:2] == ["splash"] and len(sys.argv) == 3:
        vmhost.write_png(sys.argv[2], *SPLASH, splash_pixels())
    else:
        sys.exit(__doc__)
