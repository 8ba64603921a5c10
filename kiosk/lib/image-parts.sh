# The parts kiosk/image puts together: the root file system of a slot, its squashfs, the
# EFI system partition with GRUB, the data partition, the GPT disk, the RAUC bundle and a
# test CA. Sourced, not run; kiosk/image says what each is for.

# Host tools: squashfs and FAT without mounting anything, GRUB's EFI modules, sfdisk, RAUC
# (to make bundles), bmaptool, openssl (the test CA), mmdebstrap for the base.
ROTARY_IMAGE_PACKAGES="mmdebstrap e2fsprogs squashfs-tools dosfstools mtools grub-efi-amd64-bin grub-common fdisk rauc bmap-tools openssl"

# What the image adds to the base and the package: RAUC and its D-Bus service, grub-editenv
# (the slot variables GRUB reads), growpart (growing the data partition), curl and the CA
# certificates (fleet updates fetch bundles, https too), resolved and timesyncd (names and
# the time from the network the DHCP lease gives), Plymouth (the site's splash while it boots).
ROTARY_IMAGE_GUEST_PACKAGES="rauc rauc-service grub-common cloud-guest-utils curl ca-certificates systemd-resolved systemd-timesyncd plymouth"

# The base's tools that only the VM test uses; a production image leaves them out (python3
# itself stays: growpart needs it).
ROTARY_IMAGE_TEST_ONLY_PACKAGES="python3-evdev"

# The kernel's command line: the kernel and systemd talk to the serial port only, so the
# panel shows no boot text and no cursor (loglevel 3 keeps errors on the serial port, the
# only console); Plymouth shows the splash on the panel, not its text on the serial port; a
# kernel panic reboots (and counts a GRUB try). fsck repairs the data partition by itself:
# nobody is at a kiosk's console to answer it.
ROTARY_IMAGE_CMDLINE="console=ttyS0,115200 quiet loglevel=3 systemd.show_status=0 vt.global_cursor_default=0 splash plymouth.ignore-serial-consoles panic=10 fsck.repair=yes"


rotary_image_compatible() { echo "rotary-kiosk-$(dpkg --print-architecture)"; }

# rotary_image_test_keys DIR — a test CA and a bundle signer it issued (codeSigning), once.
rotary_image_test_keys() {
    local dir="$1"
    [ -f "$dir/signer.cert.pem" ] && return 0
    mkdir -p "$dir"
    openssl req -x509 -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes -days 3650 \
        -subj "/O=Rotary/CN=Rotary TEST update CA (not for a fleet)" \
        -addext basicConstraints=critical,CA:TRUE -addext keyUsage=critical,keyCertSign,cRLSign \
        -keyout "$dir/ca.key.pem" -out "$dir/ca.cert.pem" 2>/dev/null
    openssl req -new -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes \
        -subj "/O=Rotary/CN=Rotary TEST bundle signer" -keyout "$dir/signer.key.pem" -out "$dir/signer.csr" 2>/dev/null
    printf 'basicConstraints=CA:FALSE\nkeyUsage=critical,digitalSignature\nextendedKeyUsage=codeSigning\n' >"$dir/signer.ext"
    openssl x509 -req -days 3650 -in "$dir/signer.csr" -CA "$dir/ca.cert.pem" -CAkey "$dir/ca.key.pem" \
        -CAcreateserial -extfile "$dir/signer.ext" -out "$dir/signer.cert.pem" 2>/dev/null
    rm -f "$dir/signer.csr" "$dir/signer.ext"
}

