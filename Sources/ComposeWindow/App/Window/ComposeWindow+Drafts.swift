import CComposeWindowGtkSource
import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The window's text at the start, and a saved draft: restored, or offered beside initial text.
extension ComposeWindow {
    /// Initial text wins over a saved draft (then offered in the info bar); with no initial text
    /// a saved draft is restored with the caret at its end.
    func loadInitialText(drafts: DraftStore?) {
        var text = initialText
        if let drafts {
            do {
                let draftImages = initialText.isEmpty && images.isEmpty ? try Self.images(of: drafts) : []
                if initialText.isEmpty, options.postOptions == PostOptions(), let json = try drafts.loadOptions() {
                    restoredOptions = (try? JSONText.value(of: json)).flatMap(PostOptions.init(json:))
                    chosenMentions = restoredOptions?.mentions ?? [:]
                }
                if !draftImages.isEmpty { images = draftImages }
                if let draft = try drafts.load(), !draft.isEmpty || !draftImages.isEmpty, draft != initialText {
                    if initialText.isEmpty {
                        text = draft
                        infoBar.showRestored()
                    } else {
                        // The draft whole: its images and options come back with its text.
                        let offeredImages = try Self.images(of: drafts)
                        let offeredOptions = try drafts.loadOptions().flatMap {
                            (try? JSONText.value(of: $0)).flatMap(PostOptions.init(json:))
                        }
                        infoBar.offerRestore(draft)
                        offeredDraft = (offeredImages, offeredOptions)
                        offeredDraftStore = drafts
                    }
                }
            } catch {
                infoBar.showLoadFailure(error)
                reportError(error.description)
            }
        }
        gtk_source_buffer_begin_not_undoable_action(sourceBuffer)
        compose.text = text
        gtk_source_buffer_end_not_undoable_action(sourceBuffer)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(compose.buffer, &end)
        gtk_text_buffer_place_cursor(compose.buffer, &end)
    }

    /// "Restore draft": its text, and the images and options it kept, in place of the initial text's.
    func restore(_ draft: String) {
        replaceText(with: draft)
        guard let (draftImages, draftOptions) = offeredDraft else { return }
        offeredDraft = nil
        if !draftImages.isEmpty && imagesEditable {
            images = draftImages
            imagesChanged()
        }
        if let draftOptions {
            chosenMentions = draftOptions.mentions
            if imagesEditable { setQuote(draftOptions.quote) }
            postOptionsRow.show(draftOptions)
            fitPostOptions()
            warningChanged()
        }
    }

    func replaceText(with text: String) {
        gtk_text_buffer_begin_user_action(compose.buffer)
        compose.text = text
        gtk_text_buffer_end_user_action(compose.buffer)
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(compose.buffer, &end)
        gtk_text_buffer_place_cursor(compose.buffer, &end)
        gtk_widget_grab_focus(compose.textView.asWidget)
    }

}
