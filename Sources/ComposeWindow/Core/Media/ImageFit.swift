/// What a network accepts of an image: Mastodon's from its server (`/api/v2/instance`
/// `configuration.media_attachments`), Bluesky's from the lexicon this app validates against.
package struct ImageLimits: Hashable, Sendable {
    package let maxBytes: Int
    package let maxPixels: Int
    /// The image types the network takes as they are.
    package let mimeTypes: [String]

    package init(maxBytes: Int, maxPixels: Int, mimeTypes: [String]) {
        self.maxBytes = maxBytes
        self.maxPixels = maxPixels
        self.mimeTypes = mimeTypes
    }

    /// Mastodon's own defaults (MediaAttachment::IMAGE_LIMIT, MAX_MATRIX_LIMIT, IMAGE_MIME_TYPES),
    /// for a server that does not say.
    package static let mastodonDefault = ImageLimits(
        maxBytes: 16 * 1024 * 1024, maxPixels: 33_177_600,
        mimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"])

    /// app.bsky.embed.images#image: `maxSize` 1,000,000 bytes, `accept: image/*`. The app sends what
    /// every PDS and the app itself show: JPEG, PNG, GIF, WebP. No pixel limit in the lexicon; the
    /// app's own composer keeps within 2000 × 2000, and so does this.
    package static let bluesky = ImageLimits(
        maxBytes: 1_000_000, maxPixels: 4_000_000, mimeTypes: ["image/jpeg", "image/png", "image/gif", "image/webp"])

    /// These limits with a smaller byte limit (after a server refused the bytes as too large).
    package func withMaxBytes(_ bytes: Int?) -> ImageLimits {
        guard let bytes, bytes < maxBytes else { return self }
        return ImageLimits(maxBytes: bytes, maxPixels: maxPixels, mimeTypes: mimeTypes)
    }
}

/// What an image file is, as its decoder found it.
package struct ImageFacts: Hashable, Sendable {
    /// Stored width and height, before the EXIF orientation turns it.
    package let width: Int
    package let height: Int
    package let byteCount: Int
    package let mimeType: String
    /// EXIF orientation, 1 (as stored) to 8.
    package let orientation: Int
    package let hasAlpha: Bool

    package init(width: Int, height: Int, byteCount: Int, mimeType: String, orientation: Int, hasAlpha: Bool) {
        self.width = width
        self.height = height
        self.byteCount = byteCount
        self.mimeType = mimeType
        self.orientation = orientation
        self.hasAlpha = hasAlpha
    }

    /// Width and height as shown: orientations 5 to 8 turn it a quarter.
    package var shownSize: (width: Int, height: Int) {
        (5...8).contains(orientation) ? (height, width) : (width, height)
    }
}

/// How an image is made to fit a network: sent as its own bytes (its metadata erased) when the
/// network takes it as it is, otherwise decoded, turned upright, scaled down only as far as the
/// limits need, and encoded again (which writes no metadata at all).
package enum ImageFit {
    package enum Plan: Equatable, Sendable {
        case sendOriginal
        case reencode(width: Int, height: Int, mimeType: String)
    }

    /// The image types this app reads; anything else (a video, a PDF) is refused with the reason.
    package static let readableTypes = ["image/jpeg", "image/png", "image/gif", "image/webp"]

    package static func plan(_ image: ImageFacts, limits: ImageLimits) -> Plan {
        let upright = image.orientation <= 1
        let pixels = image.width * image.height
        if upright, limits.mimeTypes.contains(image.mimeType), image.byteCount <= limits.maxBytes,
            pixels <= limits.maxPixels
        {
            return .sendOriginal
        }
        let (width, height) = image.shownSize
        let scaled = scale(width: width, height: height, toPixels: limits.maxPixels)
        // PNG keeps transparency; a photo is smaller as JPEG.
        let type =
            image.hasAlpha || image.mimeType == "image/png" && image.byteCount <= limits.maxBytes
            ? "image/png" : "image/jpeg"
        return .reencode(width: scaled.width, height: scaled.height, mimeType: type)
    }

    /// The next try when an encoded image is still over the byte limit: each side 80 %, as JPEG (PNG
    /// rarely shrinks enough); nil below 64 pixels a side, where nothing useful is left.
    package static func smaller(width: Int, height: Int) -> (width: Int, height: Int, mimeType: String)? {
        let next = (width: width * 4 / 5, height: height * 4 / 5)
        guard next.width >= 64, next.height >= 64 else { return nil }
        return (next.width, next.height, "image/jpeg")
    }

    /// The largest size with the same shape and at most `limit` pixels (never larger than given).
    package static func scale(width: Int, height: Int, toPixels limit: Int) -> (width: Int, height: Int) {
        guard width > 0, height > 0, width * height > limit else { return (width, height) }
        let factor = (Double(limit) / Double(width * height)).squareRoot()
        var scaled = (width: max(1, Int(Double(width) * factor)), height: max(1, Int(Double(height) * factor)))
        while scaled.width * scaled.height > limit { scaled = (max(1, scaled.width - 1), max(1, scaled.height - 1)) }
        return scaled
    }
}
