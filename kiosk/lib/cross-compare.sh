# The same pixels on both architectures: kiosk/cross --compare plays the same replays with an
# x86-64 and an arm64 kiosk in the cross target root (kiosk/lib/cross.sh), where both load the
# same trixie libraries and fonts, the arm64 one under QEMU's user-mode emulation. Sourced.
#
# Held: the event lines and the draw lists (every text's words, box, size and colour, every
# target) are the same bytes; the screenshots are the same pixels, except by at most
# ROTARY_CROSS_LEVELS (2) levels of a channel on at most ROTARY_CROSS_SHARE (2 %) of them.
# Each case's figures and, where pixels differ, a picture of where (diff-CASE.png: red where
# they differ) are kept in the output folder.

ROTARY_CROSS_LEVELS="${ROTARY_CROSS_LEVELS:-2}"
ROTARY_CROSS_SHARE="${ROTARY_CROSS_SHARE:-0.02}"

# The cases: name, window size, config ("" the built-in one, "example" kiosk/deploy/rotary.toml,
# "example-ar" it in Arabic), trace (under kiosk/tools/replays/).
ROTARY_CROSS_CASES="
idle-800x480 800x480 - idle
start-800x480 800x480 - start
spin-1080x1080 1080x1080 - spin
example-ar-480x800 480x800 example-ar start
example-1280x800 1280x800 example spin
"

# rotary_cross_compare X86-BINARY ARM64-BINARY OUT — plays every case with both; fails on a difference.
rotary_cross_compare() {
    local x86="$1" arm="$2" out="$3"
    local run="$ROTARY_CROSS_TARGET/tmp/rotary-compare"
    rm -rf "$run" "$out"
    mkdir -p "$run" "$out"
    install -m 0755 "$x86" "$run/rotary-kiosk-amd64"
    install -m 0755 "$arm" "$run/rotary-kiosk-arm64"
    cp "$here"/tools/replays/*.jsonl "$run/"
    cp "$here/deploy/rotary.toml" "$run/example.toml"
    sed 's/^language = "en"/language = "ar"/' "$here/deploy/rotary.toml" >"$run/example-ar.toml"
    grep -q '^language = "ar"' "$run/example-ar.toml" || { cross_say "kiosk/deploy/rotary.toml has no language = \"en\" line"; return 1; }
    local failed=0 name size config trace arch
    while read -r name size config trace; do
        [ -n "$name" ] || continue
        for arch in amd64 arm64; do
            local args=(--replay "/tmp/rotary-compare/$trace.jsonl" --size "$size" --replay-start 2026-01-05T10:00
                        --screenshot "/tmp/rotary-compare/$name-$arch.png" --draw-list-out "/tmp/rotary-compare/$name-$arch.json"
                        --events-out "/tmp/rotary-compare/$name-$arch.events")
            [ "$config" = - ] || args+=(--config "/tmp/rotary-compare/$config.toml")
            cross_chroot "$ROTARY_CROSS_TARGET" "/tmp/rotary-compare/rotary-kiosk-$arch" "${args[@]}" \
                >"$out/$name-$arch.log" 2>&1 || { cross_say "$name: the $arch kiosk failed (status $?): $(tail -3 "$out/$name-$arch.log")"; failed=1; continue 2; }
            cp "$run/$name-$arch.png" "$run/$name-$arch.json" "$run/$name-$arch.events" "$out/"
        done
        python3 "$here/lib/cross-pixels.py" "$out" "$name" "$ROTARY_CROSS_LEVELS" "$ROTARY_CROSS_SHARE" >&2 || failed=1
    done <<<"$ROTARY_CROSS_CASES"
    rm -rf "$run"
    [ "$failed" -eq 0 ] && cross_say "compare: the arm64 kiosk plays every case as the x86-64 one does (figures above; files in $out)"
    return "$failed"
}
