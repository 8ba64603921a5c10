#!/usr/bin/env python3
"""The VM tests' guest helper, shared by guest-test.sh (the package test) and image-guest.sh
(the image test) through guest-lib.sh: it reads the kiosk's own event lines (the automation
contract's JSON Lines, which the kiosk's unit writes to the journal), waits for the ones a
gesture must cause, works out where to touch from the kiosk's `ready` and `layout` lines,
and drives the test's touchscreen.

    vmguest.py mark                        the journal's newest cursor: later waits look after it
    vmguest.py wait [--pid PID] [--after CURSOR] [--timeout S] [--stamps] FIELD=VALUE...
                                           the first event line after CURSOR (of the kiosk process
                                           PID, else of any this boot) whose FIELDs have the VALUEs
                                           (VALUE may list alternatives: a|b); printed as logged,
                                           after its monotonic and wall-clock seconds with --stamps.
                                           --timeout 0 only looks at what is there.
    vmguest.py ready [--not-pid PID] [--timeout S]
                                           waits until the kiosk's main process (not PID) drew its
                                           first frame and told systemd it is ready, and checks it
                                           found the test's touchscreen at its start; prints its PID
    vmguest.py selected --pid PID ID       the label of the item control ID rests on now
    vmguest.py minutes LABEL               the config's minutes for the program LABEL
    vmguest.py size [--pid PID]            the window's width and height from `ready`/`layout`
    vmguest.py saved                       the state of the countdown the kiosk keeps on disk
                                           (STATE_FILE; "none" without one)
    vmguest.py touchd                      the touchscreen (a systemd service, Type=notify)
    vmguest.py touch [--pid PID] [--wait "FIELD=VALUE..." | --settled] [--timeout S] [--stamps] STEP...
                                           has the touchscreen make these touches; returns when
                                           done, or with --wait once the first event line they
                                           cause with those fields is in the journal (printed as
                                           by `wait`), or with --settled once the wheel they moved
                                           has stopped and the dial rests on the chosen program's
                                           minutes (a tap on Start before then starts the minutes
                                           the dial showed before; the wheel's line is printed)

Touch steps (positions in window pixels, angles in screen degrees: 0 = 3 o'clock, clockwise):
    tap:X:Y | down:SLOT:X:Y | move:SLOT:X:Y | up:SLOT | drag:CX:CY:RADIUS:FROM_DEG:TO_DEG:SECONDS
    | skew:A:B:C:D:E:F | skew:off
and, worked out from the kiosk's newest `ready` or `layout` line (and the `selected` lines
since), steps aimed at its controls:
    tap:@ID                 a tap on control ID's centre (the button)
    down:SLOT:@ID           a finger put down there
    drag:@ID:INDEX          a drag of ring ID's item INDEX, from where it is drawn, to the marker
                            (0.8 s, along the ring's middle)
    spin:@ID:DEGREES:SECONDS  a drag of ring ID from its marker on by DEGREES (clockwise > 0)
From a `skew` step on (within one `touch` call), the panel reports a finger at normalised
(x, y) at (A·x + B·y + C, D·x + E·y + F), like a touch layer mounted skewed or mirrored
(libinput's calibration convention, the other way round). A finger put down by `down` stays
down across calls until its `up`.

Why a daemon for the touchscreen: a uinput device made for each gesture had to be found by
the kiosk first (SDL and libinput pick up a new device some time after it appears, and say
nothing when they do), so each gesture began with a guessed sleep. This one device is made
once, before the kiosk starts (rotary-vm-touch.service is ordered before rotary-kiosk.service
and says it is ready only once udev has tagged the device a touchscreen), so every start of
the kiosk enumerates it, and `ready` checks that it did.
"""
import argparse
import json
import math
import os
import select
import socket
import subprocess
import sys
import time

CONFIG = "/etc/rotary/rotary.toml"
STATE_FILE = "/var/lib/rotary/timer.json"
TOUCH_SOCKET = "/run/rotary-vm-touch.sock"
DEVICE_NAME = "rotary-test-touchscreen"
# The device's axes: fine enough that a window pixel of any panel maps to its own unit.
AXIS_MAX = 32767


class Failure(Exception):
    pass


# MARK: - The kiosk's lines in the journal

