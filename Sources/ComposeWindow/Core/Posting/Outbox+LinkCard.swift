/// A post's link card on its way (LinkCard): Bluesky only, on each of its posts whose text links
/// the card's page and that carries no images (the record's embed holds one or the other: images
/// win). The card's picture goes the images' way, once: made to fit the thumb's 1,000,000 bytes on
/// this machine, kept in the post's media folder, uploaded as a blob, and named by the record.
extension Outbox {
    /// Whether delivery `network`'s post `part`, saying `partText` (nil: the whole text), carries
    /// `card`.
    static func carriesCard(
        _ card: LinkCard?, network: Network, part: Int, partText: String?, text: String, images: [PostImage]
    ) -> Bool {
        guard let card, network == .bluesky, part > 0 || images.isEmpty else { return false }
        return BlueskyPost.linkURIs(in: partText ?? text).contains(card.uri)
    }

    func carriesCard(_ index: Int) -> Bool {
        let delivery = deliveries[index]
        return Self.carriesCard(
            options.linkCard, network: delivery.network, part: delivery.part, partText: delivery.partText, text: text,
            images: images)
    }

    /// The files delivery `network`'s post `part` uploads, in order: the post's images with its
    /// first post; the card's picture with a post that carries the card, unless it proved unusable.
    static func uploads(
        of delivery: Delivery, text: String, images: [PostImage], options: PostOptions
    ) -> [PostImage] {
        if delivery.part == 0, !images.isEmpty { return images }
        guard
            carriesCard(
                options.linkCard, network: delivery.network, part: delivery.part, partText: delivery.partText,
                text: text, images: images),
            !delivery.cardPictureUnusable, let picture = options.linkCard?.picture
        else { return [] }
        return [PostImage(path: picture, alt: "")]
    }

    func uploads(_ index: Int) -> [PostImage] {
        Self.uploads(of: deliveries[index], text: text, images: images, options: options)
    }

    /// Whether upload `image` of delivery `index` is the card's picture (not one of the images).
    func isCardPicture(_ index: Int, image: Int) -> Bool {
        image == 0 && carriesCard(index) && !deliveries[index].images.isEmpty
    }

    /// The card's picture could not be made a thumb (not an image, unreadable, gone): the card
    /// goes without it rather than the post not at all.
    mutating func cardPictureUnusable(_ index: Int) {
        guard !isConfirmed(index) else { return }
        change(index) {
            $0.cardPictureUnusable = true
            $0.images = []
        }
    }
}

extension PostingPlan {
    /// The record's embed for delivery `index`: its card, with the thumb's blob once uploaded.
    func blueskyCard(_ index: Int) -> (card: LinkCard, thumb: JSONValue?)? {
        guard outbox.carriesCard(index), let card = outbox.options.linkCard else { return nil }
        if case .bluesky(let blob)? = outbox.deliveries[index].images.first?.upload { return (card, blob) }
        return (card, nil)
    }
}
