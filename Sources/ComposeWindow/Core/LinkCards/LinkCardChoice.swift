/// Which of the text's links gets a card: the one the person chose while it is in the text, else
/// the first whose card the person has not removed. Removing a card is for its link only: the next
/// link, if any, is offered in its place (the person removes that one too for none).
package struct LinkCardChoice: Hashable, Sendable {
    /// A link the person chose from the text's links (the card's menu).
    package var chosen: String?
    /// Links whose card the person removed.
    package var removed: Set<String> = []

    package init() {}

    /// The web links of `text` a card can be made for, as Bluesky's facets carry them, in text
    /// order, each once.
    package static func links(in text: String) -> [String] {
        BlueskyPost.linkURIs(in: text).filter { LinkCard(uri: $0) != nil }
    }

    /// The link the card is for in `text`; nil: no card.
    package func link(in text: String) -> String? {
        let links = Self.links(in: text)
        if let chosen, links.contains(chosen), !removed.contains(chosen) { return chosen }
        return links.first { !removed.contains($0) }
    }

    /// The person chose `link` from the menu: its card comes back even if it was removed.
    package mutating func choose(_ link: String) {
        chosen = link
        removed.remove(link)
    }

    /// The person removed the card of `link`.
    package mutating func remove(_ link: String) {
        removed.insert(link)
        if chosen == link { chosen = nil }
    }
}