class Entry:
    """One journal entry of the kiosk: its text, its event (nil for a log line), whose it is."""

    def __init__(self, fields):
        message = fields.get("MESSAGE", "")
        if isinstance(message, list):  # journalctl writes a message with odd bytes as a byte array
            message = bytes(message).decode(errors="replace")
        self.text = message
        self.pid = int(fields.get("_PID", 0) or 0)
        self.cursor = fields.get("__CURSOR")
        self.monotonic = int(fields.get("__MONOTONIC_TIMESTAMP", 0)) / 1e6
        self.realtime = int(fields.get("__REALTIME_TIMESTAMP", 0)) / 1e6
        self.event = None
        if message.startswith('{"t"'):
            try:
                self.event = json.loads(message)
            except ValueError:
                pass


def journal_command(pid=None, after=None, follow=False):
    command = ["journalctl", "-b", "-t", "rotary-kiosk", "-o", "json", "--no-pager"]
    if follow:
        command += ["--follow", "--no-tail"]
    if after:
        command.append(f"--after-cursor={after}")
    if pid:
        command.append(f"_PID={pid}")
    return command


def entries(pid=None, after=None):
    """The kiosk's journal entries of this boot so far (of process pid, after the cursor)."""
    out = subprocess.run(journal_command(pid, after), capture_output=True, text=True).stdout
    return [Entry(json.loads(line)) for line in out.splitlines() if line.strip()]


def follow(pid=None, after=None, timeout=60.0):
    """The kiosk's journal entries as they come (those there already first) until timeout
    seconds have passed; the caller stops when it has what it waits for."""
    if timeout <= 0:
        yield from entries(pid, after)
        return
    deadline = time.monotonic() + timeout
    process = subprocess.Popen(journal_command(pid, after, follow=True), stdout=subprocess.PIPE,
                               stderr=subprocess.DEVNULL)
    buffered = b""
    try:
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                return
            ready, _, _ = select.select([process.stdout], [], [], left)
            if not ready:
                return
            chunk = os.read(process.stdout.fileno(), 65536)
            if not chunk:
                return
            buffered += chunk
            *lines, buffered = buffered.split(b"\n")
            for line in lines:
                if line.strip():
                    yield Entry(json.loads(line))
    finally:
        process.kill()
        process.wait()


def matches(event, wanted):
    """Whether the event has every field=value of wanted (a value may list alternatives a|b)."""
    for field, value in wanted:
        if field not in event:
            return False
        have = event[field]
        options = value.split("|")
        if isinstance(have, bool):
            if ("true" if have else "false") not in options:
                return False
        elif isinstance(have, (int, float)):
            try:
                if not any(float(option) == float(have) for option in options):
                    return False
            except ValueError:
                return False
        elif str(have) not in options:
            return False
    return True


def wait_event(wanted, pid=None, after=None, timeout=60.0):
    for entry in follow(pid, after, timeout):
        if entry.event is not None and matches(entry.event, wanted):
            return entry
    return None


def newest_cursor():
    out = subprocess.run(["journalctl", "-b", "-n", "1", "-o", "json", "--no-pager"], capture_output=True, text=True).stdout
    lines = [line for line in out.splitlines() if line.strip()]
    if not lines:
        raise Failure("the journal is empty")
    return json.loads(lines[-1])["__CURSOR"]


def main_pid():
    out = subprocess.run(["systemctl", "show", "-p", "MainPID", "--value", "rotary-kiosk"], capture_output=True, text=True)
    try:
        return int(out.stdout.strip() or 0)
    except ValueError:
        return 0


def active_with(pid):
    out = subprocess.run(["systemctl", "show", "-p", "ActiveState,MainPID", "rotary-kiosk"], capture_output=True, text=True)
    state = dict(line.split("=", 1) for line in out.stdout.splitlines() if "=" in line)
    return state.get("ActiveState") == "active" and state.get("MainPID") == str(pid)


def wait_ready(not_pid, timeout):
    """The PID of the kiosk's main process (not not_pid) once its `ready` line is in the
    journal, systemd has its READY=1, and it found the test's touchscreen."""
    deadline = time.monotonic() + timeout
    pid = None
    for entry in follow(timeout=timeout):
        if entry.event is None or entry.event.get("event") != "ready" or entry.pid == not_pid:
            continue
        if entry.pid == main_pid():
            pid = entry.pid
            break
    if pid is None:
        raise Failure(f"no ready event from a new kiosk process within {timeout:.0f} s (main PID now {main_pid()})")
    while not active_with(pid):  # READY=1 comes a moment after the line
        if time.monotonic() > deadline:
            raise Failure(f"the kiosk {pid} drew its first frame but systemd has no READY=1 from it")
        if main_pid() != pid:
            raise Failure(f"the kiosk {pid} stopped right after its first frame")
        time.sleep(0.2)
    check_touchscreen(pid, max(10.0, deadline - time.monotonic()))
    return pid


