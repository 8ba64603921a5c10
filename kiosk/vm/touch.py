#!/usr/bin/env python3
"""A uinput multitouch touchscreen for the VM test: touches the way a panel reports them.

    touch.py WIDTH HEIGHT STEP...
    STEP: sleep:SECONDS | drag:CX:CY:RADIUS:FROM_DEG:TO_DEG:SECONDS | tap:X:Y | hold:X:Y:SECONDS

Angles are screen degrees (0 = 3 o'clock, clockwise). The device has INPUT_PROP_DIRECT and
multitouch axes, so udev tags it ID_INPUT_TOUCHSCREEN and SDL reads it as a touchscreen.
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


class Finger:
    tracking = 100

    def __init__(self, ui):
        self.ui = ui

    def at(self, x, y, down=False):
        ui = self.ui
        ui.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
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
        self.ui.write(e.EV_ABS, e.ABS_MT_SLOT, 0)
        self.ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
        self.ui.write(e.EV_KEY, e.BTN_TOUCH, 0)
        self.ui.syn()


def main():
    width, height = int(sys.argv[1]), int(sys.argv[2])
    ui = device(width, height)
    finger = Finger(ui)
    for step in sys.argv[3:]:
        kind, *args = step.split(":")
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
