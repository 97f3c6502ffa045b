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
                let kept = Self.sideFiles(of: drafts)
                let draftImages = initialText.isEmpty && images.isEmpty ? kept.images : []
                if initialText.isEmpty, options.postOptions == PostOptions(), let keptOptions = kept.options {
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
                        offeredDraft = kept
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
        func read<Value>(_ load: () throws(DraftStore.Failure) -> String?, _ reader: (JSONValue) -> Value?) -> Value?? {
            do {
                guard let text = try load() else { return .some(nil) }
                return (try? JSONText.value(of: text)).flatMap(reader).map { .some($0) }
            } catch {
                reportError(error.description)
                return .some(nil)
            }
        }
        let images = read(drafts.loadImages, PostImage.list(json:))
        let options = read(drafts.loadOptions, PostOptions.init(json:))
        for (what, unread) in [(localized("its images"), images == nil), (localized("its options"), options == nil)]
        where unread {
            reportError(
                localized("the draft {0} holds values compose-window never writes; {1} are left out", drafts.name, what)
            )
        }
        return ((images ?? nil) ?? [], options ?? nil)
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