def check_touchscreen(pid, timeout):
    """The kiosk found the test's touchscreen at its start: on SDL's drivers it warns when it
    finds no touch device, and through libinput it lists the devices it opened, both before it
    names its feedback outputs. The log has a thread of its own, so the ready line does not
    mean those lines are written: the feedback line does."""
    marker = None
    for entry in follow(pid, timeout=timeout):
        if entry.event is None and "] feedback: " in entry.text:
            marker = entry
            break
    if marker is None:
        raise Failure(f"the kiosk {pid} logged no feedback line within {timeout:.0f} s: cannot tell whether it found the touchscreen")
    log = []
    for entry in entries(pid):
        if entry.cursor == marker.cursor:
            break
        log.append(entry.text)
    missing = [line for line in log if "no touch device found" in line]
    if missing:
        raise Failure(f"the kiosk {pid} found no touch device at its start: {missing[0]}")
    devices = [line for line in log if "input devices:" in line]
    if devices and DEVICE_NAME not in devices[0]:
        raise Failure(f"the kiosk {pid} did not open the test's touchscreen: {devices[0]}")


# MARK: - Geometry from `ready` and `layout`

def latest_layout(pid=None):
    """The newest `ready` or `layout` line (of pid), then the entries after it."""
    log = entries(pid)
    for index in range(len(log) - 1, -1, -1):
        if log[index].event and log[index].event.get("event") in ("ready", "layout"):
            return log[index].event, log[index + 1:]
    raise Failure(f"no ready line from the kiosk{f' {pid}' if pid else ''}")


def control(layout, control_id):
    for item in layout["controls"]:
        if item["id"] == control_id:
            return item
    raise Failure(f"no control {control_id} in the kiosk's layout: {[c['id'] for c in layout['controls']]}")


def selection_now(ring, later):
    """The index ring rests on now: its index in the layout, or its last `selected` line since."""
    index = ring["selected"]
    for entry in later:
        event = entry.event or {}
        if event.get("event") == "selected" and event.get("id") == ring["id"]:
            index = event["index"]
    return index


def normalized(degrees):
    degrees = math.fmod(degrees, 360.0)
    if degrees <= -180:
        degrees += 360
    elif degrees > 180:
        degrees -= 360
    return degrees


def ring_drag(layout, later, control_id, item=None, turn=None, seconds=0.8):
    ring = control(layout, control_id)
    if "r_inner" not in ring:
        raise Failure(f"{control_id} is not a ring: {ring}")
    radius = (ring["r_inner"] + ring["r_outer"]) / 2
    marker = ring["marker_deg"]
    if item is None:
        start, end = marker, marker + turn
    else:
        # The layout says where each item's centre was when the ring rested on its `selected`;
        # the whole ring has turned since by however far its selection moved.
        centres = [entry["center_deg"] for entry in ring["items"]]
        now = selection_now(ring, later)
        if not 0 <= item < len(centres):
            raise Failure(f"{control_id} has no item {item}")
        start = centres[item] + (marker - centres[now])
        end = start + normalized(marker - start)
    return f"drag:{ring['cx']:g}:{ring['cy']:g}:{radius:.1f}:{start:.1f}:{end:.1f}:{seconds:g}"


def resolve(steps, layout, later):
    """The steps with those aimed at the kiosk's controls (`@ID`) worked out."""
    out = []
    for step in steps:
        kind, *args = step.split(":")
        if not any(arg.startswith("@") for arg in args):
            out.append(step)
            continue
        target = next(arg[1:] for arg in args if arg.startswith("@"))
        if kind == "tap":
            centre = control(layout, target)
            out.append(f"tap:{centre['cx']:g}:{centre['cy']:g}")
        elif kind == "down":
            centre = control(layout, target)
            out.append(f"down:{args[0]}:{centre['cx']:g}:{centre['cy']:g}")
        elif kind == "drag":
            out.append(ring_drag(layout, later, target, item=int(args[1])))
        elif kind == "spin":
            out.append(ring_drag(layout, later, target, turn=float(args[1]), seconds=float(args[2])))
        else:
            raise Failure(f"cannot aim {step}")
    return out


