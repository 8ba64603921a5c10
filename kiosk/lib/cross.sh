# Building the kiosk for arm64 (aarch64) on an x86-64 Debian machine, with Debian's own
# packages only. Sourced by kiosk/cross, kiosk/package and kiosk/vm-test; root (debootstrap,
# chroot and mounts need it).
#
# Two roots, each made once and cached under ROTARY_CROSS_CACHE (default /var/cache/rotary-cross),
# keyed by their package lists; the versions they got are in their manifest:
#   toolchain  Debian sid (amd64) with swiftlang 6.2: the Swift compiler, clang and ld.lld that
#              cross-compile for aarch64 (trixie's Swift is 6.0, too old for this package).
#   target     Debian trixie (amd64) with arm64 added as a foreign architecture: the arm64
#              -dev packages the kiosk builds against (its sysroot), Swift's aarch64 runtime
#              from sid's swiftlang:arm64, dpkg-dev and debhelper for dpkg-buildpackage -a arm64
#              (dpkg-shlibdeps computes Depends from trixie's arm64 libraries), and both
#              architectures' runtime libraries and fonts, so an amd64 and an arm64 kiosk run
#              side by side on the same library versions (kiosk/cross --compare).
# Mounts are made in a private mount namespace (unshare): they end with the command.

ROTARY_CROSS_CACHE="${ROTARY_CROSS_CACHE:-/var/cache/rotary-cross}"
ROTARY_CROSS_MIRROR="${ROTARY_CROSS_MIRROR:-http://deb.debian.org/debian}"

# The host's tools: debootstrap, and QEMU's user-mode emulation registered with binfmt_misc
# (an arm64 program then runs here as if native, slowly).
ROTARY_CROSS_HOST_PACKAGES="debootstrap qemu-user-static binfmt-support"

# The toolchain root's packages.
ROTARY_CROSS_TOOLCHAIN_PACKAGES="swiftlang libc6-dev pkg-config git"

# The target root's arm64 packages: the C library and compiler runtime the linker needs, and
# what the kiosk links (kiosk/deploy/debian/control's Build-Depends).
ROTARY_CROSS_ARM64_PACKAGES="libc6-dev libstdc++-14-dev libgcc-14-dev libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev \
libfontconfig-dev libfribidi-dev libharfbuzz-dev libsqlite3-dev libmosquitto-dev libinput-dev libudev-dev"

# The target root's own (amd64) packages: packaging tools, and the kiosk's runtime libraries
# and fonts for the amd64 side of the comparison.
ROTARY_CROSS_TARGET_PACKAGES="dpkg-dev debhelper fakeroot binutils-aarch64-linux-gnu libsdl2-2.0-0 libsdl2-image-2.0-0 \
libsdl2-ttf-2.0-0 libfontconfig1 libfribidi0 libharfbuzz0b libsqlite3-0 libinput10 libmosquitto1 fontconfig \
fonts-dejavu-core fonts-noto-core"

cross_say() { printf '\033[1mcross:\033[0m %s\n' "$*" >&2; }

# rotary_cross_binfmt — makes sure arm64 programs run here: QEMU's aarch64 emulator registered
# with binfmt_misc, fixed at registration (flag F) so that it runs inside chroots too.
rotary_cross_binfmt() {
    rotary_install_missing $ROTARY_CROSS_HOST_PACKAGES || return 1
    local entry=/proc/sys/fs/binfmt_misc/qemu-aarch64
    if [ ! -e /proc/sys/fs/binfmt_misc/register ]; then
        mount -t binfmt_misc binfmt_misc /proc/sys/fs/binfmt_misc 2>/dev/null \
            || { cross_say "binfmt_misc cannot be mounted here, so arm64 programs cannot run: $(uname -r)"; return 1; }
    fi
    [ -e "$entry" ] || update-binfmts --enable qemu-aarch64 >/dev/null 2>&1 || true
    [ -e "$entry" ] || update-binfmts --import qemu-aarch64 >/dev/null 2>&1 || true
    grep -q '^enabled' "$entry" 2>/dev/null && grep -q '^flags:.*F' "$entry" \
        || { cross_say "qemu-aarch64 is not registered with binfmt_misc (flag F) in $entry"; return 1; }
}

# cross_key TEXT... — a short hash naming a cached root.
cross_key() { printf '%s\n' "$@" | sha256sum | cut -c1-12; }

