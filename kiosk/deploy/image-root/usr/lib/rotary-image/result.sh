# Sourced by the image's update and slot scripts: writes the result of the last fleet update
# where the kiosk reads it (JSON, atomically), in a folder of root's on the data partition:
# the kiosk's own folder, where it leaves its requests, is never written by root.
result_dir=/var/lib/rotary-image
result_file=$result_dir/update-result

# json_text TEXT — TEXT as the inside of a JSON string: one line, at most 400 bytes.
json_text() { printf '%s' "$1" | tr -d '\000-\037' | cut -c1-400 | sed -e 's/\\/\\\\/g' -e 's/"/\\"/g'; }

# write_result RESULT [VERSION] [MESSAGE]
write_result() {
    mkdir -p "$result_dir"
    printf '{"result": "%s", "version": "%s", "message": "%s", "at": "%s"}\n' "$1" "$(json_text "${2:-}")" \
        "$(json_text "${3:-}")" "$(date -u +%Y-%m-%dT%H:%M:%SZ)" >"$result_file.new" || return 1
    chmod 0644 "$result_file.new"
    sync "$result_file.new" && mv "$result_file.new" "$result_file" && sync "$result_dir"
}

# result_field NAME — a field of the last result ("" when none).
result_field() { sed -n "s/.*\"$1\": \"\([^\"]*\)\".*/\1/p" "$result_file" 2>/dev/null; }
