#!/usr/bin/env python3
"""A uinput multitouch touchscreen for the VM test: touches the way a panel reports them.

    touch.py WIDTH HEIGHT STEP...
    STEP: sleep:SECONDS | drag:CX:CY:RADIUS:FROM_DEG:TO_DEG:SECONDS | tap:X:Y | hold:X:Y:SECONDS
          | hold2:X1:Y1:X2:Y2:SECONDS | skew:A:B:C:D:E:F | skew:off

Positions are where the finger touches the panel, in pixels; angles are screen degrees
(0 = 3 o'clock, clockwise). The device has INPUT_PROP_DIRECT and multitouch axes, so udev
tags it ID_INPUT_TOUCHSCREEN and SDL reads it as a touchscreen. From a `skew` step on, the
device reports a finger at normalised (x, y) at (A·x + B·y + C, D·x + E·y + F), like a touch
layer mounted skewed or mirrored (libinput's calibration convention, the other way round).
"""
import math
import sys
import time

from evdev import AbsInfo, UInput
from evdev import ecodes as e


def device(width, height):
    caps = {
        e.EV_KEY: [e.BTN_TOUCH],
        e.EV_ABS: [
            (e.ABS_X, AbsInfo(0, 0, width - 1, 0, 0, 0)),
            (e.ABS_Y, AbsInfo(0, 0, height - 1, 0, 0, 0)),
            (e.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
            (e.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
            (e.ABS_MT_POSITION_X, AbsInfo(0, 0, width - 1, 0, 0, 0)),
            (e.ABS_MT_POSITION_Y, AbsInfo(0, 0, height - 1, 0, 0, 0)),
        ],
    }
    return UInput(caps, name="rotary-test-touchscreen", input_props=[e.INPUT_PROP_DIRECT])


class Panel:
    """Where the device reports a touch: through the skew, if any, clamped to its axes."""

    def __init__(self, width, height):
        self.width, self.height = width, height
        self.skew = None

    def reported(self, x, y):
        if self.skew:
            a, b, c, d, e_, f = self.skew
            nx, ny = x / self.width, y / self.height
            x, y = (a * nx + b * ny + c) * self.width, (d * nx + e_ * ny + f) * self.height
        return min(max(x, 0), self.width - 1), min(max(y, 0), self.height - 1)


class Finger:
    tracking = 100

    def __init__(self, ui, panel, slot=0):
        self.ui = ui
        self.panel = panel
        self.slot = slot

    def at(self, x, y, down=False):
        ui = self.ui
        x, y = self.panel.reported(x, y)
        ui.write(e.EV_ABS, e.ABS_MT_SLOT, self.slot)
        if down:
            Finger.tracking += 1
            ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, Finger.tracking)
        ui.write(e.EV_ABS, e.ABS_MT_POSITION_X, int(round(x)))
        ui.write(e.EV_ABS, e.ABS_MT_POSITION_Y, int(round(y)))
        if down:
            ui.write(e.EV_KEY, e.BTN_TOUCH, 1)
        ui.write(e.EV_ABS, e.ABS_X, int(round(x)))
        ui.write(e.EV_ABS, e.ABS_Y, int(round(y)))
        ui.syn()

    def up(self):
        self.ui.write(e.EV_ABS, e.ABS_MT_SLOT, self.slot)
        self.ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
        self.ui.write(e.EV_KEY, e.BTN_TOUCH, 0)
        self.ui.syn()


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    ui = device(width, height)
    panel = Panel(width, height)
    finger, second = Finger(ui, panel), Finger(ui, panel, slot=1)
    for step in sys.argv[3:]:
        kind, *args = step.split(":")
        if kind == "skew":
            panel.skew = None if args == ["off"] else [float(a) for a in args]
            continue
        values = [float(a) for a in args]
        if kind == "sleep":
            time.sleep(values[0])
        elif kind == "tap":
            finger.at(values[0], values[1], down=True)
            time.sleep(0.08)
            finger.up()
        elif kind == "hold":
            finger.at(values[0], values[1], down=True)
            time.sleep(values[2])
            finger.up()
        elif kind == "hold2":
            finger.at(values[0], values[1], down=True)
            second.at(values[2], values[3], down=True)
            time.sleep(values[4])
            second.up()
            finger.up()
        elif kind == "drag":
            cx, cy, r, a0, a1, seconds = values
            steps = max(2, int(seconds * 60))
            for i in range(steps + 1):
                a = math.radians(a0 + (a1 - a0) * i / steps)
                finger.at(cx + r * math.cos(a), cy + r * math.sin(a), down=(i == 0))
                time.sleep(seconds / steps)
            time.sleep(0.15)  # rest before lifting: no fling
            finger.up()
        else:
            sys.exit(f"touch.py: unknown step {step}")
    time.sleep(0.2)
    ui.close()


if __name__ == "__main__":
    main()
