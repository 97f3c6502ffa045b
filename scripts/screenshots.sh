#!/usr/bin/env bash
# Renders Resources/screenshots/gallery.png, gallery-gtk4.png, compose-window.png and
# compose-window-desktop.png from the built binaries in $1.
# Needs a display: `make screenshots` starts Xvfb when DISPLAY is unset.
set -euo pipefail
bin=$1
out=${2:-Resources/screenshots}
mkdir -p "$out"
work=$(mktemp -d)
trap 'kill $(jobs -p) 2>/dev/null || true; rm -rf "$work"' EXIT
export XDG_STATE_HOME=$work/state GTK_THEME=Adwaita NO_AT_BRIDGE=1 GTK_IM_MODULE=gtk-im-context-simple

# Waits for the visible window named $1, lets it paint, captures it into $2.
capture() {
    local id
    id=$(timeout 20 xdotool search --sync --onlyvisible --name "$1" | head -1)
    xdotool windowmove "$id" 0 0 windowfocus --sync "$id" 2>/dev/null || true
    sleep 0.8
    echo "$id" >"$work/last-window"
    import -window "$id" "$2"
}

"$bin/placeholder-gallery" &
capture "Placeholder gallery" "$out/gallery.png"
kill %1; wait 2>/dev/null || true
"$bin/placeholder-gallery-gtk4" &
capture "Placeholder gallery .GTK 4." "$out/gallery-gtk4.png"
kill %1; wait 2>/dev/null || true

# compose-window: English empty and typed, Chinese over the limit, and the discard question.
compose() { # locale title-match png text [keys after typing]
    LANG=$1 LC_ALL=$1 "$bin/compose-window" --limit "$6" --width 400 --height 280 --no-spell --no-draft </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    if [ -n "$4" ]; then xdotool type --delay 15 --window "$id" "$4"; fi
    if [ -n "${5:-}" ]; then xdotool key --window "$id" "$5"; fi
    sleep 0.8
    import -window root -crop "$(xdotool getwindowgeometry --shell "$id" | awk -F= '/WIDTH/{w=$2}/HEIGHT/{h=$2}END{print w"x"h"+0+0"}')" "$3"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
compose C.UTF-8 "New Post" "$work/en-empty.png" "" "" 140
compose C.UTF-8 "New Post" "$work/en-typed.png" "Typed text sits exactly where the placeholder was." "" 140
compose zh_CN.UTF-8 "发微博" "$work/zh-typed.png" "今天天气真好，出去走走吧！" "" 10
compose zh_CN.UTF-8 "发微博" "$work/zh-discard.png" "今天天气真好，出去走走吧！ok" "Escape" 10
convert \( "$work/en-empty.png" "$work/en-typed.png" +append \) \
    \( "$work/zh-typed.png" "$work/zh-discard.png" +append \) -append "$out/compose-window.png"

# From the desktop: aimed at Mastodon (English, its menu open) and at Weibo (Chinese).
desktop() { # locale title-match png text to [keys]
    LANG=$1 LC_ALL=$1 XDG_CONFIG_HOME=$work/config GSETTINGS_BACKEND=keyfile "$bin/compose-window" --desktop \
        --to "$5" --instance mastodon.social --height 280 --no-spell --no-draft </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    if [ -n "${6:-}" ]; then xdotool key "$6"; sleep 0.5; fi
    sleep 0.8
    import -window root -crop 600x330+0+0 "$3"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
desktop C.UTF-8 "New Post" "$work/desktop-en.png" "Written here, posted on Mastodon." mastodon alt+t
desktop zh_CN.UTF-8 "发微博" "$work/desktop-zh.png" "今天天气真好，出去走走吧！" weibo
convert "$work/desktop-en.png" "$work/desktop-zh.png" +append "$out/compose-window-desktop.png"
echo "wrote $out/gallery.png, $out/gallery-gtk4.png, $out/compose-window.png and $out/compose-window-desktop.png"
