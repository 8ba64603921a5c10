# Shared by kiosk/run, kiosk/test, kiosk/install and kiosk/vm-test: install what is
# missing, find Swift, build the release binary.
# Sourced, not run. Works on Debian, Ubuntu and Raspberry Pi OS; root or sudo.

# Debian packages every build needs: SDL2 with SDL_image and SDL_ttf, pkg-config for
# the CSDL2 module, fontconfig (library and a font) for text, FriBidi and HarfBuzz for
# right-to-left and shaped scripts, the Noto core fonts to draw the scripts DejaVu lacks,
# SQLite for the usage log, libmosquitto for MQTT, libinput and udev for touch on
# framebuffer panels, git for SwiftPM.
ROTARY_BUILD_PACKAGES="pkg-config git libsdl2-dev libsdl2-image-dev libsdl2-ttf-dev libfontconfig-dev libfribidi-dev libharfbuzz-dev libsqlite3-dev libmosquitto-dev libinput-dev libudev-dev fontconfig fonts-dejavu-core fonts-noto-core"

# What the tests add: a real X server without a screen and a scripted mouse, HarfBuzz's
# hb-shape (to check shaping against), CJK and colour emoji fonts for the fallbacks, a
# real MQTT broker with its command-line clients, and openssl to make a test CA.
ROTARY_TEST_PACKAGES="xvfb xauth xdotool imagemagick libharfbuzz-bin fonts-noto-cjk fonts-noto-color-emoji mosquitto mosquitto-clients openssl"

# What kiosk/package adds: Debian's packaging tools, lintian, and help2man for the man page.
ROTARY_PACKAGE_PACKAGES="dpkg-dev debhelper fakeroot lintian help2man"

rotary_say() { printf '\033[1mrotary:\033[0m %s\n' "$*" >&2; }

# rotary_missing PACKAGE... — prints those of the packages not yet installed.
rotary_missing() {
    local pkg
    for pkg in "$@"; do
        dpkg-query -W -f='${Status}' "$pkg" 2>/dev/null | grep -q 'install ok installed' || echo "$pkg"
    done
}

# rotary_lock NAME — the path of this user's lock file NAME in /tmp (one per user: Debian's
# protected_regular keeps even root from opening another user's file there for writing).
rotary_lock() { echo "${TMPDIR:-/tmp}/rotary-$1-$(id -u).lock"; }

# rotary_write_if_changed FILE — standard input into FILE, only when it differs, through a
# temporary file renamed over it: another build running beside this one (the arm64 one, a
# developer's kiosk/package) may be reading FILE, and must never see it cut short.
rotary_write_if_changed() {
    local temporary="$1.$$"
    cat >"$temporary" || return 1
    if cmp -s "$temporary" "$1"; then rm -f "$temporary"; else mv -f "$temporary" "$1"; fi
}

# rotary_install_missing PACKAGE... — apt-get installs the packages not yet installed. Scripts
# run side by side take turns (rotary_lock): apt-get does not wait for another apt-get's
# lock, it fails.
rotary_install_missing() {
    [ -z "$(rotary_missing "$@")" ] && return 0
    (
        flock -w 1800 9 || { rotary_say "waited 30 minutes for another install to finish"; exit 1; }
        rotary_install_missing_now "$@"
    ) 9>>"$(rotary_lock install)"
}

