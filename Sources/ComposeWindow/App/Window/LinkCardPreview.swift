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
    private var text = ""
    private var cancellation: Cancellation?
    private var deadline: MainLoopSource?
    private var pause: MainLoopSource?
    /// Bluesky is one of the networks Send posts to.
    var forBluesky = false
    var hasImages = false

    init(row: LinkCardRow) {
        self.row = row
        row.onRemove = { [weak self] in
            guard let self, let link = self.draft.link else { return }
            self.draft.choice.remove(link)
            self.refresh()
        }
        row.onChoose = { [weak self] chosen in
            self?.draft.choice.choose(chosen)
            self?.refresh()
        }
    }

    /// The text changed: the card follows after a pause in typing.
    func textChanged(_ text: String) {
        self.text = text
        pause?.cancel()
        pause = MainLoopSource.timeout(milliseconds: PageFetchRules.pauseMilliseconds) { [weak self] in
            self?.pause = nil
            self?.refresh()
            return false
        }
    }

    /// What Send records (LinkCardDraft.cardForSend), for a post going to Bluesky.
    var cardForSend: LinkCard? { forBluesky ? draft.cardForSend(text: text, hasImages: hasImages) : nil }

    /// Shows the card for the text as it is now, fetching a page it has not read yet.
    func refresh() {
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
        if let next = draft.linkToFetch(in: text) { start(next) }
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
        deadline = MainLoopSource.timeout(seconds: PageFetchRules.seconds) { [weak self] in
            self?.deadline = nil
            cancellation.cancel()
            return false
        }
        fetcher.fetch(next, .page, cancellation: cancellation) { [weak self] result in
            guard let self, self.draft.link == next else { return }
            switch result {
            case .success(let page):
                StateWriter.textWork.write {
                    let metadata = PageReader.metadata(of: page.bytes, url: page.url)
                    return (metadata, metadata.picture.flatMap { PageReader.pictureAddress($0, page: page.url) })
                } then: { [weak self] read in
                    self?.read(next, read.0, picture: read.1, cancellation: cancellation)
                }
            case .failure:
                self.draft.unreadable(next)
                self.finished()
            }
        }
    }

    private func read(_ next: String, _ metadata: PageMetadata, picture: String?, cancellation: Cancellation) {
        guard draft.link == next,
            let card = LinkCard(uri: next, title: metadata.title, description: metadata.description)
        else { return }
        draft.read(card)
        guard let picture else { return finished() }
        picturePending = true
        refresh()
        fetcher.fetch(picture, .picture, cancellation: cancellation) { [weak self] result in
            guard let self, self.draft.link == next else { return }
            guard case .success(let fetched) = result else { return self.finished() }
            StateWriter.imageWork.write {
                LinkPictureCache.keep(fetched.bytes, from: picture)
            } then: {
                [weak self] path in
                guard let self, self.draft.link == next else { return }
                if let path, var pictured = self.draft.card {
                    pictured.picture = path
                    self.draft.read(pictured)
                    Thumbnail.load(path, size: LinkCardRow.pictureSize) { [weak self] pixbuf in
                        guard let self, self.draft.link == next else {
                            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                            return
                        }
                        self.row.showPicture(pixbuf)
                    }
                }
                self.finished()
            }
        }
    }

    private func finished() {
        picturePending = false
        deadline?.cancel()
        deadline = nil
        refresh()
    }
}