def selected_label(pid, control_id):
    layout, later = latest_layout(pid)
    ring = control(layout, control_id)
    return ring["items"][selection_now(ring, later)]["label"]


def program_minutes(label, config=CONFIG):
    import tomllib
    with open(config, "rb") as f:
        programs = tomllib.load(f).get("program", [])
    for program in programs:
        if program.get("name") == label:
            return float(program["minutes"])
    raise Failure(f"no program {label!r} in {config}")


def settled(pid, after, timeout):
    """The wheel's `selected` line after the cursor, once the dial rests on that program's
    minutes: the kiosk turns the dial there after the wheel stops (a `selected` line of the
    dial when it is there), and a tap on Start before then starts the old minutes."""
    wheel = wait_event([("event", "selected"), ("id", "wheel")], pid, after, timeout)
    if wheel is None:
        raise Failure(f"the wheel reported no selection within {timeout:.0f} s")
    minutes = program_minutes(wheel.event["label"])
    # Where the dial was when the wheel stopped: then it either turns (and says so) or stays.
    log = entries(pid)
    upto = next((i for i, entry in enumerate(log) if entry.cursor == wheel.cursor), len(log) - 1)
    layout_index = max(i for i in range(upto + 1) if log[i].event and log[i].event.get("event") in ("ready", "layout"))
    dial = control(log[layout_index].event, "dial")
    before = dial["items"][selection_now(dial, log[layout_index + 1:upto + 1])]["label"]
    if float(before) == minutes:
        return wheel.text
    rest = wait_event([("event", "selected"), ("id", "dial"), ("label", f"{minutes:g}")], pid, wheel.cursor, timeout)
    if rest is None:
        raise Failure(f"after {wheel.text} the dial did not come to rest on {minutes:g} within {timeout:.0f} s "
                      f"(it rests on {selected_label(pid, 'dial')})")
    return wheel.text


def window_size(pid=None):
    layout, _ = latest_layout(pid)
    return layout["width"], layout["height"]


# MARK: - The touchscreen

class Panel:
    """The uinput multitouch device and its fingers; positions come normalised (0…1)."""

    def __init__(self):
        from evdev import AbsInfo, UInput
        from evdev import ecodes
        self.e = ecodes
        caps = {
            ecodes.EV_KEY: [ecodes.BTN_TOUCH],
            ecodes.EV_ABS: [
                (ecodes.ABS_X, AbsInfo(0, 0, AXIS_MAX, 0, 0, 0)),
                (ecodes.ABS_Y, AbsInfo(0, 0, AXIS_MAX, 0, 0, 0)),
                (ecodes.ABS_MT_SLOT, AbsInfo(0, 0, 9, 0, 0, 0)),
                (ecodes.ABS_MT_TRACKING_ID, AbsInfo(0, 0, 65535, 0, 0, 0)),
                (ecodes.ABS_MT_POSITION_X, AbsInfo(0, 0, AXIS_MAX, 0, 0, 0)),
                (ecodes.ABS_MT_POSITION_Y, AbsInfo(0, 0, AXIS_MAX, 0, 0, 0)),
            ],
        }
        self.ui = UInput(caps, name=DEVICE_NAME, input_props=[ecodes.INPUT_PROP_DIRECT])
        self.down = {}  # slot -> tracking id
        self.tracking = 100
        self.last = {}  # slot -> the position last written to it (the kernel keeps it)

    def node(self):
        """The device's event node and its device number, from sysfs."""
        for name in os.listdir("/sys/class/input"):
            if not name.startswith("event"):
                continue
            try:
                with open(f"/sys/class/input/{name}/device/name") as f:
                    if f.read().strip() != DEVICE_NAME:
                        continue
                with open(f"/sys/class/input/{name}/dev") as f:
                    return f"/dev/input/{name}", f.read().strip()
            except OSError:
                continue
        return None, None

    def at(self, slot, x, y):
        e = self.e
        x, y = (round(min(max(v, 0.0), 1.0) * AXIS_MAX) for v in (x, y))
        if slot not in self.down:
            # The kernel passes on only values that changed, and SDL's evdev code reads no
            # positions when it opens a touchscreen without a finger on it: a finger put down
            # where the slot's last one was would reach a kiosk started since at x or y = 0.
            # One unit aside (1/32767 of the panel) it always carries its position.
            last_x, last_y = self.last.get(slot, (0, 0))  # a new device holds zeros
            x = x + (1 if x < AXIS_MAX else -1) if x == last_x else x
            y = y + (1 if y < AXIS_MAX else -1) if y == last_y else y
        self.last[slot] = (x, y)
        self.ui.write(e.EV_ABS, e.ABS_MT_SLOT, slot)
        first = not self.down
        if slot not in self.down:
            self.tracking += 1
            self.down[slot] = self.tracking
            self.ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, self.tracking)
        self.ui.write(e.EV_ABS, e.ABS_MT_POSITION_X, x)
        self.ui.write(e.EV_ABS, e.ABS_MT_POSITION_Y, y)
        if first:
            self.ui.write(e.EV_KEY, e.BTN_TOUCH, 1)
        self.ui.write(e.EV_ABS, e.ABS_X, x)
        self.ui.write(e.EV_ABS, e.ABS_Y, y)
        self.ui.syn()

    def up(self, slot):
        e = self.e
        if slot not in self.down:
            return
        del self.down[slot]
        self.ui.write(e.EV_ABS, e.ABS_MT_SLOT, slot)
        self.ui.write(e.EV_ABS, e.ABS_MT_TRACKING_ID, -1)
        if not self.down:
            self.ui.write(e.EV_KEY, e.BTN_TOUCH, 0)
        self.ui.syn()


