import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Saves the draft at most one second after an edit (a throttle, not a debounce: continuous typing
/// still saves every second), at once when asked, and reports failures without ever losing the
/// text in the window; the next edit retries. The writing (fsync included) happens on the state
/// writer's thread, in order with the outbox's: typing never waits for the disk.
@MainActor
final class DraftAutosave {
    private let store: DraftStore
    private let currentText: @MainActor () -> String
    /// The window's images (set once the window is made).
    var currentImages: @MainActor () -> [PostImage] = { [] }
    /// The post's options as shown (set once the window is made).
    var currentOptions: @MainActor () -> PostOptions = { PostOptions() }
    private var pending: MainLoopSource?
    private(set) var isDirty = false
    var onResult: (@MainActor (DraftStore.Failure?) -> Void)?

    init(store: DraftStore, currentText: @escaping @MainActor () -> String) {
        self.store = store
        self.currentText = currentText
    }

    func textChanged() {
        isDirty = true
        guard pending == nil else { return }
        pending = MainLoopSource.timeout(milliseconds: 1_000) { [weak self] in
            self?.pending = nil
            self?.saveNow()
            return false
        }
    }

    /// Writes the draft (its text, then its images and options) if anything changed since the last
    /// successful save. An empty text without images or options has no draft: the files are removed
    /// rather than left empty.
    /// `evenIfUnchanged`: also a text the window started with (a post on its way to a network is
    /// kept whatever its origin).
    func saveNow(evenIfUnchanged: Bool = false) {
        pending?.cancel()
        pending = nil
        guard isDirty || evenIfUnchanged else { return }
        let text = currentText()
        let images = currentImages()
        let imagesJSON = images.isEmpty ? nil : try? JSONText.text(of: PostImage.listJSON(images))
        let optionsJSON = currentOptions().json.flatMap { try? JSONText.text(of: $0) }
        let store = self.store
        isDirty = false
        StateWriter.shared.write { () -> DraftStore.Failure? in
            do throws(DraftStore.Failure) {
                if text.isEmpty && images.isEmpty && optionsJSON == nil {
                    try store.remove()
                } else {
                    try store.save(text)
                    try store.saveImages(imagesJSON)
                    try store.saveOptions(optionsJSON)
                }
                return nil
            } catch { return error }
        } then: { [weak self] failure in
            if failure != nil { self?.isDirty = true }  // the next edit, or the next save, tries again
            self?.onResult?(failure)
        }
    }

    func discard() {
        pending?.cancel()
        pending = nil
        isDirty = false
        // Left on disk, a discarded draft would come back at the next start: reported like a
        // failed save, or, the window gone (Discard closes it), on standard error.
        let store = self.store
        StateWriter.shared.write { () -> DraftStore.Failure? in
            do throws(DraftStore.Failure) { try store.remove() } catch { return error }
            return nil
        } then: { [weak self] failure in
            guard let failure else { return }
            if let report = self?.onResult { report(failure) } else { reportError(failure.description) }
        }
    }

    func cancel() {
        pending?.cancel()
        pending = nil
    }
}