# rotary_image_root ROOT DEB CACHE KEYRING RELEASE [AGENT-DIR] — the slot's file system: the
# cached base, the package and RAUC installed by apt-get, kiosk/deploy/image-root over it, an
# initramfs that mounts the slot under a RAM overlay.
rotary_image_root() {
    local root="$1" deb="$2" cache="$3" keyring="$4" release="$5" agent="${6:-}"
    cp -a "$ROTARY_VM_BASE/root" "$root"
    rotary_chroot_apt_install "$root" "$cache" "$work/apt.log" "$deb" $ROTARY_IMAGE_GUEST_PACKAGES
    if [ -z "$agent" ]; then
        DEBIAN_FRONTEND=noninteractive chroot "$root" apt-get purge -y -qq --autoremove $ROTARY_IMAGE_TEST_ONLY_PACKAGES \
            >>"$work/apt.log" 2>&1
    fi
    local tool
    for tool in growpart resize2fs grub-editenv rauc curl; do
        chroot "$root" sh -c "command -v $tool" >/dev/null || { say "the image lacks $tool"; return 1; }
    done
    # Owned by root and not group-writable, whoever owns the checkout; the image's own
    # folders keep their owners and modes.
    tar -C "$here/deploy/image-root" --owner=0 --group=0 --mode=go-w -cf - . | tar -C "$root" -xf - --no-overwrite-dir
    sed -i "s/@COMPATIBLE@/$(rotary_image_compatible)/" "$root/etc/rauc/system.conf"
    install -m 0644 "$keyring" "$root/etc/rauc/keyring.pem"
    printf '%s\n' "$release" >"$root/usr/lib/rotary-image/release"
    echo rotary-kiosk >"$root/etc/hostname"
    printf '127.0.0.1\tlocalhost\n127.0.1.1\trotary-kiosk\n::1\tlocalhost ip6-localhost ip6-loopback\n' >"$root/etc/hosts"
    mkdir -p "$root/data" "$root/var/log/journal" "$root/var/lib/rotary-image" "$root/var/cache/rotary"
    # Every panel makes its own identity on first boot (the initramfs keeps it on the data
    # partition); the base's would be shared by the whole fleet.
    : >"$root/etc/machine-id"
    rm -f "$root/var/lib/dbus/machine-id"
    systemctl --root="$root" enable rotary-slot-confirm.service rotary-grow-data.service rotary-update.path systemd-networkd.service >/dev/null 2>&1
    systemctl --root="$root" mask getty@tty1.service >/dev/null 2>&1
    if [ -n "$agent" ]; then
        cp -a "$agent/." "$root/"
        # Every unit the agent brings (the test itself, its touchscreen).
        local unit
        for unit in "$agent"/etc/systemd/system/*.service; do
            systemctl --root="$root" enable "$(basename "$unit")" >/dev/null 2>&1
        done
    fi
    # Plymouth starts from the slot (plymouth-start.service), once the data partition with the
    # site's splash is mounted: its initramfs parts would start it before there is one.
    rm -f "$root/usr/share/initramfs-tools/hooks/plymouth" "$root"/usr/share/initramfs-tools/scripts/*/plymouth
    printf 'squashfs\noverlay\n' >>"$root/etc/initramfs-tools/modules"
    chroot "$root" update-initramfs -u -k all >"$work/initramfs.log" 2>&1 || { tail -20 "$work/initramfs.log" >&2; return 1; }
    rm -f "$root"/boot/*.old "$root"/vmlinuz.old "$root"/initrd.img.old
}

# How hard a slot's squashfs is compressed, gzip's level 1 to 9. A fleet's image takes 9, the
# smallest bundles to fetch; kiosk/vm-test --image takes 1, which on two cores packs a slot in
# about 5 s instead of 80 s for a tenth more bytes. GRUB and the kernel read either the same way.
ROTARY_IMAGE_GZIP_LEVEL="${ROTARY_IMAGE_GZIP_LEVEL:-9}"

# rotary_image_squashfs ROOT FILE — the slot image (gzip: GRUB reads the kernel out of it).
# POSIX ACLs are left out (mksquashfs says so per file; nothing in a slot has one that matters).
rotary_image_squashfs() {
    local status=0
    mksquashfs "$1" "$2" -noappend -quiet -no-progress -comp gzip -Xcompression-level "$ROTARY_IMAGE_GZIP_LEVEL" \
        -wildcards -e 'proc/*' 'sys/*' 'run/*' 'tmp/*' \
        >"$work/mksquashfs.log" 2>&1 || status=$?
    grep -v 'Unrecognised xattr prefix system.posix_acl' "$work/mksquashfs.log" >&2 || true
    [ "$status" -eq 0 ] || { say "mksquashfs failed ($status)"; return 1; }
}

# rotary_image_silent_grub DIR — a copy of Debian's GRUB modules in DIR whose kernel does not
# print "Welcome to GRUB!": Debian builds GRUB without the quiet-boot option Ubuntu's has, and
# the kernel prints that line on the panel before it reads any config. The string is emptied
# in place (same length, the kernel's layout untouched), and only if it is there exactly once.
rotary_image_silent_grub() {
    local dir="$1" kernel="$1/kernel.img" banner='Welcome to GRUB!'
    rm -rf "$dir"; cp -a /usr/lib/grub/x86_64-efi "$dir"
    [ "$(grep -c -a -F "$banner" "$kernel")" = 1 ] \
        || { say "GRUB's kernel ($kernel) does not hold its banner exactly once: cannot silence it"; return 1; }
    perl -0777 -pi -e 's/\QWelcome to GRUB!\E/"\0" x 16/e' "$kernel"
    ! grep -q -a -F "$banner" "$kernel" || { say "GRUB's banner is still in $kernel"; return 1; }
}

# rotary_image_esp FILE — the EFI system partition: Debian's GRUB, silenced, as the
# removable-media loader (EFI/BOOT/BOOTX64.EFI, found by any UEFI firmware) and
# kiosk/deploy/image-boot/grub.cfg.
rotary_image_esp() {
    local esp="$1"
    local grub="$work/BOOTX64.EFI"
    rotary_image_silent_grub "$work/grub-modules"
    grub-mkimage -d "$work/grub-modules" -O x86_64-efi -p /EFI/BOOT -o "$grub" \
        part_gpt fat ext2 squash4 gzio normal linux echo test loadenv regexp configfile all_video efi_gop reboot
    sed "s|@CMDLINE@|$ROTARY_IMAGE_CMDLINE|" "$here/deploy/image-boot/grub.cfg" >"$work/grub.cfg"
    rm -f "$esp"
    mkfs.vfat -F 32 -C -n ROTARY-EFI "$esp" $((64 * 1024)) >/dev/null
    mmd -i "$esp" ::/EFI ::/EFI/BOOT
    mcopy -i "$esp" "$grub" "$work/grub.cfg" ::/EFI/BOOT/
}

# rotary_image_splash_check FILE — FILE may be the splash (else it says why and fails): the
# image's own check (usr/lib/rotary-image/splash), which the panel runs again at every boot.
rotary_image_splash_check() {
    local why
    why=$("$here/deploy/image-root/usr/lib/rotary-image/splash" check "$1") || { say "$why"; return 1; }
}

# rotary_image_data ROOT FILE CONFIG [SPLASH] — the data partition as the first boot finds it:
# the kiosk's state folder (owned by its user), the site's config, the splash folder (with
# SPLASH as splash.png), the journal's folder, GRUB's slot variables (slot A, the only one
# filled) and RAUC's folder.
rotary_image_data() {
    local root="$1" file="$2" config="$3" splash="${4:-}"
    local data="$work/data" owner
    owner=$(chroot "$root" id -u rotary):$(chroot "$root" id -g rotary)
    rm -rf "$data"; mkdir -p "$data/state" "$data/cache" "$data/etc-rotary" "$data/splash" "$data/journal" "$data/boot" "$data/rauc" "$data/image-state"
    chown "$owner" "$data/state" "$data/cache"; chmod 0750 "$data/state" "$data/cache"
    install -m 0644 "$config" "$data/etc-rotary/rotary.toml"
    [ -z "$splash" ] || install -m 0644 "$splash" "$data/splash/splash.png"
    grub-editenv "$data/boot/grubenv" create
    grub-editenv "$data/boot/grubenv" set ORDER="A B" A_OK=1 B_OK=0 A_TRY=0 B_TRY=0
    rm -f "$file"
    mke2fs -q -t ext4 -L rotary-data -E root_owner=0:0 -d "$data" "$file" 128M >/dev/null
}

# rotary_image_disk IMAGE ESP SLOT DATA — the GPT disk: ESP, slot A (this build), slot B
# (empty, as large), data last so it can grow. Slots get twice this build's size, at least
# 1 GiB, so later releases fit.
rotary_image_disk() {
    local image="$1" esp="$2" slot="$3" data="$4"
    local mib=$((1024 * 1024)) esp_mib slot_mib data_mib
    esp_mib=$(( ($(stat -c %s "$esp") + mib - 1) / mib ))
    slot_mib=$(( ($(stat -c %s "$slot") * 2 + mib - 1) / mib ))
    [ "$slot_mib" -ge 1024 ] || slot_mib=1024
    data_mib=$(( ($(stat -c %s "$data") + mib - 1) / mib ))
    local a=$((1 + esp_mib)) b=$((1 + esp_mib + slot_mib)) d=$((1 + esp_mib + 2 * slot_mib))
    rm -f "$image"
    truncate -s $(( (d + data_mib + 1) * mib )) "$image"
    sfdisk -q "$image" <<TABLE
label: gpt
unit: sectors
start=2048, size=$((esp_mib * 2048)), type=C12A7328-F81F-11D2-BA4B-00A0C93EC93B, name="EFI system"
start=$((a * 2048)), size=$((slot_mib * 2048)), type=4F68BCE3-E8CD-4DB1-96E7-FBCAF984B709, name="rootfs-a"
start=$((b * 2048)), size=$((slot_mib * 2048)), type=4F68BCE3-E8CD-4DB1-96E7-FBCAF984B709, name="rootfs-b"
start=$((d * 2048)), size=$((data_mib * 2048)), type=0FC63DAF-8483-4772-8E79-3D69D8477DE4, name="rotary-data"
TABLE
    dd if="$esp" of="$image" bs=1M seek=1 conv=notrunc,sparse status=none
    dd if="$slot" of="$image" bs=1M seek="$a" conv=notrunc,sparse status=none
    # Whole, zeros too: bmaptool must write every block of the file system's journal and
    # tables, or a reflashed disk would keep the old ones.
    dd if="$data" of="$image" bs=1M seek="$d" conv=notrunc status=none
}

# rotary_image_bundle FILE SLOT-IMAGE VERSION CERT KEY KEYRING — a verity RAUC bundle that
# writes the slot image into the other slot, signed with CERT/KEY and checked against KEYRING.
rotary_image_bundle() {
    local file="$1" slot="$2" version="$3" cert="$4" key="$5" keyring="$6"
    local content="$work/bundle-content"
    rm -rf "$content" "$file"; mkdir -p "$content"
    ln "$slot" "$content/rootfs.img" 2>/dev/null || cp "$slot" "$content/rootfs.img"
    cat >"$content/manifest.raucm" <<MANIFEST
[update]
compatible=$(rotary_image_compatible)
version=$version
description=Rotary kiosk $version

[bundle]
format=verity

[image.rootfs]
filename=rootfs.img
MANIFEST
    rauc bundle --cert="$cert" --key="$key" "$content" "$file" >"$work/bundle.log" 2>&1 \
        || { cat "$work/bundle.log" >&2; return 1; }
    rm -rf "$content"
    # Checked as a panel checks it: against the keyring, for the codeSigning purpose.
    sed -e "s/@COMPATIBLE@/$(rotary_image_compatible)/" -e "s|^path=.*|path=$keyring|" \
        "$here/deploy/image-root/etc/rauc/system.conf" >"$work/check.conf"
    rauc info --conf="$work/check.conf" "$file" >>"$work/bundle.log" 2>&1 \
        || { cat "$work/bundle.log" >&2; say "the bundle does not verify against $keyring"; return 1; }
}

# rotary_image_assemble IMAGE ROOT CONFIG [SPLASH] — the slot of ROOT, the EFI system partition
# and the data partition (with CONFIG and SPLASH) put together as the disk IMAGE, with its
# block map; the slot image stays in $work/rootfs.img for a bundle.
rotary_image_assemble() {
    local image="$1" root="$2" config="$3" splash="${4:-}"
    rotary_image_squashfs "$root" "$work/rootfs.img"
    rotary_image_esp "$work/esp.img"
    rotary_image_data "$root" "$work/data.img" "$config" "$splash"
    rotary_image_disk "$image" "$work/esp.img" "$work/rootfs.img" "$work/data.img"
    bmaptool -q create -o "${image%.img}.bmap" "$image"
}
