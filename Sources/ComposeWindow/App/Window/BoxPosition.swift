import GtkPlaceholder

/// Where `child` sits among `box`'s children (a row added later goes beside it, at this index).
@MainActor
func boxPosition(of child: UnsafeMutablePointer<GtkWidget>, in box: UnsafeMutablePointer<GtkWidget>) -> gint {
    var position: gint = 0
    let children = gtk_container_get_children(box.cast())
    var node = children
    while let current = node, current.pointee.data != UnsafeMutableRawPointer(child) {
        position += 1
        node = current.pointee.next
    }
    g_list_free(children)
    return position
}

/// Destroys every child of `container` (a list whose rows are made again).
@MainActor
func destroyEveryChild(of container: UnsafeMutablePointer<GtkWidget>) {
    let children = gtk_container_get_children(container.cast())
    var node = children
    while let current = node {
        if let widget = current.pointee.data { gtk_widget_destroy(widget.cast(to: GtkWidget.self)) }
        node = current.pointee.next
    }
    g_list_free(children)
}
