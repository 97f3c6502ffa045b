#!/usr/bin/env bash
# Renders Resources/screenshots/gallery.png, gallery-gtk4.png, compose-window.png,
# compose-window-desktop.png, compose-window-posting.png, compose-window-images.png, compose-window-link-card.png,
# compose-window-quote.png and
# compose-window-options.png from the
# built binaries in $1.
# Needs a display: `make screenshots` starts Xvfb when DISPLAY is unset; and root, for the posting
# tests' private network (Tests/Support/Networks), where the accounts are signed in.
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
    id=$(timeout 20 xdotool search --sync --onlyvisible --name "$1" | sed -n 1p)
    xdotool windowmove "$id" 0 0 windowfocus --sync "$id" 2>/dev/null || true
    xdotool mousemove 1279 1023 2>/dev/null || true  # no tooltip where the pointer happens to be
    sleep 0.8
    echo "$id" >"$work/last-window"
    import -window "$id" "$2"
}

# The screen's rectangle of window $1 (with the popups over it) into $3, then ends process $2.
window_shot() {
    import -window root -crop "$(xdotool getwindowgeometry --shell "$1" | awk -F= '/WIDTH/{w=$2}/HEIGHT/{h=$2}END{print w"x"h"+0+0"}')" "$3"
    kill "$2" 2>/dev/null || true
    wait "$2" 2>/dev/null || true
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
    window_shot "$id" "$pid" "$3"
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
# Signed in: inside the posting tests' network sandbox, Mastodon through the stand-in's OAuth (a
# browser that approves) and Bluesky with an app password; the window aimed at Mastodon with the
# account in the header, and in Chinese a post Bluesky did not take (HTTP 503), with Retry.
sandbox=$work/sandbox
mkdir -p "$sandbox/browser"
printf '{"bluesky": {"alice.bsky.social": "screenshot-app-password"}, "mastodon": "alice"}' >"$sandbox/accounts.json"
mkfifo "$work/sandbox-ready"
unshare -n -m Tests/Support/Networks/sandbox.sh "$sandbox" >"$work/sandbox-ready" 2>/dev/null &
sandbox_pid=$!
read -r -t 60 ready <"$work/sandbox-ready" && [ "$ready" = ready ]
# A command run inside (env and nsenter exec it: a background one's $! is the program's own pid).
inside=(env DBUS_SESSION_BUS_ADDRESS="unix:path=$sandbox/bus" HOME="$sandbox/home" XDG_CONFIG_HOME="$sandbox/home/config"
    XDG_DATA_HOME="$sandbox/home/data" GSETTINGS_BACKEND=keyfile nsenter -t "$sandbox_pid" -n -m --)
mkdir -p "$sandbox/home/data/applications"
printf '[Desktop Entry]\nType=Application\nName=Browser\nExec=%s %s approve %%u\nMimeType=x-scheme-handler/https;\n' \
    "$PWD/Tests/Support/Networks/oauth-browser.sh" "$sandbox/browser" >"$sandbox/home/data/applications/browser.desktop"
printf '[Default Applications]\nx-scheme-handler/https=browser.desktop\n' >"$sandbox/home/config/mimeapps.list"
"${inside[@]}" "$bin/compose-window" --sign-in mastodon --instance mastodon.social </dev/null
printf 'screenshot-app-password' | "${inside[@]}" "$bin/compose-window" --sign-in bluesky --handle alice.bsky.social
posting() { # locale title-match png text to [fault]
    if [ -n "${6:-}" ]; then printf "%s" "$6" >"$sandbox/faults.new" && mv "$sandbox/faults.new" "$sandbox/faults.json"; fi
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to "$5" --height 280 --no-spell --no-draft </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    if [ -n "${6:-}" ]; then xdotool key --window "$id" ctrl+Return; sleep 1.5; fi
    sleep 0.8
    import -window root -crop 600x330+0+0 "$3"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
posting C.UTF-8 "New Post" "$work/posting-en.png" "Posted by the window itself, exactly once." mastodon
posting zh_CN.UTF-8 "发微博" "$work/posting-zh.png" "今天天气真好，出去走走吧！" bluesky \
    '[{"method": "createRecord", "status": 503, "json": {}}]'
# A post with images: the strip under the text, and the first image's alt text open.
mkdir -p "$work/pictures"
/usr/bin/python3 Tests/Support/Networks/make-test-images.py "$work/pictures"
images() { # locale title-match png text alt
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to mastodon --height 280 --no-spell --no-draft \
        --attach "$work/pictures/photo.jpg" --alt "$5" --attach "$work/pictures/turned.jpg" </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id height
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    sleep 0.8
    import -window root -crop 600x330+0+0 "$3-strip.png"
    height=$(xdotool getwindowgeometry --shell "$id" | awk -F= '/HEIGHT/{print $2}')
    xdotool mousemove 87 $((height - 35)) click 1
    sleep 1.5
    import -window root -crop 600x400+0+0 "$3-alt.png"
    kill "$pid" 2>/dev/null || true
    wait "$pid" 2>/dev/null || true
}
images C.UTF-8 "New Post" "$work/images-en" "Two pictures, each with its description." "A gradient from red to green"
images zh_CN.UTF-8 "发微博" "$work/images-zh" "两张图片，各有描述。" "从红到绿的渐变"
# The post's options, cross-posted: a content warning and Followers only for Mastodon, and beside
# them what Bluesky cannot carry.
options() { # locale title-match png text warning
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to mastodon,bluesky --height 300 --no-spell \
        --no-draft --cw "$5" --visibility private --sensitive --attach "$work/pictures/photo.jpg" --alt "$5" </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    sleep 0.8
    window_shot "$id" "$pid" "$3"
}
options C.UTF-8 "New Post" "$work/options-en.png" "The twist comes in the last scene." "Film spoilers"
options zh_CN.UTF-8 "发微博" "$work/options-zh.png" "结局在最后一幕反转。" "电影剧透"
# A text over the limit as a thread, cross-posted: every second post tinted, the counter on the post
# the caret is in, for each network.
thread() { # locale title-match png text
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to mastodon,bluesky --height 360 --no-spell \
        --no-draft --thread --number-posts --text "$4" </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool key --window "$id" ctrl+Home Down Down Down Down Down Down Down
    sleep 0.8
    window_shot "$id" "$pid" "$3"
}
thread C.UTF-8 "New Post" "$work/thread-en.png" "$(for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14; do
    printf 'Paragraph %s says a little more than fits, and the thread goes on. ' "$n"; [ $((n % 3)) = 0 ] && printf '\n\n'
done)"
thread zh_CN.UTF-8 "发微博" "$work/thread-zh.png" "$(for n in 1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21 22; do
    printf '今天天气真好，我们去公园散步，看见很多人在放风筝。'
done)"
# A reply to a post on another server (the account's server fetches it): the header says what it
# answers, and the text starts with Mastodon's mentions.
printf '%s' '[{"url": "https://other.example/@bob/42", "status": {"account": {"acct": "bob@other.example"},
  "content": "<p>Fish &amp; chips tonight? 今晚吃炸鱼薯条？</p>", "mentions": [{"acct": "carol@third.example"}],
  "visibility": "private"}}]' >"$sandbox/remote.json"
