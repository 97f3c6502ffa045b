import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The post's images in the window: Attach… (and Ctrl+Shift+A), each image's alt text or its
/// removal, the strip that shows them; the draft keeps them. Each file is checked on the image
/// thread before it joins the post (a video, a file that is no image, is refused with the reason).
extension ComposeWindow {
    /// The most images the post may carry where it goes: Mastodon's server's own figure, else 4.
    var mostImages: Int { min(ComposeOptions.mostImages, serverRules?.maximumImages ?? ComposeOptions.mostImages) }

    /// The alt text's limit where it goes: Mastodon's description_limit (1,500 when not said);
    /// Bluesky's app allows 2,000.
    var altTextLimit: Int {
        target == .bluesky && alsoTo.isEmpty ? 2000 : serverRules?.descriptionLimit ?? 1500
    }

    /// Whether images can go where Send goes now.
    var takesImages: Bool { target == .mastodon || target == .bluesky }

    func chooseImages() {
        guard takesImages, imagesEditable else { return gtk_widget_error_bell(window) }
        ImageChooser.choose(
            parent: window.cast(), title: localized("Attach Images or a Video"), accept: localized("_Attach"),
            cancel: localized("_Cancel"), filterName: localized("Images and videos"), types: PostImage.attachableTypes
        ) { [weak self] paths in
            guard let self, !self.closed else { return }
            self.attach(paths)
            gtk_widget_grab_focus(self.compose.textView.asWidget)
        }
    }

    /// Adds the images at `paths` (absolute) once each is checked, in order; what cannot be
    /// attached is said in the bar, with the reason.
    func attach(_ paths: [String]) { attach(paths.map { PostImage(path: $0, alt: "") }) }

    /// The images a file manager opened the window with (`--desktop`, its %F), after the draft's.
    func attachOpened() {
        if options.fromDesktop { attach(options.images) }
    }

    func attach(_ given: [PostImage]) {
        for image in given {
            let path = image.path
            StateWriter.imageWork.write {
                AttachedMedia.check(path)
            } then: { [weak self] media in
                guard let self, !self.closed else { return }
                let name = AttachmentStrip.fileName(path)
                let attached = self.images.map { self.attachmentKinds[$0.path]?.isVideo ?? false }
                switch media {
                case .failure(let failure):
                    self.infoBar.showSendFailure(localized("{0} cannot be attached: {1}", name, failure.reason))
                case .success where !self.imagesEditable:
                    self.infoBar.showSendFailure(
                        localized("{0} was not attached: a network may have the post already.", name))
                case .success(let kind) where !PostImage.mayJoin(video: kind.isVideo, attached: attached):
                    self.infoBar.showSendFailure(localized("{0} was not attached: a video goes alone in a post.", name))
                case .success where self.images.count >= self.mostImages:
                    self.infoBar.showSendFailure(
                        localized(
                            "{0} was not attached: a post carries at most {1} images.", name, String(self.mostImages)))
                case .success(let kind):
                    self.attachmentKinds[path] = kind
                    self.images.append(image)
                    self.imagesChanged()
                }
            }
        }
    }

    /// The person pressed image `index`: its alt text, or its removal.
    func openImage(_ index: Int) {
        guard images.indices.contains(index), imagesEditable else { return }
        let isVideo = attachmentKinds[images[index].path]?.isVideo == true
        AltTextDialog.ask(
            parent: window.cast(), image: images[index], limit: altTextLimit,
            captionLanguage: isVideo ? captionLanguage : nil
        ) { [weak self] answer in
            guard let self, !self.closed, self.images.indices.contains(index) else { return }
            switch answer {
            case .describe(let alt, let captions)?:
                self.images[index].alt = alt
                self.images[index].captions = captions
            case .remove?: self.images.remove(at: index)
            case nil: return
            }
            self.imagesChanged()
            gtk_widget_grab_focus(self.compose.textView.asWidget)
        }
    }

    /// Images may change when the text may (not while a network may have the post unsaid).
    var imagesEditable: Bool { poster?.session.textIsEditable ?? true }

    func imagesChanged() {
        showImages()
        autosave?.textChanged()
        if poster != nil { postEdited() }
    }

    /// The strip as the post is now, and Attach… where Send can take images.
    func showImages() {
        var lengths: [String: Int64] = [:]
        for case (let path, .video(let length)) in attachmentKinds { lengths[path] = length }
        imageStrip.show(images, videoLengths: lengths, editable: imagesEditable)
        learnAttachmentKinds()
        gtk_widget_set_visible(attachButton, takesImages.gboolean)
        // Read-only with the text while a network may have the post unsaid.
        gtk_widget_set_sensitive(attachButton, imagesEditable.gboolean)
        // The options follow the same changes: where Send goes, the images, editability.
        fitPostOptions()
    }

}

extension ComposeWindow {
    /// Reads what each attachment not yet read is (on the image thread), then shows the strip
    /// again: a video's poster frame and length.
    private func learnAttachmentKinds() {
        for path in Set(images.map(\.path)) where attachmentKinds[path] == nil {
            attachmentKinds[path] = .image  // asked once; an unreadable file stays an image here
            StateWriter.imageWork.write {
                AttachedMedia.check(path)
            } then: { [weak self] media in
                guard let self, !self.closed, case .success(let kind) = media, kind.isVideo else { return }
                self.attachmentKinds[path] = kind
                self.showImages()
            }
        }
    }

    /// Send with an image that has no alt text asks once, unless turned off (remind-missing-alt):
    /// Add a Description opens the first such image's; Post Without goes on with `then`. True while
    /// it asks (Send waits for the answer).
    func askAboutMissingAlt(then: @escaping @MainActor () -> Void) -> Bool {
        guard !postsWithoutAlt, preferences?.remindsMissingAlt ?? true,
            let missing = images.firstIndex(where: { $0.alt.isEmpty })
        else { return false }
        let count = images.filter { $0.alt.isEmpty }.count
        MissingAltDialog.ask(parent: window.cast(), count: count) { [weak self] postWithout in
            guard let self, !self.closed else { return }
            if postWithout {
                self.postsWithoutAlt = true
                then()
            } else {
                self.openImage(missing)
            }
        }
        return true
    }
}
