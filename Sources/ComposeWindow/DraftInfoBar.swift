import ComposeCore
import GLibSwift
import GtkPlaceholder

/// The info bar above the text: "Draft restored" (Discard draft), a saved draft to restore, or a
/// draft that could not be written.
@MainActor
final class DraftInfoBar {
    let widget: UnsafeMutablePointer<GtkWidget>
    private let message: UnsafeMutablePointer<GtkWidget>
    private let button: UnsafeMutablePointer<GtkWidget>
    private var action: (@MainActor () -> Void)?
    private var showsFailure = false
    var onDiscardDraft: (@MainActor () -> Void)?
    var onRestoreDraft: (@MainActor (String) -> Void)?

    /// The info bar, its message label and its one action button (response 1), from the .ui file.
    init(
        bar: UnsafeMutablePointer<GtkWidget>, message: UnsafeMutablePointer<GtkWidget>,
        button: UnsafeMutablePointer<GtkWidget>
    ) {
        widget = bar
        self.message = message
        self.button = button
        Signal.connect(
            widget, "response",
            withArgument: { [weak self] response in
                guard let self else { return }
                if Int(bitPattern: response) == 1 { self.action?() }
                self.hide()
            })
    }

    func showRestored() {
        show(tr("Draft restored"), type: GTK_MESSAGE_INFO, button: tr("_Discard draft")) { [weak self] in
            self?.onDiscardDraft?()
        }
    }

    func offerRestore(_ draft: String) {
        show(tr("A saved draft differs from this text."), type: GTK_MESSAGE_INFO, button: tr("_Restore draft")) {
            [weak self] in
            self?.onRestoreDraft?(draft)
        }
    }

    func showLoadFailure(_ failure: DraftStore.Failure) {
        show(
            tr("The saved draft could not be read: ") + failure.description, type: GTK_MESSAGE_WARNING, button: nil,
            action: nil)
    }

    /// nil: the last save worked, so a failure message (only) goes away.
    func showSaveFailure(_ failure: DraftStore.Failure?) {
        guard let failure else {
            if showsFailure { hide() }
            return
        }
        show(
            tr("The draft could not be saved; your text is still here. ") + failure.description,
            type: GTK_MESSAGE_ERROR, button: nil, action: nil)
        showsFailure = true
    }

    private func show(_ text: String, type: GtkMessageType, button label: String?, action: (@MainActor () -> Void)?) {
        showsFailure = false
        gtk_label_set_text(message.cast(), text)
        gtk_info_bar_set_message_type(widget.cast(), type)
        if let label {
            gtk_button_set_label(button.cast(), label)
            gtk_button_set_use_underline(button.cast(), 1)
        }
        gtk_widget_set_visible(button, (label != nil).gboolean)
        self.action = action
        gtk_info_bar_set_show_close_button(widget.cast(), 1)
        gtk_widget_show(widget)
    }

    private func hide() {
        showsFailure = false
        gtk_widget_hide(widget)
    }
}
