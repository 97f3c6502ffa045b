import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder

/// The link card as the window builds it while the person types (LinkCardDraft decides): after a
/// pause, the chosen link's page is fetched (PageFetcher, never waited on), its metadata read off
/// the main thread (PageReader), its picture downloaded to the cache; a changed link calls the last
/// fetch off, and so does the deadline.
@MainActor
final class LinkCardPreview {
    private let row: LinkCardRow
    private lazy var fetcher = PageFetcher(userAgent: AccountCommands.userAgent)
    private var draft = LinkCardDraft()
    /// The window's text, read when the card needs it (after a pause, at Send), never per keystroke.
    private let currentText: @MainActor () -> String
    private var cancellation: Cancellation?
    private var deadline: MainLoopSource?
    private var pause: MainLoopSource?
    /// Bluesky is one of the networks Send posts to.
    var forBluesky = false
    var hasImages = false

    init(row: LinkCardRow, text: @escaping @MainActor () -> String) {
        self.row = row
        currentText = text
        PageReader.prepare()
        row.onRemove = { [weak self] in
            guard let self, let link = self.draft.link else { return }
            self.draft.choice.remove(link)
            self.refresh(fetching: true)
        }
        row.onChoose = { [weak self] chosen in
            self?.draft.choice.choose(chosen)
            self?.refresh(fetching: true)
        }
    }

    /// The card a post in the outbox was recorded with (a resume): shown as it was, never fetched
    /// again while the text stays the same, so a retry sends the card the first Send recorded.
    func resume(with card: LinkCard?, text: String) {
        stop()
        draft.resume(card, text: text)
        refresh()
    }

    /// The text changed: the card follows after a pause in typing.
    func textChanged() {
        pause?.cancel()
        pause = MainLoopSource.timeout(milliseconds: PageFetchRules.pauseMilliseconds) { [weak self] in
            self?.pause = nil
            self?.refresh(fetching: true)
            return false
        }
    }

    /// What Send records (LinkCardDraft.cardForSend), for a post going to Bluesky.
    var cardForSend: LinkCard? { forBluesky ? draft.cardForSend(text: currentText(), hasImages: hasImages) : nil }

    /// Shows the card for the text as it is now; `fetching` (after a pause in typing, or the
    /// person's choice) also fetches a page it has not read yet: never a half-typed link's.
    func refresh(fetching: Bool = false) {
        guard forBluesky else {
            stop()
            draft.forget()
            return row.hide()
        }
        let text = currentText()
        let links = LinkCardChoice.links(in: text)
        guard forBluesky, let shown = draft.choice.link(in: text) else {
            stop()
            draft.forget()
            return row.hide()
        }
        if hasImages {
            return row.show(
                link: shown, card: nil, loading: false, links: links,
                note: localized("Bluesky shows a post’s images or a link card, not both: the images go."))
        }
        if fetching, let next = draft.linkToFetch(in: text) { start(next) }
        guard shown == draft.link else {  // a link typed since: read after the pause
            return row.show(link: shown, card: nil, loading: true, links: links, note: nil)
        }
        guard draft.phase != .unreadable else { return row.hide() }
        row.show(link: shown, card: draft.card, loading: draft.isReading || picturePending, links: links, note: nil)
    }

    /// The page is read and its picture is on its way.
    private var picturePending = false

    private func stop() {
        cancellation?.cancel()
        cancellation = nil
        deadline?.cancel()
        deadline = nil
        picturePending = false
    }

    private func start(_ next: String) {
        stop()
        row.showPicture(nil)
        let cancellation = Cancellation()
        self.cancellation = cancellation
        // Past it, a page not read yet is unreadable (no card), a picture not come yet is none.
        deadline = MainLoopSource.timeout(seconds: PageFetchRules.seconds) { [weak self] in
            guard let self else { return false }
            self.deadline = nil
            if self.draft.isReading { self.draft.unreadable(next) }
            self.stop()
            self.refresh()
            return false
        }
        fetcher.fetch(next, .page, cancellation: cancellation) { [weak self] result in
            guard let self, self.isCurrent(cancellation) else { return }
            switch result {
            case .success(let page):
                StateWriter.textWork.write {
                    let metadata = PageReader.metadata(of: page.bytes, url: page.url, contentType: page.contentType)
                    return (metadata, metadata.picture.flatMap { PageReader.pictureAddress($0, page: page.url) })
                } then: { [weak self] read in
                    self?.read(next, read.0, picture: read.1, cancellation: cancellation)
                }
            case .failure:
                self.draft.unreadable(next)
                self.finished(cancellation)
            }
        }
    }

    /// Whether an answer is for the fetch the card waits for now (not one called off since, even
    /// for the same link).
    private func isCurrent(_ fetch: Cancellation) -> Bool { cancellation === fetch && !fetch.isCancelled }

    private func read(_ next: String, _ metadata: PageMetadata, picture: String?, cancellation: Cancellation) {
        guard isCurrent(cancellation) else { return }
        guard let card = LinkCard(uri: next, title: metadata.title, description: metadata.description) else {
            draft.unreadable(next)
            return finished(cancellation)
        }
        draft.read(card)
        guard let picture else { return finished(cancellation) }
        picturePending = true
        refresh()
        fetcher.fetch(picture, .picture, cancellation: cancellation) { [weak self] result in
            guard let self, self.isCurrent(cancellation) else { return }
            guard case .success(let fetched) = result else { return self.finished(cancellation) }
            StateWriter.imageWork.write {
                LinkPictureCache.keep(fetched.bytes, from: picture)
            } then: {
                [weak self] path in
                guard let self, self.isCurrent(cancellation) else { return }
                if let path, var pictured = self.draft.card {
                    pictured.picture = path
                    self.draft.read(pictured)
                    let type = PageFetchRules.pictureType(fetched.contentType) ?? ""
                    let (bytes, side) = (fetched.bytes, LinkCardRow.pictureSize)
                    Thumbnail.make({ LinkPicture.thumbnail(of: bytes, type: type, side: side) }) { [weak self] pixbuf in
                        guard let self, self.draft.link == next else {
                            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                            return
                        }
                        self.row.showPicture(pixbuf)
                    }
                }
                self.finished(cancellation)
            }
        }
    }

    private func finished(_ fetch: Cancellation) {
        guard isCurrent(fetch) else { return }
        picturePending = false
        deadline?.cancel()
        deadline = nil
        refresh()
    }
}
