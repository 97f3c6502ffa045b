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
                // Read only where the draft may come back whole (a start pays for no JSON else).
                let kept = initialText.isEmpty ? Self.sideFiles(of: drafts) : (images: [], options: nil)
                let draftImages = images.isEmpty ? kept.images : []
                if options.postOptions == PostOptions(), let keptOptions = kept.options {
                    restoredOptions = keptOptions
                    chosenMentions = keptOptions.mentions
                }
                if !draftImages.isEmpty { images = draftImages }
                if let draft = try drafts.load(), !draft.isEmpty || !draftImages.isEmpty, draft != initialText {
                    if initialText.isEmpty {
                        text = draft
                        infoBar.showRestored()
                    } else {
                        // The draft whole: its images and options come back with its text.
                        infoBar.offerRestore(draft)
                        offeredDraft = Self.sideFiles(of: drafts)
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

    /// The images and options a draft kept beside its text. A file that cannot be read, or holds
    /// what compose-window never writes, is said in one line and left out: the text still comes
    /// back, and the next save writes the file anew.
    static func sideFiles(of drafts: DraftStore) -> (images: [PostImage], options: PostOptions?) {
        func read<Value>(
            _ load: () throws(DraftStore.Failure) -> String?, _ reader: (JSONValue) -> Value?, what: String
        ) -> Value? {
            do {
                guard let text = try load() else { return nil }
                if let value = (try? JSONText.value(of: text)).flatMap(reader) { return value }
                reportError(
                    localized(
                        "the draft {0} holds values compose-window never writes; {1} are left out", drafts.name, what))
            } catch {
                reportError(error.description)
            }
            return nil
        }
        return (
            read(drafts.loadImages, PostImage.list(json:), what: localized("its images")) ?? [],
            read(drafts.loadOptions, PostOptions.init(json:), what: localized("its options"))
        )
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
