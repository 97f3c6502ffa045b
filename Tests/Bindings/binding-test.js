// The C library as a GJS program uses it: the installed typelib through imports.gi.
// Usage: gjs binding-test.js API UI_FILE [CYCLES], API 3.0 (GTK 3) or 4.0 (GTK 4).
// Prints one line per check; exits 1 at the first that fails.
const System = imports.system;
const [api, uiFile, cyclesArgument] = ARGV;
const cycles = cyclesArgument ? Number(cyclesArgument) : 1000;
imports.gi.versions.Gtk = api;
imports.gi.versions.GtkPlaceholder = api;
const {Gtk, GtkPlaceholder} = imports.gi;
if (api === '3.0')
    Gtk.init(null);
else
    Gtk.init();

function check(ok, what) {
    print(`${ok ? 'ok' : 'FAILED'} ${what}`);
    if (!ok)
        System.exit(1);
}

const view = new GtkPlaceholder.TextView();
view.placeholder_text = 'Share something new…';
check(view.get_placeholder_text() === 'Share something new…', 'placeholder-text set and read back');
check(view.placeholder_visible, 'the placeholder shows on an empty buffer');

const notifications = [];
view.connect('notify::placeholder-visible', () => notifications.push(view.placeholder_visible));
const buffer = view.get_text_view().get_buffer();
buffer.set_text('Hello', -1);
check(notifications.join() === 'false', 'typing hides it, with one notify');
buffer.insert_at_cursor(', world', -1);
check(notifications.join() === 'false', 'typing more: no further notify');
buffer.set_text('', -1);
check(notifications.join() === 'false,true', 'clearing the text shows it again, with one notify');

const given = new Gtk.TextView();
check(GtkPlaceholder.TextView.new_with_text_view(given).get_text_view() === given, 'wraps the text view it is given');

const builder = new Gtk.Builder();
builder.add_from_file(uiFile);
const built = builder.get_object('compose');
check(built instanceof GtkPlaceholder.TextView && built.placeholder_text === '分享新鲜事…',
    'GtkBuilder builds it with its placeholder-text');

// GJS gives no finalization callback: each widget's own "destroy" (its dispose) is what it sees.
let destroyed = 0;
for (let i = 0; i < cycles; i++) {
    const cycle = new GtkPlaceholder.TextView({placeholder_text: 'Share something new…'});
    cycle.connect('destroy', () => destroyed++);
    cycle.get_text_view().get_buffer().set_text('x', -1);
    if (api === '3.0')
        cycle.destroy();
    else
        cycle.run_dispose();
}
System.gc();
check(destroyed === cycles, `${cycles} widgets created and destroyed`);
