// The C library as a Vala program uses it: valac --pkg gtkplaceholder-API (the installed .vapi),
// with -D GTK4 for GTK 4. Usage: binding-test UI_FILE [CYCLES]. Prints one line per check; exits 1
// at the first that fails.
void check (bool ok, string what) {
    print ("%s %s\n", ok ? "ok" : "FAILED", what);
    if (!ok) {
        Process.exit (1);
    }
}

int main (string[] args) {
    int cycles = args.length > 2 ? int.parse (args[2]) : 1000;
#if GTK4
    Gtk.init ();
#else
    Gtk.init (ref args);
#endif
    var view = new Placeholder.TextView ();
    view.placeholder_text = "Share something new…";
    check (view.get_placeholder_text () == "Share something new…", "placeholder-text set and read back");
    check (view.placeholder_visible, "the placeholder shows on an empty buffer");

    int notifications = 0;
    view.notify["placeholder-visible"].connect (() => notifications++);
    var buffer = view.get_text_view ().get_buffer ();
    buffer.set_text ("Hello", -1);
    check (!view.placeholder_visible && notifications == 1, "typing hides it, with one notify");
    buffer.insert_at_cursor (", world", -1);
    check (notifications == 1, "typing more: no further notify");
    buffer.set_text ("", -1);
    check (view.placeholder_visible && notifications == 2, "clearing the text shows it again, with one notify");

    var given = new Gtk.TextView ();
    var wrapper = new Placeholder.TextView.with_text_view (given);
    check (wrapper.get_text_view () == given, "wraps the text view it is given");

    var builder = new Gtk.Builder ();
    try {
        builder.add_from_file (args[1]);
    } catch (Error error) {
        check (false, error.message);
    }
    var built = builder.get_object ("compose") as Placeholder.TextView;
    check (built != null && built.placeholder_text == "分享新鲜事…", "GtkBuilder builds it with its placeholder-text");

    int finalized = 0;
    for (int i = 0; i < cycles; i++) {
        var cycle = new Placeholder.TextView ();
        cycle.weak_ref (() => finalized++);
        cycle.placeholder_text = "Share something new…";
        cycle.get_text_view ().get_buffer ().set_text ("x", -1);
#if !GTK4
        cycle.destroy ();
#endif
    }
    check (finalized == cycles, "%d widgets created and destroyed, all finalized".printf (cycles));
    return 0;
}
