import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The info bar above the text: "Draft restored" (Discard draft), a saved draft to restore, a
/// draft that could not be written, or a post that could not be handed over.
@MainActor
final class DraftInfoBar {
    private struct Widgets {
        let bar: UnsafeMutablePointer<GtkWidget>
        let message: UnsafeMutablePointer<GtkWidget>
        let button: UnsafeMutablePointer<GtkWidget>
        let secondButton: UnsafeMutablePointer<GtkWidget>
        let thirdButton: UnsafeMutablePointer<GtkWidget>
        let progress: UnsafeMutablePointer<GtkWidget>
    }

    private let column: UnsafeMutablePointer<GtkWidget>
    private var widgets: Widgets?
    private var action: (@MainActor () -> Void)?
    private var secondAction: (@MainActor () -> Void)?
    private var thirdAction: (@MainActor () -> Void)?
    private var showsFailure = false
    var onDiscardDraft: (@MainActor () -> Void)?
    var onRestoreDraft: (@MainActor (String) -> Void)?
    /// Where the keyboard goes once the bar is answered (its button had it, and the bar is gone).
    var returnFocus: (@MainActor () -> Void)?

    /// The bar goes at the top of `column` (a vertical GtkBox) when it is first shown.
    init(column: UnsafeMutablePointer<GtkWidget>) { self.column = column }

    /// Resources/draft-info-bar.ui, packed above the text.
    private func loadedWidgets() -> Widgets {
        if let widgets { return widgets }
        let interface = EmbeddedInterface("draft-info-bar.ui")
        let loaded = Widgets(
            bar: interface.widget("info_bar"), message: interface.widget("info_message"),
            button: interface.widget("info_button"), secondButton: interface.widget("info_second_button"),
            thirdButton: interface.widget("info_third_button"), progress: interface.widget("info_progress"))
        // Each message shows the buttons it has: the window's show_all must not bring back a
        // hidden (label-less) one.
        gtk_widget_set_no_show_all(loaded.button, 1)
        gtk_widget_set_no_show_all(loaded.secondButton, 1)
        gtk_widget_set_no_show_all(loaded.thirdButton, 1)
        gtk_box_pack_start(column.cast(), loaded.bar, 0, 0, 0)
        gtk_box_reorder_child(column.cast(), loaded.bar, 0)
        Signal.connect(
            loaded.bar, "response",
            withInt: { [weak self] response in
                guard let self else { return }
                let chosen = [1: self.action, 2: self.secondAction, 3: self.thirdAction][response] ?? nil
                self.hide()
                chosen?()
                self.returnFocus?()
            })
        widgets = loaded
        return loaded
    }

    func showRestored() {
        show(localized("Draft restored"), type: GTK_MESSAGE_INFO, button: localized("_Discard draft")) { [weak self] in
            self?.onDiscardDraft?()
        }
    }

    func offerRestore(_ draft: String) {
        show(
            localized("A saved draft differs from this text."), type: GTK_MESSAGE_INFO,
            button: localized("_Restore draft")
        ) {
            [weak self] in
            self?.onRestoreDraft?(draft)
        }
    }

    func showLoadFailure(_ failure: DraftStore.Failure) {
        show(
            localized("The saved draft could not be read: ") + failure.description, type: GTK_MESSAGE_WARNING,
            button: nil,
            action: nil)
    }

    /// nil: the last save worked, so a failure message (only) goes away.
    func showSaveFailure(_ failure: DraftStore.Failure?) {
        guard let failure else {
            if showsFailure { hide() }
            return
        }
        show(
            localized("The draft could not be saved; your text is still here. ") + failure.description,
            type: GTK_MESSAGE_ERROR, button: nil, action: nil)
        showsFailure = true
    }

    /// Send could not hand the post over (no browser, the clipboard refused): why.
    func showSendFailure(_ message: String) {
        show(message, type: GTK_MESSAGE_ERROR, button: nil, action: nil)
    }

    /// Something the person should know, with nothing to press.
    func showNotice(_ text: String) { show(text, type: GTK_MESSAGE_INFO, button: nil, action: nil) }

    /// Posting is under way: nothing to press.
    func showPosting(_ text: String) { show(text, type: GTK_MESSAGE_INFO, button: nil, action: nil) }

    /// A video being made to fit: how far (`done`, 0…1) and Stop (the window's Cancel closes it);
    /// it cannot be closed.
    func showPreparing(_ text: String, done: Double, stop: @escaping @MainActor () -> Void) {
        show(text, type: GTK_MESSAGE_INFO, button: localized("Sto_p"), action: stop, closable: false)
        let progress = loadedWidgets().progress
        gtk_progress_bar_set_fraction(progress.cast(), min(1, max(0, done)))
        gtk_widget_show(progress)
    }

