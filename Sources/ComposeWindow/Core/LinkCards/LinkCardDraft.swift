/// The card a window is making while the person types, and what Send takes of it: the card once
/// the page has been read; the link alone while it is still on its way (Send never waits for a
/// page) or for a link typed a moment ago; nothing once the page could not be read, for a post
/// with images (Bluesky shows one or the other), or without a link.
package struct LinkCardDraft: Hashable, Sendable {
    package enum Phase: Hashable, Sendable {
        case reading
        case read(LinkCard)
        case unreadable
    }

    package var choice = LinkCardChoice()
    /// The link whose page was asked for last, and what came of it.
    package private(set) var link: String?
    package private(set) var phase: Phase = .reading

    package init() {}

    /// What the window does for `text` now: the link to fetch (a new one), or nil (nothing new).
    package mutating func linkToFetch(in text: String) -> String? {
        guard let next = choice.link(in: text), next != link else { return nil }
        link = next
        phase = .reading
        return next
    }

    /// What a post was recorded with (a resume), so that a retry sends it again: its card, read
    /// and chosen; or, without one, no card for any link of its `text`.
    package mutating func resume(_ card: LinkCard?, text: String) {
        self = LinkCardDraft()
        guard let card else {
            for link in LinkCardChoice.links(in: text) { choice.remove(link) }
            return
        }
        choice.choose(card.uri)
        link = card.uri
        phase = .read(card)
    }

    /// No link any more (or not for Bluesky): what was read is forgotten.
    package mutating func forget() {
        link = nil
        phase = .reading
    }

    /// The page of `link` was read (its picture perhaps still to come: the card gains it later).
    package mutating func read(_ card: LinkCard) {
        guard card.uri == link else { return }
        phase = .read(card)
    }

    /// The page of `link` could not be read: no card.
    package mutating func unreadable(_ link: String) {
        guard link == self.link else { return }
        phase = .unreadable
    }

    /// What Send records for `text`.
    package func cardForSend(text: String, hasImages: Bool) -> LinkCard? {
        guard !hasImages, let current = choice.link(in: text) else { return nil }
        guard current == link else { return LinkCard(uri: current) }
        switch phase {
        case .reading: return LinkCard(uri: current)
        case .read(let card): return card
        case .unreadable: return nil
        }
    }

    package var card: LinkCard? { if case .read(let card) = phase { card } else { nil } }
    package var isReading: Bool { phase == .reading && link != nil }
}
