#!/usr/bin/python3
"""A desktop notification server (org.freedesktop.Notifications) on the session bus, for the posting
tests: each notification is written to OUT as a JSON line, and, as a person would, its default
action is clicked (ActionInvoked) half a second after it appears. Prints "ready" once it owns the
name. Usage: notification-server.py OUT"""
import json
import sys

from gi.repository import Gio, GLib

OUT = sys.argv[1]
INTERFACE = """
<node><interface name="org.freedesktop.Notifications">
  <method name="GetCapabilities"><arg direction="out" type="as"/></method>
  <method name="Notify">
    <arg type="s" direction="in"/><arg type="u" direction="in"/><arg type="s" direction="in"/>
    <arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="as" direction="in"/>
    <arg type="a{sv}" direction="in"/><arg type="i" direction="in"/><arg type="u" direction="out"/>
  </method>
  <method name="CloseNotification"><arg type="u" direction="in"/></method>
  <method name="GetServerInformation">
    <arg type="s" direction="out"/><arg type="s" direction="out"/><arg type="s" direction="out"/>
    <arg type="s" direction="out"/>
  </method>
  <signal name="ActionInvoked"><arg type="u"/><arg type="s"/></signal>
  <signal name="NotificationClosed"><arg type="u"/><arg type="u"/></signal>
</interface></node>"""
count = 0


def click(connection, number, key):
    connection.emit_signal(None, "/org/freedesktop/Notifications", "org.freedesktop.Notifications",
                           "ActionInvoked", GLib.Variant("(us)", (number, key)))
    return False


def called(connection, sender, path, interface, method, parameters, invocation):
    global count
    if method == "GetCapabilities":
        invocation.return_value(GLib.Variant("(as)", (["actions", "body"],)))
    elif method == "GetServerInformation":
        invocation.return_value(GLib.Variant("(ssss)", ("stand-in", "tests", "1", "1.2")))
    elif method == "CloseNotification":
        invocation.return_value(None)
    elif method == "Notify":
        app, _, _, summary, body, actions, _, _ = parameters.unpack()
        count += 1
        with open(OUT, "a") as out:
            out.write(json.dumps({"app": app, "summary": summary, "body": body, "actions": actions}) + "\n")
        invocation.return_value(GLib.Variant("(u)", (count,)))
        if "default" in actions[::2]:
            GLib.timeout_add(500, click, connection, count, "default")


def acquired(connection, name):
    print("ready", flush=True)


bus = Gio.bus_get_sync(Gio.BusType.SESSION)
node = Gio.DBusNodeInfo.new_for_xml(INTERFACE)
bus.register_object("/org/freedesktop/Notifications", node.interfaces[0], called, None, None)
Gio.bus_own_name_on_connection(bus, "org.freedesktop.Notifications", Gio.BusNameOwnerFlags.NONE, acquired, None)
GLib.MainLoop().run()
