import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Images that come by Ctrl+V or by a drop, where Send takes images: image files a file manager
/// copied or dragged, a picture a browser or an editor copied or dragged. Anything else goes in as
/// text, as the text view would have put it.
extension ComposeWindow {
    /// Ctrl+V (and the text view's Paste) where Send takes images: image files a file manager copied
    /// and images a browser or an editor copied join the post; anything else is pasted as text.
    func setUpPaste() {
        let view = compose.textView
        Signal.connect(view, "paste-clipboard") { [weak self] in
            guard let self, self.takesImages, self.imagesEditable else { return }
            g_signal_stop_emission_by_name(view.asGPointer, "paste-clipboard")
            let clipboard = ClipboardHandoff.clipboard
            ClipboardImages.read(clipboard) { [weak self] content in
                guard let self, !self.closed else {
                    if case .image(let pixbuf) = content { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                    return
                }
                switch content {
                case .files(let paths):
                    let images = paths.filter(Self.namesAnAttachment)
                    if images.isEmpty { return ClipboardImages.pasteText(clipboard, into: view) }
                    self.attach(images)
                case .image(let pixbuf): self.attachPasted(pixbuf)
                case .text: ClipboardImages.pasteText(clipboard, into: view)
                }
            }
        }
    }

    /// A pasted picture becomes a PNG file the draft and the outbox can name:
    /// `$XDG_STATE_HOME/compose-window/pasted/TIME.png`.
    func attachPasted(_ pixbuf: OpaquePointer) {
        guard let folder = try? StateFile.folder("pasted", environment: SystemIO.environment) else {
            g_object_unref(UnsafeMutableRawPointer(pixbuf))
            return infoBar.showSendFailure(localized("The pasted image could not be kept."))
        }
        let path = folder + "/" + String(g_get_real_time()) + ".png"
        ClipboardImages.save(pixbuf, to: path) { [weak self] saved in
            guard let self, !self.closed else { return }
            guard saved else { return self.infoBar.showSendFailure(localized("The pasted image could not be kept.")) }
            self.attach([path])
        }
    }

    /// The pasted pictures no draft and no outbox entry names any more go (on the image thread,
    /// once the window is up).
    func removeUnusedPastedImages() {
        guard let folder = try? StateFile.folder("pasted", environment: SystemIO.environment) else { return }
        let state = String(folder.dropLast("/pasted".count))
        StateWriter.imageWork.write {
            PastedImageCleanup.run(state: state)
        } then: { _ in
        }
    }

    /// Whether a file name says image (a pasted list of files may hold anything).
    static func namesAnAttachment(_ path: String) -> Bool {
        let lowered = path.lowercased()
        return [
            ".png", ".jpg", ".jpeg", ".webp", ".gif", ".mp4", ".m4v", ".mov", ".webm", ".mkv", ".ogv", ".mpeg", ".mpg",
            ".avi", ".3gp", ".mts",
            ".m2ts", ".ts",
        ].contains { lowered.hasSuffix($0) }
    }

    /// Drops of files and images on the text view (DroppedImages orders what it takes).
    func setUpDrop() {
        let view = compose.textView
        DroppedImages.accept(on: view.asWidget)
        Signal.connect(
            view, "drag-data-received",
            dropped: { [weak self] context, x, y, data, info, time in
                guard let self, info == DroppedImages.filesInfo || info == DroppedImages.imageInfo else { return }
                // Ours from here: GtkTextView would take a list of files for no text at all.
                g_signal_stop_emission_by_name(view.asGPointer, "drag-data-received")
                let takes = self.takesImages && self.imagesEditable
                switch DroppedImages.content(of: data, info: info) {
                case .files(let paths):
                    let images = paths.filter(Self.namesAnAttachment)
                    if takes, !images.isEmpty {
                        self.attach(images)
                    } else {
                        DroppedImages.insert(paths.joined(separator: "\n"), into: view, x: x, y: y)
                    }
                case .links(let links):
                    if takes, DroppedImages.askForImage(view.asWidget, context, time: time) { return }
                    DroppedImages.insert(links, into: view, x: x, y: y)
                case .image(let pixbuf):
                    guard takes else {
                        g_object_unref(UnsafeMutableRawPointer(pixbuf))
                        gtk_widget_error_bell(view.asWidget)
                        return DroppedImages.finish(context, success: false, time: time)
                    }
                    self.attachPasted(pixbuf)
                case .nothing:
                    return DroppedImages.finish(context, success: false, time: time)
                }
                DroppedImages.finish(context, success: true, time: time)
            })
    }
}
