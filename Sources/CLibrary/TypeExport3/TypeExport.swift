#if GTK4
    import GtkPlaceholder4
#else
    import GtkPlaceholder
#endif

// The one C entry point the Swift widget provides to the C library (GtkPlaceholderC and
// GtkPlaceholder4C): GObject's type function, which registers PlaceholderTextView on first call.
// Everything else in the C API goes through the type's properties.

/// `placeholder_text_view_get_type()`: from any thread, as every GObject `_get_type()`; the first
/// call registers the type and any other waits for it (g_once_init_enter's semantics).
@_cdecl("placeholder_text_view_get_type")
public func placeholderTextViewGetType() -> UInt {
    UInt(PlaceholderTextView.registeredType)
}