# cross_chroot ROOT COMMAND... — COMMAND in ROOT with /proc, /dev and the name service, in a
# private mount namespace. CROSS_BINDS (pairs "SOURCE:TARGET", TARGET inside ROOT) are bound too.
cross_chroot() {
    local root="$1"; shift
    local binds="${CROSS_BINDS:-}"
    cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
    unshare --mount --propagation private -- bash -c '
        set -e
        root="$1"; binds="$2"; shift 2
        mount --bind /proc "$root/proc"
        mount --bind /dev "$root/dev"
        for pair in $binds; do
            mkdir -p "$root${pair#*:}"
            mount --bind "${pair%%:*}" "$root${pair#*:}"
        done
        exec env -u QEMU_LD_PREFIX chroot "$root" "$@"' cross "$root" "$binds" "$@"
}

# cross_debootstrap DIR SUITE LOG — a minimal Debian SUITE (amd64) in DIR/root.
cross_debootstrap() {
    local dir="$1" suite="$2" log="$3"
    rm -rf --one-file-system "$dir"
    mkdir -p "$dir"
    debootstrap --variant=minbase "$suite" "$dir/root" "$ROTARY_CROSS_MIRROR" >"$log" 2>&1 \
        || { tail -20 "$log" >&2; return 1; }
}

# cross_apt ROOT LOG ARGS... — apt-get in ROOT (the archive's Valid-Until is not checked: sid's
# Release file can be older than a machine's clock says it may be).
cross_apt() {
    local root="$1" log="$2"; shift 2
    cross_chroot "$root" env DEBIAN_FRONTEND=noninteractive apt-get -o Acquire::Check-Valid-Until=false -qq "$@" \
        >>"$log" 2>&1 || { tail -30 "$log" >&2; return 1; }
}

