"""make bench, from Python: PlaceholderTextView (the C library, through PyGObject) against the
placeholder a Python app writes by hand (Gtk.Overlay + Gtk.TextView + Gtk.Label + a "changed"
handler, as input-remapper's did), on GTK 3 and GTK 4.

    /usr/bin/python3 scripts/bench-python.py [--output FILE] [--views N] [--keys K] [--typed-views T]
                                             [--runs R] [--startup-runs S] [--probe PLACEHOLDER-BENCH]

The hand-rolled label has the placeholder's own settings: it wraps word-or-char, sits top-left, has
the "dim-label" and "placeholder" style classes and takes no focus, so that what differs is the
library's machinery alone.

Each variant runs in its own process (R times, interleaved, medians reported): N views created,
packed in a window and shown until GTK has drawn them (the window's frame clock), then, on GTK 3, K
characters typed into each of the first T views (default 100: in a window of a thousand views every
key costs GTK time in proportion to the views, for both variants alike, and all thousand would take
a quarter of an hour) as key presses and releases through GTK's own dispatch (gtk_main_do_event);
CPU per key counts the keys' own work (dispatch, input method, buffer, the placeholder's handler),
not the layout and drawing of the window run after each view's keys (the same for both). GTK 4 has
no way to send a key event from Python: its figures are memory and time to show. Measured from the
process itself: wall time to the first drawn frame, resident memory added (/proc/self/statm, after
one view was made and destroyed: what the first costs once is not a view's), CPU time per key
(getrusage). Ratios are ours / hand-rolled.

Start-up is measured from outside, as compose-window's is: `placeholder-bench --startup-once` starts
`python3 bench-python.py --window VARIANT --gtk G` (a window holding one view) and times exec to the
first XDamage of its window; S interleaved runs (default 15: a start is ~90 ms, and one slow start in a few would move a median of 9), median.
"""
import argparse
import json
import os
import resource
import statistics
import subprocess
import sys
import time

PLACEHOLDER = "Share something new…"


def load_gtk(gtk, variant):
    import gi

    gi.require_version("Gtk", f"{gtk}.0")
    gi.require_version("Gdk", f"{gtk}.0")
    if variant == "library":
        gi.require_version("GtkPlaceholder", f"{gtk}.0")


def make_view(gtk, variant):
    """One view of `variant` on GTK `gtk`: (the widget to pack, its text view)."""
    from gi.repository import Gtk

    if variant == "library":
        from gi.repository import GtkPlaceholder

        widget = GtkPlaceholder.TextView(placeholder_text=PLACEHOLDER)
        return widget, widget.get_text_view()
    view = Gtk.TextView(wrap_mode=Gtk.WrapMode.WORD_CHAR)
    label = Gtk.Label(label=PLACEHOLDER, xalign=0, yalign=0, valign=Gtk.Align.START, can_focus=False)
    overlay = Gtk.Overlay()
    if gtk == 3:
        scrolled = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER)
        scrolled.add(view)
        label.set_line_wrap(True)
        label.set_line_wrap_mode(2)  # PANGO_WRAP_WORD_CHAR
        for name in ("dim-label", "placeholder"):
            label.get_style_context().add_class(name)
        overlay.add(scrolled)
        overlay.add_overlay(label)
        overlay.set_overlay_pass_through(label, True)
    else:
        scrolled = Gtk.ScrolledWindow(hscrollbar_policy=Gtk.PolicyType.NEVER, child=view)
        label.set_wrap(True)
        label.set_wrap_mode(2)  # PANGO_WRAP_WORD_CHAR
        label.set_can_target(False)
        for name in ("dim-label", "placeholder"):
            label.add_css_class(name)
        overlay.set_child(scrolled)
        overlay.add_overlay(label)
    view.get_buffer().connect("changed", lambda buffer: label.set_visible(buffer.get_char_count() == 0))
    return overlay, view


