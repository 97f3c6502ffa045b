#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// The one C entry point the Swift widget provides to the C library (GtkPlaceholderC and
// GtkPlaceholder4C): GObject's type function, which registers PlaceholderTextView on first call.
// Everything else in the C API goes through the type's properties.

/// `placeholder_text_view_get_type()`: GTK calls it on the main thread, as every GTK call must be.
@_cdecl("placeholder_text_view_get_type")
public func placeholderTextViewGetType() -> UInt {
    MainActor.assumeIsolated { UInt(PlaceholderTextView.registerType()) }
}
