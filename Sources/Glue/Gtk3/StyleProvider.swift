import CPlaceholderGtk3

/// A CSS provider attached to one widget's style context: the GTK3 way to style a single widget
/// (gtk_widget_override_* is deprecated). Setting `css` to nil detaches it.
@MainActor
package final class WidgetStyleProvider {
    private let widget: ObjectReference<GtkWidget>
    private let provider: UnsafeMutablePointer<GtkCssProvider>
    private let priority: guint
    private var attached = false

    /// A provider for `widget`, attached (at `priority`) once `css` is set.
    package init<T>(for widget: UnsafeMutablePointer<T>, priority: Int32 = GTK_STYLE_PROVIDER_PRIORITY_APPLICATION + 1)
    {
        self.widget = ObjectReference(widget.asWidget)
        self.provider = gtk_css_provider_new()
        self.priority = guint(priority)
    }

    isolated deinit {
        if attached { detach() }
        g_object_unref(provider.asGPointer)
    }

    /// The style sheet; callers build it from validated values, so a parse error is a bug.
    package var css: String? {
        didSet {
            guard let css else {
                if attached { detach() }
                return
            }
            var error: UnsafeMutablePointer<GError>?
            gtk_css_provider_load_from_data(provider, css, gssize(css.utf8.count), &error)
            if let error {
                let message = String(cString: error.pointee.message)
                g_error_free(error)
                preconditionFailure("invalid generated CSS \(css): \(message)")
            }
            if !attached {
                gtk_style_context_add_provider(context, OpaquePointer(provider), priority)
                attached = true
            }
        }
    }

    private var context: UnsafeMutablePointer<GtkStyleContext> { gtk_widget_get_style_context(widget.pointer) }

    private func detach() {
        gtk_style_context_remove_provider(context, OpaquePointer(provider))
        attached = false
    }
}
