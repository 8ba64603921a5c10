# Builds (or reuses) the VM's base system: a Debian root made by mmdebstrap with a kernel,
# systemd, udev and the test's own tools (python3-evdev for touches, adduser), and none of
# Rotary's libraries: installing the package pulls those in by its Depends. Cached by its
# package list. Sourced by kiosk/vm-test; sets ROTARY_VM_BASE (a folder holding root/,
# vmlinuz, initrd.img).
#
# amd64 is Debian bookworm; arm64 is trixie, what Raspberry Pi OS is now based on, made on
# this x86-64 machine through QEMU's user-mode emulation (rotary_cross_binfmt, kiosk/lib/cross.sh).

ROTARY_VM_PACKAGES="systemd,systemd-sysv,udev,dbus,libpam-systemd,kmod,procps,kbd,util-linux,initramfs-tools,@KERNEL@,\
python3,python3-evdev,adduser"
ROTARY_VM_MIRROR="${ROTARY_VM_MIRROR:-http://deb.debian.org/debian}"

# rotary_vm_suite ARCH — the base's Debian release.
rotary_vm_suite() { [ "$1" = arm64 ] && echo trixie || echo bookworm; }

# rotary_vm_base CACHE [ARCH] — ARCH is amd64 (the default) or arm64.
rotary_vm_base() {
    local cache="$1" arch="${2:-amd64}"
    local key suite packages
    suite=$(rotary_vm_suite "$arch")
    packages="${ROTARY_VM_PACKAGES/@KERNEL@/linux-image-$arch}"
    key=$(printf '%s\n%s\n%s\n' "$packages" "$ROTARY_VM_MIRROR" "base-v3" | sha256sum | cut -c1-16)
    [ "$arch" = amd64 ] || key="$arch-$suite-$key"
    ROTARY_VM_BASE="$cache/base-$key"
    if [ -f "$ROTARY_VM_BASE/ready" ]; then
        echo "vm-test: base system cached in $ROTARY_VM_BASE" >&2
        return 0
    fi
    rm -rf --one-file-system "$ROTARY_VM_BASE"
    mkdir -p "$ROTARY_VM_BASE"
    local root="$ROTARY_VM_BASE/root" started=$SECONDS
    echo "vm-test: mmdebstrap $suite ($arch) into $root (first run only; $([ "$arch" = amd64 ] && echo "about 2 minutes" || echo "about 8 minutes, $arch emulated"))" >&2
    # The initramfs is made once, at the end: while the packages are set up, update-initramfs
    # is diverted to true (the kernel's and initramfs-tools' own calls would make it twice,
    # minutes each under emulation, where its hundreds of small programs each start QEMU).
    mmdebstrap --mode=root --variant=minbase --architectures="$arch" --include="$packages" \
        --essential-hook='chroot "$1" dpkg-divert --quiet --local --rename --add /usr/sbin/update-initramfs && ln -s /bin/true "$1/usr/sbin/update-initramfs"' \
        --customize-hook='rm "$1/usr/sbin/update-initramfs" && chroot "$1" dpkg-divert --quiet --local --rename --remove /usr/sbin/update-initramfs' \
        "$suite" "$root" "$ROTARY_VM_MIRROR" >"$ROTARY_VM_BASE/mmdebstrap.log" 2>&1 \
        || { tail -20 "$ROTARY_VM_BASE/mmdebstrap.log" >&2; return 1; }
    echo rotary-vm > "$root/etc/hostname"
    echo "/dev/vda / ext4 rw,relatime 0 1" > "$root/etc/fstab"
    printf 'virtio_pci\nvirtio_blk\next4\ncrc32c_generic\n' >> "$root/etc/initramfs-tools/modules"
    chroot "$root" update-initramfs -c -k all > "$ROTARY_VM_BASE/initramfs.log" 2>&1 || { tail -20 "$ROTARY_VM_BASE/initramfs.log" >&2; return 1; }
    cp "$root"/boot/vmlinuz-* "$ROTARY_VM_BASE/vmlinuz"
    cp "$root"/boot/initrd.img-* "$ROTARY_VM_BASE/initrd.img"
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    touch "$ROTARY_VM_BASE/ready"
    echo "vm-test: base system made in $((SECONDS - started)) s" >&2
}

# rotary_vm_depends CACHE DEPENDS LOG — sets ROTARY_VM_DEPENDS, a copy of the base root with
# what the DEPENDS field asks for installed by apt-get satisfy, cached by that field: under
# emulation (arm64) apt-get spends minutes on the package's 90-odd libraries, and then only
# the package itself goes on top. Needs rotary_vm_base first.
rotary_vm_depends() {
    local cache="$1" depends="$2" log="$3"
    local dir="$ROTARY_VM_BASE-depends-$(printf '%s\n' "$depends" | sha256sum | cut -c1-12)"
    ROTARY_VM_DEPENDS="$dir/root"
    [ -f "$dir/ready" ] && return 0
    echo "vm-test: installing the package's Depends into a copy of the base (once for these Depends)" >&2
    rm -rf --one-file-system "$dir"
    mkdir -p "$dir"
    cp -a "$ROTARY_VM_BASE/root" "$ROTARY_VM_DEPENDS"
    rotary_chroot_apt_install "$ROTARY_VM_DEPENDS" "$cache" "$log" --satisfy "$depends" || return 1
    touch "$dir/ready"
}

