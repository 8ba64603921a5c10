# kiosk/vm-test --image [--short]: the kiosk image end to end under QEMU with UEFI (OVMF).
# Builds the image as kiosk/image does (plus the test's guest agent, image-guest.sh with
# guest-lib.sh and vmguest.py, its touchscreen service, and python3-evdev for the touches), an
# update bundle v2 (the same system, its kiosk stamped with a new version), a bundle whose
# kiosk exits at start, the same signed by a CA the image does not trust and without a
# signature; then image-host.py boots it: first boot, ROTARY_VM_CUTS power cuts at random
# moments (seed ROTARY_VM_SEED), the update to v2, the rollback of the bad one, a fleet update.
# --short (what ./kiosk/test runs) builds no v2 and boots the first boot, one power cut while a
# countdown runs and the bad bundle's rollback to v1. The first boot is watched from power on
# (bootwatch.py): the panel must show only black, the test's splash and the kiosk once the
# firmware has started GRUB.
# ROTARY_VM_REUSE=1 boots the image and bundles the last run built (the disk made afresh).
# Sourced by kiosk/vm-test, which has set here, top, cache and say.

rotary_vm_image_test() {
    local mode="${1:-full}" work="$top/.build/vm-image-test"
    local cuts="${ROTARY_VM_CUTS:-12}" seed="${ROTARY_VM_SEED:-$(date +%s)}"
    # The test's slots are packed fast (see ROTARY_IMAGE_GZIP_LEVEL): it builds two or three.
    ROTARY_IMAGE_GZIP_LEVEL="${ROTARY_IMAGE_GZIP_LEVEL:-1}"
    . "$here/lib/image-parts.sh"
    rotary_install_missing $ROTARY_IMAGE_PACKAGES ovmf mosquitto mosquitto-clients
    local started; started=$(date +%s)
    if [ "${ROTARY_VM_REUSE:-0}" = 1 ] && [ "$(cut -d' ' -f2 "$work/built" 2>/dev/null)" = "$mode" ]; then
        say "reusing the image and bundles built in $work"
        rotary_image_disk "$work/disk.img" "$work/esp.img" "$work/rootfs.img" "$work/data.img"
        rotary_vm_base "$cache"
        rotary_vm_image_boot "$work" "$cuts" "$seed" "$started" "$mode"
        return
    fi
    rm -rf --one-file-system "$work"; mkdir -p "$work/bundles"
    rotary_vm_base "$cache"

    say "building the kiosk binary and its package"
    local binary deb version
    binary=$(rotary_vm_binary amd64) || return 1
    deb=$(rotary_vm_package amd64 "$binary" "$work/deb" "$work/package.log") || return 1
    version=$(dpkg-deb -f "$deb" Version)
    rotary_image_test_keys "$work/keys"
    rotary_image_test_keys "$work/rogue-keys"

    say "building the image $version with the test's agent"
    rotary_vm_guest_files "$work/agent" "$here/vm/image-guest.sh" "$here/vm/rotary-vm-image-test.service"
    local root="$work/root"
    rotary_image_root "$root" "$deb" "$cache" "$work/keys/ca.cert.pem" "$version" "$work/agent"
    # The test's own splash, which image-host.py looks for on the panel while the image boots.
    python3 "$here/vm/bootwatch.py" splash "$work/splash.png"
    rotary_image_assemble "$work/disk.img" "$root" "$root/etc/rotary/rotary.toml" "$work/splash.png"
    local size written
    size=$(du -m --apparent-size "$work/disk.img" | cut -f1) written=$(du -m "$work/disk.img" | cut -f1)
    say "image: $size MiB, $written MiB of it written (bmap), slot squashfs $(du -m "$work/rootfs.img" | cut -f1) MiB"

    if [ "$mode" = full ]; then
        say "building the v2 bundle"
        printf '%s\n' "$version+v2" >"$root/usr/lib/rotary-image/release"
        rotary_stamp_version "$root/usr/bin/rotary-kiosk" "$version+v2"
        rotary_image_squashfs "$root" "$work/v2.img"
        rotary_image_bundle "$work/bundles/v2.raucb" "$work/v2.img" "$version+v2" \
            "$work/keys/signer.cert.pem" "$work/keys/signer.key.pem" "$work/keys/ca.cert.pem"
    fi
    say "building the bundles: one whose kiosk exits at start, the same rogue-signed and unsigned"
    printf '%s\n' "$version+bad" >"$root/usr/lib/rotary-image/release"
    printf '#!/bin/sh\necho "rotary-kiosk: a release broken on purpose by the VM test" >&2\nexit 1\n' >"$root/usr/bin/rotary-kiosk"
    rotary_image_squashfs "$root" "$work/bad.img"
    rotary_image_bundle "$work/bundles/bad.raucb" "$work/bad.img" "$version+bad" \
        "$work/keys/signer.cert.pem" "$work/keys/signer.key.pem" "$work/keys/ca.cert.pem"
    # The same bundle signed again by a CA the image does not trust: rauc resign replaces the
    # signature over the manifest (which holds the payload's verity root hash), not the payload.
    # (check.conf, from the bad bundle's check, asks for the codeSigning purpose, as a panel does.)
    rauc --conf="$work/check.conf" --keyring="$work/keys/ca.cert.pem" resign --signing-keyring="$work/rogue-keys/ca.cert.pem" \
        --cert="$work/rogue-keys/signer.cert.pem" --key="$work/rogue-keys/signer.key.pem" \
        "$work/bundles/bad.raucb" "$work/bundles/rogue.raucb" >>"$work/bundle.log" 2>&1 \
        || { cat "$work/bundle.log" >&2; return 1; }
    # A bundle ends with its CMS signature and then the signature's size (8 bytes, big
    # endian): without both it is a bundle nobody signed.
    local signature; signature=$(tail -c 8 "$work/bundles/bad.raucb" | od -An -tu8 --endian=big | tr -d ' ')
    head -c $(( $(stat -c %s "$work/bundles/bad.raucb") - signature - 8 )) "$work/bundles/bad.raucb" >"$work/bundles/unsigned.raucb"
    rm -rf --one-file-system "$root" "$work/v2.img" "$work/bad.img"
    echo "$version $mode" >"$work/built"
    say "built in $(( $(date +%s) - started )) s"
    rotary_vm_image_boot "$work" "$cuts" "$seed" "$started" "$mode"
}

# rotary_vm_image_boot WORK CUTS SEED STARTED MODE — boots the disk WORK/disk.img as
# image-host.py drives it (MODE full or short).
rotary_vm_image_boot() {
    local work="$1" cuts="$2" seed="$3" started="$4" mode="$5" version
    version=$(cut -d' ' -f1 "$work/built")
    # Flashed onto a disk 1 GiB larger than the image: the first boot grows the data partition.
    truncate -s +1G "$work/disk.img"
    cp /usr/share/OVMF/OVMF_VARS_4M.fd "$work/vars.fd"
    local result=0
    ROTARY_KIOSK_BINARY="$top/.build/release/rotary-kiosk" python3 "$here/vm/image-host.py" "$work/disk.img" "$work" "$work/bundles" \
        "$seed" "$cuts" "$version" "$version+v2" "$ROTARY_VM_BASE/vmlinuz" "$mode" || result=$?
    local pictures="$work/first-boot.png $work/running.png $work/rolled-back.png"
    [ "$mode" = short ] || pictures="$pictures $work/updated.png $work/fleet-updated.png"
    say "image test finished in $(( $(date +%s) - started )) s; screendumps: $pictures"
    return "$result"
}
