import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder

/// A quote (`--quote`, or Quote a post… with Ctrl+Shift+Q): found through a signed-in account of
/// its network as a reply's post is (QuotedPost says what each network gets), shown above the text,
/// kept with the draft and the outbox, and removable until Send.
extension ComposeWindow {
    /// Shows the quote the window started with (the command line's, a draft's).
    func setUpQuote() {
        if quotedPost == nil { quotedPost = restoredOptions?.quote }
        quoteRow.onRemove = { [weak self] in self?.setQuote(nil) }
        quoteRow.show(quotedPost)
    }

    func setQuote(_ quote: QuotedPost?) {
        // Only while the post may change: what may be on a network keeps what it was sent with.
        guard imagesEditable else { return gtk_widget_error_bell(window) }
        quoteLookups += 1  // a look-up still under way no longer sets it
        findingQuote = false
        quotedPost = quote
        quoteRow.show(quote)
        fitPostOptions()
        updateCounter()  // its link, where it ends the text, counts
        autosave?.textChanged()  // the draft keeps it
        if poster != nil { postEdited() }
    }

    /// Ctrl+Shift+Q: asks for the post's address, then finds it.
    func askForQuote() {
        guard imagesEditable else { return gtk_widget_error_bell(window) }
        let dialog = newObject(gtk_dialog_get_type()).cast(to: GtkWidget.self)
        gtk_window_set_title(dialog.cast(), localized("Quote a post"))
        gtk_window_set_transient_for(dialog.cast(), window.cast())
        gtk_window_set_modal(dialog.cast(), 1)
        gtk_window_set_destroy_with_parent(dialog.cast(), 1)
        gtk_dialog_add_button(dialog.cast(), localized("_Cancel"), gint(GTK_RESPONSE_CANCEL.rawValue))
        let quote = gtk_dialog_add_button(dialog.cast(), localized("_Quote"), gint(GTK_RESPONSE_OK.rawValue))!
        gtk_style_context_add_class(gtk_widget_get_style_context(quote), "suggested-action")
        gtk_dialog_set_default_response(dialog.cast(), gint(GTK_RESPONSE_OK.rawValue))
        let column = gtk_box_new(GTK_ORIENTATION_VERTICAL, 6)!
        gtk_container_set_border_width(column.cast(), 12)
        let entry = gtk_entry_new()!
        gtk_entry_set_activates_default(entry.cast(), 1)
        gtk_entry_set_width_chars(entry.cast(), 48)
        gtk_entry_set_placeholder_text(entry.cast(), "https://")
        let prompt = gtk_label_new_with_mnemonic(localized("The post's _address (its page, or an at:// URI):"))!
        gtk_label_set_mnemonic_widget(prompt.cast(), entry)
        gtk_label_set_xalign(prompt.cast(), 0)
        let refusal = gtk_label_new(nil)!
        gtk_label_set_xalign(refusal.cast(), 0)
        gtk_label_set_line_wrap(refusal.cast(), 1)
        gtk_box_pack_start(column.cast(), prompt, 0, 0, 0)
        gtk_box_pack_start(column.cast(), entry, 0, 0, 0)
        gtk_box_pack_start(column.cast(), refusal, 0, 0, 0)
        gtk_box_pack_start(gtk_dialog_get_content_area(dialog.cast()).cast(), column, 1, 1, 0)
        gtk_widget_show_all(column)
        gtk_widget_hide(refusal)
        DialogAnswer.ask(
            dialog,
            check: { () -> ReplyTarget? in
                let typed = String(cString: gtk_entry_get_text(entry.cast())).trimmingSpaces
                do throws(ReplyTarget.Refusal) { return try ReplyTarget(parsing: String(typed)) } catch {
                    gtk_label_set_text(refusal.cast(), localized("That is not the address of a post."))
                    gtk_widget_show(refusal)
                    return nil
                }
            },
            completion: { [weak self] target in if let target { self?.findQuote(target) } })
    }

    /// The post found through a signed-in account of its network (the link alone without one).
    private func findQuote(_ target: ReplyTarget) {
        let url = Self.address(of: target)
        guard let linkOnly = QuotedPost(linkOnly: url) else { return }
        quoteRow.show(linkOnly, finding: true)
        quoteLookups += 1
        let lookup = quoteLookups
        findingQuote = true
        updateCounter()
        QuoteFinder.find(target, accountName: accountName, among: preferences?.accounts ?? []) {
            [weak self] result in
            guard let self, !self.closed, self.quoteLookups == lookup else { return }
            self.findingQuote = false
            self.updateCounter()
            switch result {
            case .success(let found): self.setQuote(found)
            case .failure(let words):
                self.quoteRow.show(self.quotedPost)
                self.infoBar.showNotice(words.description)
            }
        }
    }

    static func address(of target: ReplyTarget) -> String {
        switch target {
        case .mastodon(let url): url
        case .bluesky(let author, let recordKey): "https://bsky.app/profile/\(author)/post/\(recordKey)"
        }
    }
}

/// A quoted post found as `--reply-to`'s is: through a signed-in account of its network, else its
/// link alone (a network that cannot quote it gets the link anyway).
@MainActor
enum QuoteFinder {
    static func find(
        _ target: ReplyTarget, accountName: String?, among accounts: [PostingAccount],
        then: @escaping @MainActor (Result<QuotedPost, QuoteFailure>) -> Void
    ) {
        let url = ComposeWindow.address(of: target)
        let network: PostTarget = if case .bluesky = target { .bluesky } else { .mastodon }
        guard let account = AccountChoice.account(for: network, preferred: accountName, among: accounts) else {
            let notFound = localized("--reply-to: no post was found at “{0}”", url.onOneLine)
            return then(
                QuotedPost(linkOnly: url).map { .success($0) }
                    ?? .failure(QuoteFailure(ReplyTarget.asOption("quote", notFound))))
        }
        ReplyResolver.resolve(target, with: account) { result in
            switch result {
            case .success(let found): then(.success(QuotedPost(url: url, found: found)))
            case .failure(let failure):
                then(.failure(QuoteFailure(ReplyTarget.asOption("quote", failure.description))))
            }
        }
    }

    struct QuoteFailure: Error, CustomStringConvertible {
        let description: String
        init(_ description: String) { self.description = description }
    }
}