def resident_kib():
    with open("/proc/self/statm") as statm:
        return int(statm.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") // 1024


def wait_for_paint(window):
    """Until the window's frame clock has painted once more (60 s at most)."""
    from gi.repository import GLib

    painted = []
    clock = window.get_frame_clock()
    handler = clock.connect("after-paint", lambda clock: painted.append(True))
    window.queue_draw()
    deadline = time.monotonic() + 60
    context = GLib.MainContext.default()
    while not painted and time.monotonic() < deadline:
        context.iteration(True)
    clock.disconnect(handler)
    if not painted:
        sys.exit("the window was never painted")


def child(variant, gtk, views, keys, typed_views):
    load_gtk(gtk, variant)
    from gi.repository import Gdk, GLib, Gtk

    context = GLib.MainContext.default()
    window = Gtk.Window(default_width=400, default_height=600)
    box = Gtk.Box(orientation=Gtk.Orientation.VERTICAL)
    if gtk == 3:
        scrolled = Gtk.ScrolledWindow()
        scrolled.add(box)
        window.add(scrolled)
        window.show_all()
        pack, unpack = (lambda widget: box.pack_start(widget, False, False, 0)), box.remove
    else:
        window.set_child(Gtk.ScrolledWindow(child=box))
        window.present()
        pack, unpack = box.append, box.remove
    while window.get_frame_clock() is None:
        context.iteration(True)
    wait_for_paint(window)
    # One view first, shown, drawn and removed: GTK's, the theme's and the library's one-time set-up
    # (its code paged in, the type registered) is not the views' cost.
    first, _ = make_view(gtk, variant)
    pack(first)
    if gtk == 3:
        first.show_all()
    wait_for_paint(window)
    unpack(first)
    del first
    wait_for_paint(window)
    resident_before = resident_kib()
    started = time.monotonic()
    text_views = []
    for _ in range(views):
        widget, text_view = make_view(gtk, variant)
        pack(widget)
        text_views.append(text_view)
    if gtk == 3:
        window.show_all()
    # Shown means drawn: wait for the frame clock's next paint after everything was packed.
    wait_for_paint(window)
    shown_seconds = time.monotonic() - started
    resident_added = resident_kib() - resident_before
    result = {"shown_ms": shown_seconds * 1000, "resident_added_kib": resident_added}
    if gtk == 3:
        result["cpu_us_per_key"] = type_keys(window, text_views[:typed_views], keys)
    print(json.dumps(result))


def type_keys(window, text_views, keys):
    """CPU µs per key typed into each of `text_views` through GTK 3's own dispatch."""
    from gi.repository import Gdk, Gtk

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
    for text_view in text_views:
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
    if typed != len(text_views) * len(keyvals):
        sys.exit(f"typed {typed} characters, expected {len(text_views) * len(keyvals)}")
    return cpu * 1e6 / max(typed, 1)


def window(variant, gtk):
    """What a person starts: a window holding one view, until it is closed or killed."""
    load_gtk(gtk, variant)
    from gi.repository import GLib, Gtk

    loop = GLib.MainLoop()
    widget, _ = make_view(gtk, variant)
    window = Gtk.Window(title="bench", default_width=400, default_height=300)
    if gtk == 3:
        window.add(widget)
        window.connect("destroy", lambda _: loop.quit())
        window.show_all()
    else:
        window.set_child(widget)
        window.connect("close-request", lambda _: loop.quit() or False)
        window.present()
    loop.run()


def startup(probe, variant, gtk):
    """Exec to first frame of `window` (ms), measured from outside by placeholder-bench."""
    output = subprocess.run(
        [probe, "--startup-once", sys.executable, os.path.abspath(__file__), "--window", variant, "--gtk", str(gtk)],
        check=True, capture_output=True, text=True).stdout
    return json.loads(output.strip().splitlines()[-1])


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--output")
    parser.add_argument("--views", type=int, default=1000)
    parser.add_argument("--keys", type=int, default=300)
    parser.add_argument("--typed-views", type=int, default=100)
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--startup-runs", type=int, default=15)
    parser.add_argument("--probe", help="placeholder-bench, for start-up from outside (none: not measured)")
    parser.add_argument("--gtk", type=int, choices=[3, 4], default=3)
    parser.add_argument("--child", choices=["library", "hand-rolled"])
    parser.add_argument("--window", choices=["library", "hand-rolled"])
    arguments = parser.parse_args()
    if arguments.child:
        return child(arguments.child, arguments.gtk, arguments.views, arguments.keys, arguments.typed_views)
    if arguments.window:
        return window(arguments.window, arguments.gtk)

    report = {"views": arguments.views, "keys_per_view": arguments.keys, "typed_views": arguments.typed_views,
              "runs": arguments.runs, "startup_runs": arguments.startup_runs if arguments.probe else 0}
    labels = {"shown_ms": "created and shown (ms)", "resident_added_kib": "resident memory added (KiB)",
              "cpu_us_per_key": "CPU per key (µs)", "first_frame_ms": "start-up: exec to first frame (ms)"}
    print(f"Python, {arguments.views} views shown, {arguments.keys} keys into each of {arguments.typed_views} "
          f"on GTK 3 (median of {arguments.runs} runs); start-up median of {report['startup_runs']} "
          "(ratio = PlaceholderTextView / hand-rolled Gtk.Overlay + Label + 'changed' handler)")
    for gtk in (3, 4):
        results = {}
        for run in range(arguments.runs):
            # Interleaved, so a slower moment of the machine falls on both.
            for variant in ["library", "hand-rolled"]:
                output = subprocess.run(
                    [sys.executable, __file__, "--child", variant, "--gtk", str(gtk), "--views", str(arguments.views),
                     "--keys", str(arguments.keys), "--typed-views", str(arguments.typed_views)],
                    check=True, capture_output=True, text=True).stdout
                results.setdefault(variant, []).append(json.loads(output.strip().splitlines()[-1]))
        startups = {"library": [], "hand-rolled": []}
        for run in range(arguments.startup_runs if arguments.probe else 0):
            for variant in (["library", "hand-rolled"] if run % 2 == 0 else ["hand-rolled", "library"]):
                startups[variant].append(startup(arguments.probe, variant, gtk)["first_frame_ms"])
        medians = {}
        for variant, runs in results.items():
            medians[variant] = {key: statistics.median(run[key] for run in runs) for key in runs[0]}
            if startups[variant]:
                medians[variant]["first_frame_ms"] = statistics.median(startups[variant])
        ours, theirs = medians["library"], medians["hand-rolled"]
        ratios = {key: ours[key] / theirs[key] for key in ours if theirs.get(key)}
        report[f"gtk{gtk}"] = {"library": ours, "hand_rolled": theirs, "ratios": ratios}
        print(f"GTK {gtk}:")
        for key, label in labels.items():
            if key in ours:
                print(f"  {label:36s} {ours[key]:10.1f} {theirs[key]:10.1f}   ×{ratios.get(key, 0):.3f}")
    if arguments.output:
        with open(arguments.output, "w") as file:
            json.dump(report, file, indent=2)
            file.write("\n")


if __name__ == "__main__":
    sys.exit(main())
