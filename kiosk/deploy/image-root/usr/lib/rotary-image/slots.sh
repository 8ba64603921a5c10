# Sourced by the image's slot guard and boot chooser: the booted A/B slot (RAUC's rauc.slot=
# on the kernel's command line, empty off an A/B boot) and the other one of the two.
booted_slot() { sed -n 's/.*rauc\.slot=\([A-Za-z0-9]*\).*/\1/p' /proc/cmdline; }
other_slot() { [ "$1" = A ] && echo B || echo A; }
