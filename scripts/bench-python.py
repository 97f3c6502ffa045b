"""make bench, from Python: PlaceholderTextView (the C library, through PyGObject) against the
placeholder a Python GTK 3 app writes by hand (Gtk.Overlay + Gtk.TextView + Gtk.Label + a
"changed" handler, as input-remapper's did).

    /usr/bin/python3 scripts/bench-python.py [--output FILE] [--views N] [--keys K] [--typed-views T]
                                             [--runs R]

Each variant runs in its own process (R times, medians reported): N views created, packed in a
window and shown until GTK has drawn them (the window's frame clock), then K characters typed into
each of the first T views (default 100: in a window of a thousand views every key costs GTK time in
proportion to the views, for both variants alike, and all thousand would take a quarter of an hour)
as key presses and releases through GTK's own dispatch (gtk_main_do_event); CPU per key
counts the keys' own work (dispatch, input method, buffer, the placeholder's handler), not the
layout and drawing of the window run after each view's keys (the same for both). Measured from the
process itself: wall time to the first drawn frame, resident memory added (/proc/self/statm), CPU
time per key (getrusage). Ratios are ours / hand-rolled.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time


def child(variant, views, keys, typed_views):
    import gi

    gi.require_version("Gtk", "3.0")
    gi.require_version("Gdk", "3.0")
    if variant == "library":
        gi.require_version("GtkPlaceholder", "3.0")
        from gi.repository import GtkPlaceholder
    from gi.repository import Gdk, Gtk

    def resident_kib():
        with open("/proc/self/statm") as statm:
            return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024

    def hand_rolled():
        view = Gtk.TextView(wrap_mode=Gtk.WrapMode.WORD_CHAR)
        scrolled = Gtk.ScrolledWindow()
        scrolled.add(view)
        label = Gtk.Label(label="Share something new…", xalign=0, yalign=0)
        label.get_style_context().add_class("dim-label")
        overlay = Gtk.Overlay()
        overlay.add(scrolled)
        overlay.add_overlay(label)
        overlay.set_overlay_pass_through(label, True)
        view.get_buffer().connect("changed", lambda buffer: label.set_visible(buffer.get_char_count() == 0))
        return overlay, view

    def library():
        widget = GtkPlaceholder.TextView(placeholder_text="Share something new…")
        return widget, widget.get_text_view()

    make = library if variant == "library" else hand_rolled
    # One warm-up view: GTK's and the theme's one-time set-up is not the views' cost.
    warm_up, _ = make()
    warm_up.destroy()
    window = Gtk.Window(default_width=400, default_height=600)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    scrolled = Gtk.ScrolledWindow()
    scrolled.add(box)
    window.add(scrolled)
    window.show_all()
    while Gtk.events_pending():
        Gtk.main_iteration()
    resident_before = resident_kib()
    started = time.monotonic()
    text_views = []
    for _ in range(views):
        widget, text_view = make()
        box.pack_start(widget, False, False, 0)
        text_views.append(text_view)
    window.show_all()
    # Shown means drawn: wait for the frame clock's next paint after everything was packed.
    painted = []
    window.get_frame_clock().connect("after-paint", lambda clock: painted.append(True))
    window.queue_draw()
    deadline = time.monotonic() + 60
    while not painted and time.monotonic() < deadline:
        Gtk.main_iteration_do(True)
    shown_seconds = time.monotonic() - started
    resident_added = resident_kib() - resident_before

    keyvals = [Gdk.unicode_to_keyval(ord(character)) for character in "Share something new, typed " * 12][:keys]
    # Each key as a keyboard's press and release, through GTK's own dispatch to the focused text
    # view and its input method (gtk_main_do_event: what GDK does with an X key event).
    keyboard = Gdk.Display.get_default().get_default_seat().get_keyboard()
    toplevel = window.get_window()

    def send(kind, keyval):
        event = Gdk.Event.new(kind)
        event.key.window = toplevel
        event.key.send_event = 1
        event.key.time = Gdk.CURRENT_TIME
        event.key.keyval = keyval
        event.set_device(keyboard)
        Gtk.main_do_event(event)

    def cpu_seconds():
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    cpu = 0.0
    for text_view in text_views[:typed_views]:
        text_view.grab_focus()
        before = cpu_seconds()
        for keyval in keyvals:
            send(Gdk.EventType.KEY_PRESS, keyval)
            send(Gdk.EventType.KEY_RELEASE, keyval)
        cpu += cpu_seconds() - before
        # Layout and drawing once per view, not counted: the window relays out a thousand views,
        # the same work for both; what is counted per key is the key's own work, the buffer's and
        # each placeholder's reaction to it.
        while Gtk.events_pending():
            Gtk.main_iteration()
    typed = sum(view.get_buffer().get_char_count() for view in text_views)
    expected = min(views, typed_views) * len(keyvals)
    if typed != expected:
        sys.exit(f"typed {typed} characters, expected {expected}")
    print(json.dumps({
        "shown_ms": shown_seconds * 1000, "resident_added_kib": resident_added,
        "cpu_us_per_key": cpu * 1e6 / typed,
    }))


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output")
    parser.add_argument("--views", type=int, default=1000)
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--typed-views", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--child", choices=["library", "hand-rolled"])
    arguments = parser.parse_args()
    if arguments.child:
        return child(arguments.child, arguments.views, arguments.keys, arguments.typed_views)

    results = {}
    for run in range(arguments.runs):
        # Interleaved, so a slower moment of the machine falls on both.
        for variant in ["library", "hand-rolled"]:
            output = subprocess.run(
                [sys.executable, __file__, "--child", variant, "--views", str(arguments.views),
                 "--keys", str(arguments.keys), "--typed-views", str(arguments.typed_views)], check=True, capture_output=True, text=True).stdout
            results.setdefault(variant, []).append(json.loads(output.strip().splitlines()[-1]))
    medians = {variant: {key: statistics.median(run[key] for run in runs) for key in runs[0]}
               for variant, runs in results.items()}
    ours, theirs = medians["library"], medians["hand-rolled"]
    report = {
        "views": arguments.views, "keys_per_view": arguments.keys, "typed_views": arguments.typed_views,
        "runs": arguments.runs,
        "library": ours, "hand_rolled": theirs,
        "ratios": {key: ours[key] / theirs[key] for key in ours if theirs[key]},
    }
    print(f"Python, {arguments.views} views shown, {arguments.keys} keys into each of {arguments.typed_views} "
          f"(median of {arguments.runs} runs; "
          "ratio = PlaceholderTextView / hand-rolled Gtk.Overlay + Label + 'changed' handler)")
    labels = {"shown_ms": "created and shown (ms)", "resident_added_kib": "resident memory added (KiB)",
              "cpu_us_per_key": "CPU per key (µs)"}
    for key, label in labels.items():
        print(f"  {label:32s} {ours[key]:10.1f} {theirs[key]:10.1f}   ×{report['ratios'].get(key, 0):.2f}")
    if arguments.output:
        with open(arguments.output, "w") as file:
            json.dump(report, file, indent=2)
            file.write("\n")


if __name__ == "__main__":
    sys.exit(main())
