import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder

/// The link card as the window builds it while the person types (LinkCard): after a pause, the
/// chosen link's page is fetched (PageFetcher, never waited on), its metadata read off the main
/// thread (PageReader), its picture downloaded to the cache; a changed link calls the last fetch
/// off. Send takes whatever is there: the card, the link alone while the page is still on its way,
/// or nothing if the page could not be read.
@MainActor
final class LinkCardPreview {
    private let row: LinkCardRow
    private lazy var fetcher = PageFetcher(userAgent: AccountCommands.userAgent)
    private var choice = LinkCardChoice()
    private var text = ""
    /// The link the card is for now, and what is known of its page.
    private var link: String?
    private var card: LinkCard?
    private var loading = false
    private var failed = false
    private var cancellation: Cancellation?
    private var deadline: MainLoopSource?
    private var pause: MainLoopSource?
    /// Bluesky is one of the networks Send posts to.
    var forBluesky = false
    var hasImages = false

    init(row: LinkCardRow) {
        self.row = row
        row.onRemove = { [weak self] in
            guard let self, let link = self.link else { return }
            self.choice.remove(link)
            self.refresh()
        }
        row.onChoose = { [weak self] chosen in
            self?.choice.choose(chosen)
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

    /// What Send records: the card shown, the link alone while its page is on its way, nothing
    /// once the page could not be read (or for no link, or a post not going to Bluesky).
    var cardForSend: LinkCard? {
        guard forBluesky, !hasImages, let link = choice.link(in: text), link == self.link, !failed else { return nil }
        return card ?? LinkCard(uri: link)
    }

    /// Shows the card for the text as it is now, fetching a page it has not read yet.
    func refresh() {
        let links = LinkCardChoice.links(in: text)
        guard forBluesky, let next = choice.link(in: text) else {
            stop()
            link = nil
            return row.hide()
        }
        if hasImages {
            return row.show(
                link: next, card: nil, loading: false, links: links,
                note: localized("Bluesky shows a post’s images or a link card, not both: the images go."))
        }
        if next != link { start(next) }
        guard !failed else { return row.hide() }
        row.show(link: next, card: card, loading: loading, links: links, note: nil)
    }

    private func stop() {
        cancellation?.cancel()
        cancellation = nil
        deadline?.cancel()
        deadline = nil
    }

    private func start(_ next: String) {
        stop()
        (link, card, loading, failed) = (next, nil, true, false)
        row.showPicture(nil)
        let cancellation = Cancellation()
        self.cancellation = cancellation
        deadline = MainLoopSource.timeout(seconds: PageFetchRules.seconds) { [weak self] in
            self?.deadline = nil
            cancellation.cancel()
            return false
        }
        fetcher.fetch(next, .page, cancellation: cancellation) { [weak self] result in
            guard let self, self.link == next else { return }
            switch result {
            case .success(let page):
                StateWriter.textWork.write {
                    let metadata = PageReader.metadata(of: page.bytes, url: page.url)
                    return (metadata, metadata.picture.flatMap { PageReader.pictureAddress($0, page: page.url) })
                } then: { [weak self] read in
                    self?.read(next, read.0, picture: read.1, cancellation: cancellation)
                }
            case .failure: self.finished(next, failed: true)
            }
        }
    }

    private func read(_ next: String, _ metadata: PageMetadata, picture: String?, cancellation: Cancellation) {
        guard link == next else { return }
        card = LinkCard(uri: next, title: metadata.title, description: metadata.description)
        guard let picture else { return finished(next, failed: false) }
        refresh()
        fetcher.fetch(picture, .picture, cancellation: cancellation) { [weak self] result in
            guard let self, self.link == next else { return }
            guard case .success(let fetched) = result else { return self.finished(next, failed: false) }
            StateWriter.imageWork.write { LinkPictureCache.keep(fetched.bytes, from: picture) } then: {
                [weak self] path in
                guard let self, self.link == next else { return }
                if let path, let shown = self.card {
                    self.card = LinkCard(
                        uri: shown.uri, title: shown.title, description: shown.description, picture: path)
                    Thumbnail.load(path, size: LinkCardRow.pictureSize) { [weak self] pixbuf in
                        guard let self, self.link == next else {
                            if let pixbuf { g_object_unref(UnsafeMutableRawPointer(pixbuf)) }
                            return
                        }
                        self.row.showPicture(pixbuf)
                    }
                }
                self.finished(next, failed: false)
            }
        }
    }

    private func finished(_ next: String, failed: Bool) {
        guard link == next else { return }
        loading = false
        self.failed = failed
        deadline?.cancel()
        deadline = nil
        refresh()
    }
}
