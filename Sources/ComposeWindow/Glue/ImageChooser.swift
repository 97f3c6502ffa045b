import CPlaceholderGtk3
import PlaceholderGObjectGlue

/// Attach…: GtkFileChooserNative (the desktop's portal where there is one), several files at once,
/// filtered to the image types given. Answered from its "response" signal, no nested main loop.
/// `modal`: its parent takes no input meanwhile (a dialog that must not close under it).
@MainActor
package enum ImageChooser {
    package static func choose(
        parent: UnsafeMutablePointer<GtkWindow>, title: String, accept: String, cancel: String, filterName: String,
        types: [String], modal: Bool = false, completion: @escaping @MainActor ([String]) -> Void
    ) {
        let chooser = gtk_file_chooser_native_new(title, parent, GTK_FILE_CHOOSER_ACTION_OPEN, accept, cancel)!
        if modal { gtk_native_dialog_set_modal(UnsafeMutablePointer<GtkNativeDialog>(chooser), 1) }
        let files = chooser
        gtk_file_chooser_set_select_multiple(files, 1)
        let filter = gtk_file_filter_new()!
        gtk_file_filter_set_name(filter, filterName)
        for type in types { gtk_file_filter_add_mime_type(filter, type) }
        gtk_file_chooser_add_filter(files, filter)
        Signal.connect(
            chooser, "response",
            withInt: { response in
                var paths: [String] = []
                if response == gint(GTK_RESPONSE_ACCEPT.rawValue) {
                    let list = gtk_file_chooser_get_filenames(files)
                    var node = list
                    while let current = node {
                        if let name = current.pointee.data {
                            paths.append(String(cString: name.assumingMemoryBound(to: CChar.self)))
                        }
                        node = current.pointee.next
                    }
                    g_slist_free_full(list, g_free)
                }
                g_object_unref(UnsafeMutableRawPointer(chooser))
                completion(paths)
            })
        gtk_native_dialog_show(UnsafeMutablePointer<GtkNativeDialog>(chooser))
    }
}