# rotary_cross_toolchain — sets ROTARY_CROSS_TOOLCHAIN, the sid root with swiftlang.
rotary_cross_toolchain() {
    local key dir
    key=$(cross_key "$ROTARY_CROSS_TOOLCHAIN_PACKAGES" "$ROTARY_CROSS_MIRROR" toolchain-v1)
    dir="$ROTARY_CROSS_CACHE/toolchain-$key"
    ROTARY_CROSS_TOOLCHAIN="$dir/root"
    [ -f "$dir/ready" ] && return 0
    cross_say "making the toolchain root: Debian sid with swiftlang (first run only; about 2 minutes)"
    cross_debootstrap "$dir" sid "$dir/debootstrap.log" || return 1
    cross_apt "$ROTARY_CROSS_TOOLCHAIN" "$dir/apt.log" update || return 1
    # shellcheck disable=SC2086
    cross_apt "$ROTARY_CROSS_TOOLCHAIN" "$dir/apt.log" install -y --no-install-recommends $ROTARY_CROSS_TOOLCHAIN_PACKAGES || return 1
    cross_chroot "$ROTARY_CROSS_TOOLCHAIN" dpkg-query -W $ROTARY_CROSS_TOOLCHAIN_PACKAGES >"$dir/manifest"
    rm -rf "$ROTARY_CROSS_TOOLCHAIN"/var/cache/apt/archives/*.deb
    touch "$dir/ready"
}

# rotary_cross_target — sets ROTARY_CROSS_TARGET, the trixie root with arm64 added (see above);
# needs the toolchain root (its swiftlang:arm64 brings Swift's aarch64 runtime).
rotary_cross_target() {
    local key dir root swift version
    rotary_cross_toolchain || return 1
    version=$(sed -n 's/^swiftlang\t//p' "$(dirname "$ROTARY_CROSS_TOOLCHAIN")/manifest")
    key=$(cross_key "$ROTARY_CROSS_ARM64_PACKAGES" "$ROTARY_CROSS_TARGET_PACKAGES" "$ROTARY_CROSS_MIRROR" "$version" target-v1)
    dir="$ROTARY_CROSS_CACHE/target-$key"
    root="$dir/root"
    ROTARY_CROSS_TARGET="$root"
    [ -f "$dir/ready" ] && return 0
    cross_say "making the target root: Debian trixie with its arm64 libraries (first run only; about 3 minutes)"
    cross_debootstrap "$dir" trixie "$dir/debootstrap.log" || return 1
    cross_chroot "$root" dpkg --add-architecture arm64
    cross_apt "$root" "$dir/apt.log" update || return 1
    # shellcheck disable=SC2086
    cross_apt "$root" "$dir/apt.log" install -y --no-install-recommends $ROTARY_CROSS_TARGET_PACKAGES \
        $(printf '%s:arm64 ' $ROTARY_CROSS_ARM64_PACKAGES) || return 1
    # Swift's aarch64 runtime (static and its modules) and clang's aarch64 headers and builtins,
    # from the same swiftlang as the compiler; the rest of that package is an arm64 toolchain.
    cross_say "unpacking Swift $version's aarch64 runtime"
    swift="$dir/swiftlang-arm64"
    mkdir -p "$swift"
    cross_chroot "$ROTARY_CROSS_TOOLCHAIN" dpkg --add-architecture arm64
    cross_apt "$ROTARY_CROSS_TOOLCHAIN" "$dir/apt.log" update || return 1
    CROSS_BINDS="$swift:/tmp/swiftlang-arm64" cross_chroot "$ROTARY_CROSS_TOOLCHAIN" sh -c \
        "cd /tmp/swiftlang-arm64 && apt-get -o Acquire::Check-Valid-Until=false -o APT::Sandbox::User=root -qq download swiftlang:arm64=$version" \
        >>"$dir/apt.log" 2>&1 || { tail -5 "$dir/apt.log" >&2; return 1; }
    mkdir -p "$root/usr/libexec/swift-aarch64"
    dpkg-deb --fsys-tarfile "$swift"/swiftlang_*_arm64.deb \
        | tar -x -C "$root/usr/libexec/swift-aarch64" --strip-components=5 \
            ./usr/libexec/swift/lib/swift_static ./usr/libexec/swift/lib/clang
    ln -sfn ../libexec/swift-aarch64/swift_static "$root/usr/lib/swift_static"
    rm -rf "$swift"
    [ -f "$root/usr/lib/swift_static/linux/static-stdlib-args.lnk" ] \
        || { cross_say "swiftlang:arm64 $version has no static runtime"; return 1; }
    cross_chroot "$root" dpkg-query -W >"$dir/manifest"
    rm -rf "$root"/var/cache/apt/archives/*.deb
    touch "$dir/ready"
}

# rotary_cross_build CHECKOUT — builds the release kiosk for aarch64 (Swift runtime linked in)
# from CHECKOUT, whose package dependencies the host's SwiftPM resolves (the toolchain root
# then builds offline from them); prints the binary's path.
rotary_cross_build() {
    local top="$1" scratch="$1/.build/aarch64" layout=()
    rotary_code_layout_flags layout "$top" /src
    rotary_cross_target || return 1
    # The host's resolution, reused: the same checkouts at the same revisions.
    (cd "$top" && swift package resolve >&2) || return 1
    mkdir -p "$scratch"
    rm -rf "$scratch/checkouts" "$scratch/repositories"
    cp -a "$top/.build/checkouts" "$top/.build/repositories" "$top/.build/workspace-state.json" "$scratch/"
    cross_say "swift build for aarch64-unknown-linux-gnu (Swift $(sed -n 's/^swiftlang\t//p' "$(dirname "$ROTARY_CROSS_TOOLCHAIN")/manifest"))"
    CROSS_BINDS="$top:/src $ROTARY_CROSS_TARGET:/sysroot" cross_chroot "$ROTARY_CROSS_TOOLCHAIN" env \
        PKG_CONFIG_SYSROOT_DIR=/sysroot PKG_CONFIG_PATH=/sysroot/usr/lib/aarch64-linux-gnu/pkgconfig:/sysroot/usr/share/pkgconfig \
        sh -c 'cd /src && swift build --scratch-path .build/aarch64 --disable-automatic-resolution -c release \
            --product rotary-kiosk --static-swift-stdlib --triple aarch64-unknown-linux-gnu \
            --sdk /sysroot -Xswiftc -sdk -Xswiftc /sysroot -Xswiftc -resource-dir -Xswiftc /sysroot/usr/lib/swift_static \
            -Xswiftc -use-ld=lld -Xlinker -z -Xlinker pack-relative-relocs '"${layout[*]}" >&2 || return 1
    echo "$scratch/release/rotary-kiosk"
}

# rotary_cross_glibc BINARY — the newest glibc symbol version BINARY needs.
rotary_cross_glibc() {
    "$(dirname "$(command -v swift)")/llvm-objdump" -T "$1" | grep -o 'GLIBC_[0-9.]*' | sort -V | tail -1
}
