import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Saves the draft after an edit (DraftSaveTiming: a second after it up to 256 Ki characters, a
/// throttle, not a debounce: continuous typing still saves every second; longer texts less often
/// while typing goes on), at once when asked, and reports failures without ever losing the text in
/// the window; the next edit retries. The writing (fsync included) happens on the state writer's
/// thread, in order with the outbox's: typing never waits for the disk.
@MainActor
final class DraftAutosave {
    private let store: DraftStore
    private let currentText: @MainActor () -> String
    /// The window's images (set once the window is made).
    var currentImages: @MainActor () -> [PostImage] = { [] }
    /// The post's options as shown, for the text being saved (set once the window is made).
    var currentOptions: @MainActor (_ text: String) -> PostOptions = { _ in PostOptions() }
    /// The text's length in characters (what a save costs; set once the window is made).
    var currentLength: @MainActor () -> Int = { 0 }
    private var pending: MainLoopSource?
    /// When the first edit not yet saved and the last edit were made (µs, monotonic).
    private var firstUnsaved: Int64?
    private var lastEdit: Int64 = 0
    private(set) var isDirty = false
    var onResult: (@MainActor (DraftStore.Failure?) -> Void)?

    init(store: DraftStore, currentText: @escaping @MainActor () -> String) {
        self.store = store
        self.currentText = currentText
    }

    func textChanged() {
        isDirty = true
        lastEdit = Int64(g_get_monotonic_time())
        if firstUnsaved == nil { firstUnsaved = lastEdit }
        if pending == nil { scheduleSave() }
    }

    /// A timer for when DraftSaveTiming says; when it fires early (typing went on into a long
    /// text, so the pause it waited for did not come), it waits again.
    private func scheduleSave() {
        guard let firstUnsaved else { return }
        let due = DraftSaveTiming.saveAt(firstUnsaved: firstUnsaved, lastEdit: lastEdit, characters: currentLength())
        let wait = max(0, due - Int64(g_get_monotonic_time()))
        pending = MainLoopSource.timeout(milliseconds: UInt32((wait + 999) / 1_000)) { [weak self] in
            guard let self else { return false }
            self.pending = nil
            let due = DraftSaveTiming.saveAt(
                firstUnsaved: self.firstUnsaved ?? 0, lastEdit: self.lastEdit, characters: self.currentLength())
            if Int64(g_get_monotonic_time()) >= due { self.saveNow() } else { self.scheduleSave() }
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
        firstUnsaved = nil
        let text = currentText()
        let images = currentImages()
        let imagesJSON = images.isEmpty ? nil : try? JSONText.text(of: PostImage.listJSON(images))
        let optionsJSON = currentOptions(text).json.flatMap { try? JSONText.text(of: $0) }
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
        firstUnsaved = nil
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
