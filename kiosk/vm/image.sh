# Builds (or reuses) the VM's base system: a Debian bookworm root made by debootstrap with
# a kernel, systemd, udev and the test's own tools (python3-evdev for touches, adduser), and
# none of Rotary's libraries: installing the package pulls those in by its Depends. Cached
# by its package list. Sourced by kiosk/vm-test; sets ROTARY_VM_BASE (a folder holding
# root/, vmlinuz, initrd.img).

ROTARY_VM_PACKAGES="systemd,systemd-sysv,udev,dbus,libpam-systemd,kmod,procps,kbd,util-linux,initramfs-tools,linux-image-amd64,\
python3,python3-evdev,adduser"
ROTARY_VM_MIRROR="${ROTARY_VM_MIRROR:-http://deb.debian.org/debian}"

rotary_vm_base() {
    local cache="$1"
    local key
    key=$(printf '%s\n%s\n%s\n' "$ROTARY_VM_PACKAGES" "$ROTARY_VM_MIRROR" "base-v2" | sha256sum | cut -c1-16)
    ROTARY_VM_BASE="$cache/base-$key"
    if [ -f "$ROTARY_VM_BASE/ready" ]; then
        echo "vm-test: base system cached in $ROTARY_VM_BASE" >&2
        return 0
    fi
    rm -rf "$ROTARY_VM_BASE"
    mkdir -p "$ROTARY_VM_BASE"
    local root="$ROTARY_VM_BASE/root"
    echo "vm-test: debootstrap bookworm into $root (first run only; a few minutes)" >&2
    debootstrap --variant=minbase --include="$ROTARY_VM_PACKAGES" bookworm "$root" "$ROTARY_VM_MIRROR" \
        > "$ROTARY_VM_BASE/debootstrap.log" 2>&1 || { tail -20 "$ROTARY_VM_BASE/debootstrap.log" >&2; return 1; }
    echo rotary-vm > "$root/etc/hostname"
    echo "/dev/vda / ext4 rw,relatime 0 1" > "$root/etc/fstab"
    printf 'virtio_pci\nvirtio_blk\next4\ncrc32c_generic\n' >> "$root/etc/initramfs-tools/modules"
    chroot "$root" update-initramfs -u -k all > "$ROTARY_VM_BASE/initramfs.log" 2>&1 || { tail -20 "$ROTARY_VM_BASE/initramfs.log" >&2; return 1; }
    cp "$root"/boot/vmlinuz-* "$ROTARY_VM_BASE/vmlinuz"
    cp "$root"/boot/initrd.img-* "$ROTARY_VM_BASE/initrd.img"
    rm -rf "$root"/var/cache/apt/archives/*.deb "$root"/var/lib/apt/lists/*
    touch "$ROTARY_VM_BASE/ready"
}

# rotary_chroot_apt_install ROOT CACHE LOG PACKAGE-OR-DEB... — apt-get installs into the
# root (a copy of the base) with the downloads kept in CACHE/apt-archives for the next run;
# a .deb given by path is copied in first. The cache is unmounted whatever stops it.
rotary_chroot_apt_install() {
    local root="$1" cache="$2" log="$3"; shift 3
    local args=() item status=0
    for item in "$@"; do
        case "$item" in
            *.deb) cp "$item" "$root/tmp/"; args+=("/tmp/$(basename "$item")") ;;
            *) args+=("$item") ;;
        esac
    done
    mkdir -p "$cache/apt-archives" "$root/var/cache/apt/archives"
    mount --bind "$cache/apt-archives" "$root/var/cache/apt/archives"
    trap 'umount "'"$root"'/var/cache/apt/archives" 2>/dev/null || true' EXIT  # never left for rm -rf to delete through
    { chroot "$root" apt-get update -qq && DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get install -y -qq \
        --no-install-recommends "${args[@]}"; } >"$log" 2>&1 || status=$?
    umount "$root/var/cache/apt/archives"
    trap - EXIT
    rm -rf "$root/var/lib/apt/lists/"* "$root"/tmp/*.deb
    [ "$status" -eq 0 ] || { tail -30 "$log" >&2; return 1; }
}
