"""The C library as a Python program uses it: PyGObject and the installed typelib.

Usage: /usr/bin/python3 binding_test.py API UI_FILE [CYCLES], API 3.0 (GTK 3) or 4.0 (GTK 4).
Prints one line per check; exits 1 at the first that fails."""
import gc
import sys

import gi

api, ui_file = sys.argv[1], sys.argv[2]
cycles = int(sys.argv[3]) if len(sys.argv) > 3 else 1000
gi.require_version("Gtk", api)
gi.require_version("GtkPlaceholder", api)
from gi.repository import Gtk, GtkPlaceholder  # noqa: E402


def check(ok, what):
    print(("ok " if ok else "FAILED ") + what, flush=True)
    if not ok:
        sys.exit(1)


view = GtkPlaceholder.TextView()
view.props.placeholder_text = "Share something new…"
check(view.get_placeholder_text() == "Share something new…", "placeholder-text set and read back")
check(view.props.placeholder_visible, "the placeholder shows on an empty buffer")

notifications = []
view.connect("notify::placeholder-visible", lambda *_: notifications.append(view.props.placeholder_visible))
buffer = view.get_text_view().get_buffer()
buffer.set_text("Hello", -1)
check(notifications == [False], "typing hides it, with one notify")
buffer.insert_at_cursor(", world", -1)
check(notifications == [False], "typing more: no further notify")
buffer.set_text("", -1)
check(notifications == [False, True], "clearing the text shows it again, with one notify")

given = Gtk.TextView()
check(GtkPlaceholder.TextView.new_with_text_view(given).get_text_view() == given, "wraps the text view it is given")

# GtkBuilder finds the class by its GType name once the type exists: touching the class above
# registered it, as any use of GtkPlaceholder.TextView does.
builder = Gtk.Builder()
builder.add_from_file(ui_file)
built = builder.get_object("compose")
check(isinstance(built, GtkPlaceholder.TextView) and built.props.placeholder_text == "分享新鲜事…",
      "GtkBuilder builds it with its placeholder-text")

finalized = []
for _ in range(cycles):
    cycle = GtkPlaceholder.TextView(placeholder_text="Share something new…")
    cycle.weak_ref(lambda: finalized.append(True))
    cycle.get_text_view().get_buffer().set_text("x", -1)
    if api == "3.0":
        cycle.destroy()
    del cycle
gc.collect()
check(len(finalized) == cycles, f"{cycles} widgets created and destroyed, all finalized")
