import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Preview (Ctrl+Shift+P): each network's post as people will see it, read from the requests Send
/// would make (PostPreview), never rendered a second way: Mastodon's content warning before its
/// text, Bluesky's text with its links shortened and its card, each part of a thread, the images
/// by their alt text, and what a network leaves out. Modal to the window, gone with it.
@MainActor
enum PreviewDialog {
    static func show(parent: UnsafeMutablePointer<GtkWindow>, preview: JSONValue) {
        let dialog = gtk_dialog_new()!
        gtk_window_set_title(dialog.cast(), localized("Preview"))
        gtk_window_set_transient_for(dialog.cast(), parent)
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        gtk_window_set_default_size(dialog.cast(), 520, 420)
        gtk_dialog_add_button(dialog.cast(), localized("_Close"), gint(GTK_RESPONSE_CLOSE.rawValue))
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12)!
        gtk_container_set_border_width(column.cast(), 12)
        let posts = preview["posts"]?.elements ?? []
        if posts.isEmpty {
            gtk_box_pack_start(
                column.cast(), label(localized("No signed-in account: Send hands the text over.")), 0, 0, 0)
        }
        for post in posts { gtk_box_pack_start(column.cast(), frame(for: post, preview: preview), 0, 0, 0) }
        let scrolled = gtk_scrolled_window_new(nil, nil)!
        gtk_scrolled_window_set_policy(scrolled.cast(), GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_container_add(scrolled.cast(), column)
        gtk_box_pack_start(gtk_dialog_get_content_area(dialog.cast()).cast(), scrolled, 1, 1, 0)
        Signal.connect(dialog, "response", withInt: { _ in gtk_widget_destroy(dialog) })
        gtk_widget_show_all(dialog)
        gtk_window_present(dialog.cast())
    }

    /// One post: "Bluesky · @alice.bsky.social · 2/3", then what its network shows.
    private static func frame(for post: JSONValue, preview: JSONValue) -> UnsafeMutablePointer<GtkWidget> {
        let network = post["network"]?.string ?? ""
        let parts = (preview["posts"]?.elements ?? []).filter { $0["network"]?.string == network }.count
        var heading = [network == "mastodon" ? "Mastodon" : "Bluesky", post["account"]?.string ?? ""]
        if parts > 1, case .integer(let part)? = post["part"] { heading.append("\(part)/\(parts)") }
        let frame = gtk_frame_new(heading.joined(separator: " · "))!
        let box = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(box.cast(), 8)
        for line in lines(of: post, network: network, preview: preview) {
            gtk_box_pack_start(box.cast(), label(line.text, dim: line.dim), 0, 0, 0)
        }
        gtk_container_add(frame.cast(), box)
        return frame
    }

    private static func lines(of post: JSONValue, network: String, preview: JSONValue) -> [(text: String, dim: Bool)] {
        var lines: [(String, Bool)] = []
        let body = post["body"]
        let images = (post["uploads"]?.elements ?? []).filter { $0["linkCard"] != .bool(true) }
        if network == "mastodon" {
            if let warning = body?["spoiler_text"]?.string, !warning.isEmpty {
                lines.append((localized("Content warning: {0}", warning), false))
            }
            lines.append((body?["status"]?.string ?? "", false))
            if let visibility = body?["visibility"]?.string {
                lines.append((localized("Visible: {0}", visibility), true))
            }
            if body?["quoted_status_id"] != nil { lines.append((localized("Quotes the post above the text"), true)) }
            if let policy = body?["quote_approval_policy"]?.string {
                lines.append((localized("Who may quote: {0}", policy), true))
            }
        } else {
            // createRecord's record, or applyWrites' first write (its gates after it).
            let writes = body?["writes"]?.elements ?? []
            let record = body?["record"] ?? writes.first?["value"]
            lines.append((record?["text"]?.string ?? "", false))
            let embed = record?["embed"]
            if let external = embed?["external"] ?? embed?["media"]?["external"] {
                let title = external["title"]?.string ?? ""
                let uri = external["uri"]?.string ?? ""
                lines.append((localized("Link card: {0}", title.isEmpty ? uri : title + " — " + uri), true))
            }
            if embed?["record"] != nil { lines.append((localized("Quotes the post above the text"), true)) }
            for gate in writes.dropFirst() {
                switch gate["collection"]?.string {
                case "app.bsky.feed.threadgate"?:
                    let rules = gate["value"]?["allow"]?.elements?.compactMap { $0["$type"]?.string } ?? []
                    lines.append(
                        (
                            rules.contains { $0.hasSuffix("#followingRule") }
                                ? localized("Who may reply: people you follow")
                                : rules.contains { $0.hasSuffix("#mentionRule") }
                                    ? localized("Who may reply: people you mention")
                                    : localized("Who may reply: nobody"),
                            true
                        ))
                case "app.bsky.feed.postgate"?: lines.append((localized("Nobody may quote it"), true))
                default: break
                }
            }
        }
        for (index, image) in images.enumerated() {
            let alt = image["alt"]?.string ?? localized("No description")
            lines.append((localized("Image {0}: {1}", String(index + 1), alt), true))
        }
        if case .integer(1)? = post["part"], let dropped = preview["notCarried"]?[network]?.elements, !dropped.isEmpty {
            let words = dropped.compactMap(\.string).map { name -> String in
                name == "contentWarning"
                    ? localized("without the content warning")
                    : name.hasPrefix("visibility:") ? localized("public") : localized("images without a label")
            }
            lines.append((localized("On Bluesky: {0}", words.joined(separator: localized(", "))), true))
        }
        return lines
    }

    private static func label(_ text: String, dim: Bool = false) -> UnsafeMutablePointer<GtkWidget> {
        let label = gtk_label_new(text)!
        gtk_label_set_xalign(label.cast(), 0)
        gtk_label_set_line_wrap(label.cast(), 1)
        gtk_label_set_line_wrap_mode(label.cast(), PANGO_WRAP_WORD_CHAR)
        gtk_label_set_selectable(label.cast(), 1)
        gtk_label_set_max_width_chars(label.cast(), 60)
        if dim { gtk_style_context_add_class(gtk_widget_get_style_context(label), "dim-label") }
        return label
    }
}

extension ComposeWindow {
    /// Ctrl+Shift+P: the Preview of what Send would send now, to the accounts it would use.
    func showPreview() {
        let known = preferences?.accounts ?? []
        let accounts = ([target] + alsoTo.map(\.target)).compactMap {
            AccountChoice.account(for: $0, preferred: accountName, among: known)
        }
        let text = compose.text
        let microseconds = UInt64(max(0, g_get_real_time()))
        let preview = PostPreview.json(
            text: text, images: images, options: postOptions, accounts: accounts,
            parts: threadParts(of: text) ?? [:], replyTo: replyParent,
            createdAt: Poster.rfc3339(now: Int64(microseconds / 1_000_000)), microsecondsSinceEpoch: microseconds)
        PreviewDialog.show(parent: window.cast(), preview: preview)
    }
}