def perform(panel, size, steps):
    """Makes the touches of one request. Gesture timings are the finger's own (how long a tap
    presses, how fast a drag moves, that it rests before it lifts so it does not fling), not
    waits for the kiosk."""
    width, height = size
    skew = None

    def where(x, y):
        nx, ny = x / width, y / height
        if skew:
            a, b, c, d, e_, f = skew
            nx, ny = a * nx + b * ny + c, d * nx + e_ * ny + f
        return nx, ny

    for step in steps:
        kind, *args = step.split(":")
        if kind == "skew":
            skew = None if args == ["off"] else [float(a) for a in args]
            continue
        values = [float(a) for a in args]
        if kind == "tap":
            panel.at(0, *where(values[0], values[1]))
            time.sleep(0.08)
            panel.up(0)
        elif kind in ("down", "move"):
            panel.at(int(values[0]), *where(values[1], values[2]))
        elif kind == "up":
            panel.up(int(values[0]))
        elif kind == "drag":
            cx, cy, r, a0, a1, seconds = values
            count = max(2, int(seconds * 60))
            for i in range(count + 1):
                a = math.radians(a0 + (a1 - a0) * i / count)
                panel.at(0, *where(cx + r * math.cos(a), cy + r * math.sin(a)))
                time.sleep(seconds / count)
            # The finger rests before it lifts: a release with no speed, no fling. The kiosk
            # takes a release as still when its last move came more than 40 ms of the kiosk's
            # handling earlier; a kiosk that stalls longer than this rest could take the last
            # moves and the lift in one go (nothing tells when it has taken a move).
            time.sleep(0.5)
            panel.up(0)
        else:
            raise Failure(f"unknown touch step {step}")


def notify(message):
    """sd_notify without libsystemd."""
    address = os.environ.get("NOTIFY_SOCKET")
    if not address:
        return
    if address.startswith("@"):
        address = "\0" + address[1:]
    with socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM) as s:
        s.sendto(message.encode(), address)


def touchd():
    panel = Panel()
    # Ready once udev has tagged the device a touchscreen (its database entry says so): only
    # then do SDL and libinput take it for one when the kiosk starts.
    deadline = time.monotonic() + 120
    while True:
        path, number = panel.node()
        if number:
            try:
                with open(f"/run/udev/data/c{number}") as f:
                    if "E:ID_INPUT_TOUCHSCREEN=1" in f.read().splitlines():
                        break
            except OSError:
                pass
        if time.monotonic() > deadline:
            sys.exit(f"vmguest touchd: udev did not tag {path or DEVICE_NAME} a touchscreen within 120 s")
        time.sleep(0.05)
    if os.path.exists(TOUCH_SOCKET):
        os.remove(TOUCH_SOCKET)
    server = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
    server.bind(TOUCH_SOCKET)
    server.listen(4)
    print(f"vmguest touchd: {DEVICE_NAME} is {path}; gestures on {TOUCH_SOCKET}", flush=True)
    notify("READY=1")
    while True:
        connection, _ = server.accept()
        with connection:
            data = read_line(connection)
            try:
                request = json.loads(data)
                perform(panel, request["size"], request["steps"])
                reply = "ok\n"
            except Exception as failure:  # a bad request: say so and keep serving
                reply = f"error: {failure}\n"
            connection.sendall(reply.encode())