# rotary_install_missing_now PACKAGE... — rotary_install_missing without taking turns.
rotary_install_missing_now() {
    local missing=()
    mapfile -t missing < <(rotary_missing "$@")
    [ ${#missing[@]} -eq 0 ] && return 0
    local sudo=""
    if [ "$(id -u)" -ne 0 ]; then
        command -v sudo >/dev/null || { rotary_say "need root or sudo to install: ${missing[*]}"; return 1; }
        sudo="sudo"
    fi
    command -v apt-get >/dev/null || { rotary_say "no apt-get here; install by hand: ${missing[*]}"; return 1; }
    rotary_say "installing ${missing[*]}"
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -qq || return 1
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null || return 1
}

# rotary_find_swift — puts a Swift 6 toolchain on PATH or explains where to get one.
rotary_find_swift() {
    command -v swift >/dev/null && return 0
    local dir
    for dir in /opt/swift/usr/bin /usr/share/swift/usr/bin "$HOME/.local/share/swiftly/bin"; do
        if [ -x "$dir/swift" ]; then
            export PATH="$dir:$PATH"
            return 0
        fi
    done
    rotary_say "no Swift toolchain found. Install Swift 6 (https://www.swift.org/install/linux/) so that 'swift' is on PATH, then run this again."
    return 1
}

# rotary_toolchain_lld — the path of the lld that comes with the Swift toolchain; fails
# where there is none.
rotary_toolchain_lld() {
    local resources
    resources="$(swiftc -print-target-info 2>/dev/null | sed -n 's/.*"runtimeResourcePath": *"\(.*\)".*/\1/p' | head -1)"
    [ -n "$resources" ] && [ -x "${resources%/lib/swift}/bin/ld.lld" ] && echo "${resources%/lib/swift}/bin/ld.lld"
}

# rotary_build_release [SWIFT-BUILD-OPTION...] — builds the kiosk's release binary in the
# current directory (a checkout) with the Swift runtime linked in. Where the toolchain has
# lld, it links with lld, with the code a kiosk runs gathered at the front
# (rotary_code_layout_flags); where glibc also reads packed relative relocations (2.36 and
# later: Debian 12, Ubuntu 24.04, current Raspberry Pi OS), with them: the loader then
# reads a few kilobytes of relocations at start instead of 1.8 MB, which every kiosk
# process kept in memory.
rotary_build_release() {
    local flags=(-c release --static-swift-stdlib --product rotary-kiosk)
    local lld glibc
    glibc="$(getconf GNU_LIBC_VERSION 2>/dev/null | awk '{print $2}')"
    if lld="$(rotary_toolchain_lld)"; then
        mkdir -p .build
        printf '{"schemaVersion": "1.0", "linker": {"path": "%s"}}\n' "$lld" | rotary_write_if_changed .build/rotary-lld-toolset.json
        flags+=(--toolset .build/rotary-lld-toolset.json)
        rotary_code_layout_flags flags "$PWD"
        if [ -n "$glibc" ] && [ "$(printf '%s\n2.36\n' "$glibc" | sort -V | head -1)" = "2.36" ]; then
            flags+=(-Xlinker -z -Xlinker pack-relative-relocs)
        fi
    fi
    swift build "${flags[@]}" "$@"
}

# rotary_code_layout_flags ARRAY CHECKOUT [SEEN-AS] — appends to ARRAY the swift build
# flags (for an lld link) that put the code a kiosk runs together at the front of the
# binary: every function in its own section, ordered by CHECKOUT/kiosk/tools/code-order/code-order.txt and
# .ld (written by kiosk/tools/order-code). The kernel maps code 64 KB around each fault, so the
# functions a kiosk runs, scattered, kept about 9 MB of the binary resident; gathered,
# about 5 MB. The two files are copied into CHECKOUT/.build under a hash of their contents,
# so a new list changes the link command and SwiftPM links again. SEEN-AS is the path the
# build sees CHECKOUT at (default: CHECKOUT; /src in the arm64 build's chroot).
rotary_code_layout_flags() {
    local -n into="$1"
    local hash folder=".build/code-order"
    hash=$(cat "$2/kiosk/tools/code-order/code-order.txt" "$2/kiosk/tools/code-order/code-order.ld" | sha256sum | cut -c1-16)
    mkdir -p "$2/$folder"
    rotary_write_if_changed "$2/$folder/$hash.txt" <"$2/kiosk/tools/code-order/code-order.txt"
    rotary_write_if_changed "$2/$folder/$hash.ld" <"$2/kiosk/tools/code-order/code-order.ld"
    into+=(-Xswiftc -Xfrontend -Xswiftc -function-sections -Xcc -ffunction-sections
        -Xlinker "--symbol-ordering-file=${3:-$2}/$folder/$hash.txt" -Xlinker --no-warn-symbol-ordering
        -Xlinker -T -Xlinker "${3:-$2}/$folder/$hash.ld")
}

# rotary_code_layout_report BINARY CHECKOUT — says how many of the functions listed in
# CHECKOUT/kiosk/tools/code-order/code-order.txt BINARY (not yet stripped) holds and how many megabytes of
# code they span: gathered, about 5. Fails when they span more than 10 where the toolchain
# has lld, that is when the build did not apply the list (unordered, they spread over the
# whole 17); without lld there is no layout, and it says so. Names that went away since
# kiosk/tools/order-code last ran are code the kiosk now runs from the cold part.
rotary_code_layout_report() {
    local report gathered=0
    rotary_toolchain_lld >/dev/null || { rotary_say "code layout: none (the toolchain has no lld)"; return 0; }
    report=$("$(dirname "$(command -v swift)")/llvm-nm" --defined-only --radix=d "$1" 2>/dev/null | awk -v list="$2/kiosk/tools/code-order/code-order.txt" '
        BEGIN { while ((getline name < list) > 0) if (!(name in listed)) { listed[name] = 1; count++ } }
        NF == 3 && ($3 in listed) && !($3 in found) {
            found[$3] = 1; hits++; at = $1 + 0
            if (low == "" || at < low) low = at
            if (at > high) high = at
        }
        END { printf "%d of the %d functions in kiosk/tools/code-order/code-order.txt are in the binary, within %.1f MB of code%s",
                     hits, count, (high - low) / 1e6, (hits >= count * 0.9 ? "" : "; run kiosk/tools/order-code to list the code it runs now")
              exit (hits > 0 && high - low <= 10e6) ? 0 : 1 }') || gathered=1
    rotary_say "code layout: $report"
    [ "$gathered" -eq 0 ] || { rotary_say "the build did not gather the listed code (rotary_code_layout_flags)"; return 1; }
}

# rotary_stamp_version BINARY VERSION — writes VERSION into the kiosk binary's 64-byte
# .rotary_version section (NUL-padded), so rotary-kiosk --version, MQTT and Home Assistant
# say it; checks that the binary says it back.
rotary_stamp_version() {
    local binary="$1" version="$2" section objcopy_tool
    [ ${#version} -lt 64 ] || { rotary_say "the version is longer than 63 characters: $version"; return 1; }
    section=$(mktemp)
    head -c 64 < <(printf '%s' "$version"; head -c 64 /dev/zero) >"$section"
    objcopy_tool=$(command -v llvm-objcopy || echo "$(dirname "$(command -v swift)")/llvm-objcopy")
    "$objcopy_tool" --update-section ".rotary_version=$section" "$binary"
    rm -f "$section"
    [ "$("$binary" --version)" = "$version" ] \
        || { rotary_say "the stamped binary says $("$binary" --version), not $version"; return 1; }
}
