#!/usr/bin/env python3
"""The host side of kiosk/vm-test's package test: boots the Debian guest the package was
installed into (its kernel and initrd handed to QEMU, the root on a virtio disk) and follows
guest-test.sh's lines until "VMTEST DONE", taking and checking the screendumps it asks for.
Exit status 0 when the guest ends "ok" and every picture passed its check.

    package-host.py ARCH WORK DISK KERNEL INITRD TIMEOUT_SECONDS
"""
import os
import signal
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import vmhost  # noqa: E402
from vmhost import Failure, say  # noqa: E402


def main():
    arch, work, disk, kernel, initrd, timeout = sys.argv[1:6] + [float(sys.argv[6])]
    accel = vmhost.accelerator(arch, kernel, work)
    say(f"booting the {arch} VM (virtio-gpu 800x480, accelerator {accel})")
    # The serial console is ttyAMA0 on arm64's board, ttyS0 on a PC. no_timer_check: on a
    # loaded host a TCG x86 guest's kernel can find its timer interrupt too slow at boot and
    # panic ("IO-APIC + timer doesn't work!"); panic=-1 ends QEMU (-no-reboot) at once if the
    # kernel panics anyway, instead of the host waiting out its time.
    console = "console=ttyAMA0" if arch == "arm64" else "console=ttyS0 no_timer_check"
    machine = vmhost.Machine(work, "guest", [
        "-kernel", kernel, "-initrd", initrd,
        "-append", f"root=/dev/vda rw {console} quiet systemd.show_status=0 panic=-1",
        "-drive", f"file={disk},format=raw,if=virtio",
    ], arch=arch, accel=accel, strict=False)
    signal.signal(signal.SIGTERM, lambda *_: sys.exit(143))
    try:
        done = machine.wait_for("VMTEST DONE", timeout, fail_fast=False)
        if done is None:
            raise Failure("QEMU exited before the guest test finished")
        try:
            machine.wait_exit(600)  # the guest powers itself off after its last line
        except Failure:
            say("the guest did not power off within 600 s of its last line: stopped")
    except Failure as failure:
        say(f"FAIL {failure}")
        return 1
    finally:
        if machine.process.poll() is None:
            machine.pull_plug()
    for failure in machine.failures:
        say(f"FAIL {failure}")
    return 0 if done == "VMTEST DONE ok" and not machine.failures else 1


if __name__ == "__main__":
    sys.exit(main())
