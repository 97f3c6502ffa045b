#!/usr/bin/python3
"""A drag source, as a file manager or a browser is, for the drop tests.

drag-source.py files PATH...   offers the files as text/uri-list, and their paths as text (a file manager)
drag-source.py image URL PNG   offers URL as text/uri-list and the picture PNG as image/png (a browser)
drag-source.py link URL        offers URL as text/uri-list and as text (a browser's link)

It puts a 200x100 window at X,Y from $DRAG_SOURCE_AT ("900,700" when unset) and prints "ready"
once shown, "accepted" once the window under the pointer would take the drop (so the test lets go of
the button only then), and "dropped OK" or "dropped FAILED" as the drag ends.
"""
import os
import sys

import gi

gi.require_version("Gtk", "3.0")
gi.require_version("Gdk", "3.0")
from gi.repository import Gdk, GdkPixbuf, GLib, Gtk  # noqa: E402

kind, arguments = sys.argv[1], sys.argv[2:]
if kind == "files":
    uris = [GLib.filename_to_uri(os.path.abspath(path), None) for path in arguments]
    text = "\n".join(os.path.abspath(path) for path in arguments)
    picture = None
else:
    uris, text = [arguments[0]], arguments[0]
    picture = GdkPixbuf.Pixbuf.new_from_file(arguments[1]) if kind == "image" else None

window = Gtk.Window(title="drag source")
x, y = (int(n) for n in os.environ.get("DRAG_SOURCE_AT", "900,700").split(","))
window.move(x, y)
area = Gtk.EventBox()
area.set_size_request(200, 100)
area.add(Gtk.Label(label="drag me"))
window.add(area)

targets = Gtk.TargetList.new([])
targets.add_uri_targets(1)
if picture is not None:
    targets.add_image_targets(2, True)
targets.add_text_targets(3)
area.drag_source_set(Gdk.ModifierType.BUTTON1_MASK, [], Gdk.DragAction.COPY)
area.drag_source_set_target_list(targets)


def give(_widget, _context, data, info, _time):
    if info == 1:
        data.set_uris(uris)
    elif info == 2:
        data.set_pixbuf(picture)
    else:
        data.set_text(text, -1)


def watch(context):
    # The destination says, in its status answers, whether it would take the drop.
    if context.get_selected_action() != 0:
        print("accepted", flush=True)
        return False
    return True


def begin(_widget, context):
    GLib.timeout_add(20, watch, context)


def failed(_widget, _context, result):
    print("dropped FAILED", result, flush=True)
    return False


area.connect("drag-data-get", give)
area.connect("drag-begin", begin)
area.connect("drag-failed", failed)
area.connect("drag-end", lambda *_: print("drag ended", flush=True))
window.connect("destroy", Gtk.main_quit)
window.connect("map-event", lambda *_: print("ready", flush=True))
window.show_all()
Gtk.main()