    /// Undo Send's countdown ("Posting in 4 s") with Undo; it cannot be closed (closing would say
    /// neither Undo nor post).
    func showCountdown(_ text: String, undo: @escaping @MainActor () -> Void) {
        show(text, type: GTK_MESSAGE_INFO, button: localized("_Undo"), action: undo, closable: false)
    }

    /// A sign-in under way, with the button that stops it; it cannot be closed while it runs (it is
    /// why Send waits).
    func showSigningIn(_ text: String, stop: @escaping @MainActor () -> Void) {
        show(text, type: GTK_MESSAGE_INFO, button: localized("Sto_p"), action: stop, closable: false)
    }

    /// A post every network had already taken: where it is, and a button that opens it.
    func showAlreadyPosted(_ message: String, open: @escaping @MainActor () -> Void) {
        show(message, type: GTK_MESSAGE_INFO, button: localized("_Open post"), action: open)
    }

    /// A post waiting for its time: Post now, or Discard… (Send keeps it scheduled with an edit).
    func showScheduled(
        _ message: String, postNow: @escaping @MainActor () -> Void, discard: @escaping @MainActor () -> Void
    ) {
        show(
            message, type: GTK_MESSAGE_INFO, button: localized("_Post now"), action: postNow,
            second: (localized("D_iscard…"), discard))
    }

    /// A post a network did not take: what happened, with Retry, Discard… and (while no network has
    /// or may have the post) Open in browser.
    func showPostFailure(
        _ message: String, retry: @escaping @MainActor () -> Void, discard: @escaping @MainActor () -> Void,
        openInBrowser: (@MainActor () -> Void)?
    ) {
        show(
            message, type: GTK_MESSAGE_ERROR, button: localized("_Retry"), action: retry,
            second: (localized("D_iscard…"), discard), third: openInBrowser.map { (localized("_Open in browser"), $0) })
    }

    /// A look-up that could not tell whether the network has the post: the person says. "It is this
    /// post" only where a status was shown; either answer goes on posting (Send).
    func showUndecided(
        _ message: String, isThere: (@MainActor () -> Void)?, postIt: @escaping @MainActor () -> Void,
        discard: @escaping @MainActor () -> Void
    ) {
        let postItButton = (label: localized("_Post it"), action: postIt)
        let discardButton = (label: localized("D_iscard…"), action: discard)
        if let isThere {
            show(
                message, type: GTK_MESSAGE_QUESTION, button: localized("_Yes, it is this post"), action: isThere,
                second: postItButton, third: discardButton)
        } else {
            show(
                message, type: GTK_MESSAGE_QUESTION, button: postItButton.label, action: postIt,
                second: discardButton)
        }
    }

    /// What a post answers was deleted: post it without answering, or Discard… (Retry would fail
    /// the same way).
    func showParentGone(
        _ message: String, postWithout: @escaping @MainActor () -> Void, discard: @escaping @MainActor () -> Void
    ) {
        show(
            message, type: GTK_MESSAGE_WARNING, button: localized("Post _without answering"), action: postWithout,
            second: (localized("D_iscard…"), discard))
    }

    private func show(
        _ text: String, type: GtkMessageType, button label: String?, action: (@MainActor () -> Void)?,
        second: (label: String, action: @MainActor () -> Void)? = nil,
        third: (label: String, action: @MainActor () -> Void)? = nil, closable: Bool = true
    ) {
        showsFailure = false
        let widgets = loadedWidgets()
        gtk_widget_hide(widgets.progress)
        gtk_info_bar_set_show_close_button(widgets.bar.cast(), closable.gboolean)
        gtk_label_set_text(widgets.message.cast(), text)
        gtk_info_bar_set_message_type(widgets.bar.cast(), type)
        if let label {
            gtk_button_set_label(widgets.button.cast(), label)
            gtk_button_set_use_underline(widgets.button.cast(), 1)
        }
        gtk_widget_set_visible(widgets.button, (label != nil).gboolean)
        if let second { gtk_button_set_label(widgets.secondButton.cast(), second.label) }
        gtk_widget_set_visible(widgets.secondButton, (second != nil).gboolean)
        if let third { gtk_button_set_label(widgets.thirdButton.cast(), third.label) }
        gtk_widget_set_visible(widgets.thirdButton, (third != nil).gboolean)
        self.action = action
        secondAction = second?.action
        thirdAction = third?.action
        gtk_widget_show(widgets.bar)
    }

    /// Takes the bar away (what it said is over).
    func dismiss() { hide() }

    private func hide() {
        showsFailure = false
        if let widgets { gtk_widget_hide(widgets.bar) }
    }
}