def read_line(connection):
    """What the other end of `connection` sends up to its first newline (or until it closes)."""
    data = b""
    while not data.endswith(b"\n"):
        chunk = connection.recv(65536)
        if not chunk:
            break
        data += chunk
    return data


def touch(pid, steps):
    """Has the touchscreen make the steps (aimed with the newest layout of the kiosk pid)."""
    layout, later = latest_layout(pid)
    request = json.dumps({"size": [layout["width"], layout["height"]], "steps": resolve(steps, layout, later)}) + "\n"
    with socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as s:
        s.connect(TOUCH_SOCKET)
        s.sendall(request.encode())
        reply = read_line(s)
    if reply.decode().strip() != "ok":
        raise Failure(f"the touchscreen: {reply.decode().strip() or 'no answer'}")


def fields(text):
    wanted = [tuple(field.split("=", 1)) for field in text.split()]
    if not wanted or any(len(pair) != 2 for pair in wanted):
        raise Failure(f"fields are FIELD=VALUE: {text!r}")
    return wanted


def printed(entry, stamps):
    return f"{entry.monotonic:.3f} {entry.realtime:.3f} {entry.text}" if stamps else entry.text


# MARK: - Command line

def main():
    parser = argparse.ArgumentParser(prog="vmguest.py")
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("mark")
    p = commands.add_parser("wait")
    p.add_argument("--pid", type=int)
    p.add_argument("--after")
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--stamps", action="store_true")
    p.add_argument("fields", nargs="+")
    p = commands.add_parser("ready")
    p.add_argument("--not-pid", type=int, default=0)
    p.add_argument("--timeout", type=float, default=180)
    p = commands.add_parser("selected")
    p.add_argument("--pid", type=int)
    p.add_argument("id")
    p = commands.add_parser("minutes")
    p.add_argument("label")
    p = commands.add_parser("size")
    p.add_argument("--pid", type=int)
    p = commands.add_parser("button")
    p.add_argument("--pid", type=int)
    commands.add_parser("saved")
    commands.add_parser("touchd")
    p = commands.add_parser("touch")
    p.add_argument("--pid", type=int)
    after = p.add_mutually_exclusive_group()
    after.add_argument("--wait")
    after.add_argument("--settled", action="store_true")
    p.add_argument("--timeout", type=float, default=60)
    p.add_argument("--stamps", action="store_true")
    p.add_argument("steps", nargs="+")
    args = parser.parse_args()

    try:
        if args.command == "mark":
            print(newest_cursor())
        elif args.command == "wait":
            entry = wait_event(fields(" ".join(args.fields)), args.pid, args.after, args.timeout)
            if entry is None:
                raise Failure(f"no event line with {' '.join(args.fields)}{f' from {args.pid}' if args.pid else ''}"
                              f" within {args.timeout:g} s")
            print(printed(entry, args.stamps))
        elif args.command == "ready":
            print(wait_ready(args.not_pid, args.timeout))
        elif args.command == "selected":
            print(selected_label(args.pid, args.id))
        elif args.command == "minutes":
            print(f"{program_minutes(args.label):g}")
        elif args.command == "size":
            print(*window_size(args.pid))
        elif args.command == "button":
            button = control(latest_layout(args.pid)[0], "button")
            print(f"{button['cx']:g}:{button['cy']:g}:{button['r']:g}")
        elif args.command == "saved":
            try:
                with open(STATE_FILE) as f:
                    print(json.load(f).get("state", "none"))
            except (OSError, ValueError, AttributeError):
                print("none")
        elif args.command == "touchd":
            touchd()
        elif args.command == "touch":
            wanted = fields(args.wait) if args.wait else None
            cursor = newest_cursor() if wanted or args.settled else None
            touch(args.pid, args.steps)
            if args.settled:
                print(settled(args.pid, cursor, args.timeout))
            elif wanted:
                entry = wait_event(wanted, args.pid, cursor, args.timeout)
                if entry is None:
                    raise Failure(f"no event line with {args.wait} after {' '.join(args.steps)} within {args.timeout:g} s")
                print(printed(entry, args.stamps))
    except Failure as failure:
        print(f"vmguest {args.command}: {failure}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