# rotary_chroot_apt_install ROOT CACHE LOG [--satisfy] PACKAGE-OR-DEB... — apt-get installs
# into the root (a copy of the base) with the downloads kept in CACHE/apt-archives-ARCH for the
# next run (one folder per architecture, so that an amd64 and an arm64 install can run side by
# side: apt-get locks its folder); a .deb given by path is copied in first; with
# --satisfy, the arguments are dependency fields (apt-get satisfy). The cache is unmounted
# whatever stops it.
rotary_chroot_apt_install() {
    local root="$1" cache="$2" log="$3"; shift 3
    local args=() item status=0 verb=install archives debs_only=yes
    archives="$cache/apt-archives-$(chroot "$root" dpkg --print-architecture)" || return 1
    if [ "${1:-}" = --satisfy ]; then verb=satisfy debs_only=no; shift; fi
    for item in "$@"; do
        case "$item" in
            *.deb) cp "$item" "$root/tmp/"; args+=("/tmp/$(basename "$item")") ;;
            *) args+=("$item") debs_only=no ;;
        esac
    done
    mkdir -p "$archives" "$root/var/cache/apt/archives"
    mount --bind "$archives" "$root/var/cache/apt/archives"
    trap 'umount "'"$root"'/var/cache/apt/archives" 2>/dev/null || true' EXIT  # never left for rm -rf to delete through
    # .debs alone into a root that holds all they depend on (the arm64 guest's, made by
    # rotary_vm_depends) go in without the archive's lists: under emulation apt-get update
    # takes most of a minute. Whether all is there is asked first (a simulation, which
    # changes nothing); only then is the install itself tried, once.
    {
        if [ "$debs_only" = no ] || ! chroot "$root" apt-get install -s -qq --no-install-recommends "${args[@]}"; then
            chroot "$root" apt-get update -qq
        fi && DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get "$verb" -y -qq --no-install-recommends "${args[@]}"
    } >"$log" 2>&1 || status=$?
    umount "$root/var/cache/apt/archives"
    trap - EXIT
    rm -rf "$root/var/lib/apt/lists/"* "$root"/tmp/*.deb
    [ "$status" -eq 0 ] || { tail -30 "$log" >&2; return 1; }
}

# rotary_vm_binary ARCH — builds the release kiosk for ARCH with the Swift runtime linked in
# (natively, or for arm64 through kiosk/cross) and prints its path. Needs here and top.
rotary_vm_binary() {
    # A command substitution runs without set -e: every step says when it failed.
    rotary_find_swift || return 1
    if [ "$1" = amd64 ]; then
        (cd "$top" && rotary_build_release 2>&1 | tail -1 >&2) || return 1
        echo "$top/.build/release/rotary-kiosk"
    else
        rotary_cross_build "$top"
    fi
}

# rotary_vm_package ARCH BINARY OUT LOG [VERSION] — kiosk/package of BINARY for ARCH into OUT
# (stamped VERSION when given), its output added to LOG and shown when it fails; prints the
# .deb's path.
rotary_vm_package() {
    local arch="$1" binary="$2" out="$3" log="$4" version="${5:-}"
    "$here/package" --arch "$arch" --binary "$binary" --out "$out" ${version:+--version "$version"} 2>>"$log" \
        || { cat "$log" >&2; return 1; }
}

# rotary_vm_guest_files ROOT SCRIPT UNIT — the test's agent in the guest's ROOT: SCRIPT (what
# the guest does) with guest-lib.sh and vmguest.py in /usr/local/lib/rotary-vm, UNIT (which
# runs it) as rotary-vm-test.service and the touchscreen's rotary-vm-touch.service.
rotary_vm_guest_files() {
    local root="$1" script="$2" unit="$3" lib="$1/usr/local/lib/rotary-vm"
    install -D -m 0755 "$script" "$lib/$(basename "$script")"
    install -D -m 0755 "$here/vm/vmguest.py" "$lib/vmguest.py"
    install -D -m 0644 "$here/vm/guest-lib.sh" "$lib/guest-lib.sh"
    install -D -m 0644 "$unit" "$root/etc/systemd/system/rotary-vm-test.service"
    install -D -m 0644 "$here/vm/rotary-vm-touch.service" "$root/etc/systemd/system/rotary-vm-touch.service"
}