reply() { # locale title-match png text
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --height 280 --no-spell --no-draft \
        --reply-to https://other.example/@bob/42 </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool key --window "$id" ctrl+End
    xdotool type --delay 15 --window "$id" "$4"
    sleep 0.8
    window_shot "$id" "$pid" "$3"
}
reply C.UTF-8 "New Post" "$work/reply-en.png" "Count me in!"
reply zh_CN.UTF-8 "发微博" "$work/reply-zh.png" "算我一个！"
# Mentions as you type: '@' and two letters, and the accounts the signed-in network's search found.
printf '%s' '{"mastodon": [{"acct": "bob@other.example", "display_name": "Bob Example"},
  {"acct": "bonnie@third.example", "display_name": "Bonnie 邦妮"}]}' >"$sandbox/people.json"
mention() { # locale title-match png text
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to mastodon --height 280 --no-spell \
        --no-draft </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    sleep 1.5
    window_shot "$id" "$pid" "$3"
}
mention C.UTF-8 "New Post" "$work/mention-en.png" "Dinner on Friday with @bo"
mention zh_CN.UTF-8 "发微博" "$work/mention-zh.png" "周五和 @bo"
# A link card for Bluesky: the page the stand-in serves under pages.example.org, read after a pause
# in typing, its picture, title, description and host under the text.
card() { # locale title-match png text
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to bluesky --height 300 --no-spell \
        --no-draft </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    sleep 2
    window_shot "$id" "$pid" "$3"
}
card C.UTF-8 "New Post" "$work/card-en.png" "A day with the pandas https://pages.example.org/card"
card zh_CN.UTF-8 "发微博" "$work/card-zh.png" "熊猫的一天 https://pages.example.org/card"
# A quote and who may reply, cross-posted: Bob's post quoted above the text, "People you follow may
# reply", and the lines that say what each network does instead.
quote() { # locale title-match png text
    LANG=$1 LC_ALL=$1 "${inside[@]}" "$bin/compose-window" --desktop --to mastodon,bluesky --height 300 --no-spell \
        --no-draft --quote https://other.example/@bob/42 --who-may-reply following </dev/null &
    local pid=$!
    capture "$2" "$work/blank.png"
    local id
    id=$(cat "$work/last-window")
    xdotool type --delay 15 --window "$id" "$4"
    sleep 1.5
    window_shot "$id" "$pid" "$3"
}
quote C.UTF-8 "New Post" "$work/quote-en.png" "Fish, yes. Chips, always."
quote zh_CN.UTF-8 "发微博" "$work/quote-zh.png" "炸鱼可以，薯条必须。"
kill "$sandbox_pid"
convert "$work/quote-en.png" "$work/quote-zh.png" +append "$out/compose-window-quote.png"
convert "$work/card-en.png" "$work/card-zh.png" +append "$out/compose-window-link-card.png"
convert "$work/mention-en.png" "$work/mention-zh.png" +append "$out/compose-window-mention.png"
convert "$work/reply-en.png" "$work/reply-zh.png" +append "$out/compose-window-reply.png"
convert "$work/thread-en.png" "$work/thread-zh.png" +append "$out/compose-window-thread.png"
convert "$work/options-en.png" "$work/options-zh.png" +append "$out/compose-window-options.png"
convert "$work/posting-en.png" "$work/posting-zh.png" +append "$out/compose-window-posting.png"
convert \( "$work/images-en-strip.png" "$work/images-zh-strip.png" +append \) \
    \( "$work/images-en-alt.png" "$work/images-zh-alt.png" +append \) -append "$out/compose-window-images.png"
echo "wrote $out/gallery.png, $out/gallery-gtk4.png, $out/compose-window.png, $out/compose-window-desktop.png"
echo "  and $out/compose-window-posting.png, $out/compose-window-images.png, $out/compose-window-options.png,"
echo "  $out/compose-window-thread.png, $out/compose-window-reply.png, $out/compose-window-mention.png,"
echo "  $out/compose-window-link-card.png, $out/compose-window-quote.png"
