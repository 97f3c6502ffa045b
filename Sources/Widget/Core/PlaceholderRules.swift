import CPlaceholderPango

/// The decisions both widgets (GTK 3 and GTK 4) make the same way, kept apart from either
/// toolkit's calls so that the two cannot drift.
package enum PlaceholderRules {
    /// Shown only with something to show, not hidden by the app, no input-method preedit on
    /// screen, and an empty buffer (O(1): GtkTextBuffer caches its character count).
    package static func shouldShow(
        placeholder: String, hidesPlaceholder: Bool, isComposing: Bool, bufferIsEmpty: Bool
    ) -> Bool {
        !placeholder.isEmpty && !hidesPlaceholder && !isComposing && bufferIsEmpty
    }

    /// The most lines of placeholder the widget grows to show: a longer one is cut there
    /// (100,000 characters would ask for 40,000 pixels).
    package static let maximumLines: Int32 = 10

    /// The label's height: the wrapped placeholder's, at most `maximumLines` of the text's lines
    /// (uncapped while the text view has not laid out its first line: no line height yet).
    package static func labelHeight(natural: Int32, lineHeight: Int32) -> Int32 {
        lineHeight > 0 ? min(natural, lineHeight * maximumLines) : natural
    }

    /// The placeholder's span on the first line between the text area's `left` and `right` edges
    /// (margins applied): the indent moves the start side (the right one in right-to-left text) when
    /// the justification starts lines there (the label then indents every line: documented). At
    /// least one pixel wide.
    package static func firstLineSpan(
        left: Int32, right: Int32, indent: Int32, justification: PlaceholderJustification, direction: BaseDirection
    ) -> (x: Int32, width: Int32) {
        var (left, right) = (left, right)
        if justification.indentsStart {
            if direction == .rightToLeft { right -= indent } else { left += indent }
        }
        return (left, max(1, right - left))
    }

    /// What the label leaves undrawn for a caret whose top is at (`x`, `y`): exactly the stem GTK
    /// paints (gtk_render_insertion_cursor, GTK 4's gtk_snapshot_render_insertion_cursor), in the
    /// same coordinates, so while the caret blinks off the placeholder misses only those pixels.
    package static func caretHole(x: Int32, y: Int32, caretHeight: Int32, stem: CaretStem) -> PixelRect {
        PixelRect(x: x - stem.offset, y: y, width: stem.width, height: caretHeight)
    }

    /// How the label mirrors the text view: the paragraph's resolved direction, and the text view's
    /// justification as the label's xalign (GtkTextView's "left" is the start side, as xalign's 0
    /// is once the label has the paragraph's direction).
    package static func labelAlignment(
        justification: PlaceholderJustification, direction: BaseDirection
    ) -> (isRightToLeft: Bool, xalign: Float) {
        (direction == .rightToLeft, justification.xalign)
    }

    /// The parts of `bounds` outside `hole`: what is left of the placeholder around the caret's
    /// stem (GTK 4 clips to rectangles only). Empty parts are left out; no hole, one part.
    package static func parts(of bounds: PixelRect, outside hole: PixelRect) -> [PixelRect] {
        let left = max(hole.x, bounds.x)
        let right = min(hole.x + hole.width, bounds.x + bounds.width)
        let top = max(hole.y, bounds.y)
        let bottom = min(hole.y + hole.height, bounds.y + bounds.height)
        guard left < right, top < bottom else { return [bounds] }
        let candidates = [
            PixelRect(x: bounds.x, y: bounds.y, width: left - bounds.x, height: bounds.height),
            PixelRect(x: right, y: bounds.y, width: bounds.x + bounds.width - right, height: bounds.height),
            PixelRect(x: left, y: bounds.y, width: right - left, height: top - bounds.y),
            PixelRect(x: left, y: bottom, width: right - left, height: bounds.y + bounds.height - bottom),
        ]
        return candidates.filter { $0.width > 0 && $0.height > 0 }
    }
}

/// A rectangle in whole pixels (GdkRectangle's fields, without either toolkit's type).
package struct PixelRect: Equatable, Sendable {
    package var x: Int32
    package var y: Int32
    package var width: Int32
    package var height: Int32

    package init(x: Int32, y: Int32, width: Int32, height: Int32) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }
}

/// A paragraph's base direction, as GtkTextLayout resolves it for the line holding the cursor.
package enum BaseDirection: Sendable {
    case leftToRight, rightToLeft
    /// Decided by nothing in the text (empty, digits, punctuation).
    case neutral

    /// The direction of `text`'s first strong character, found as GtkTextView finds a paragraph's
    /// (`pango_find_base_dir`): no layout, no fonts, nothing kept.
    package static func strong(of text: String) -> BaseDirection {
        text.isEmpty ? .neutral : BaseDirection(gtkplaceholder_find_base_dir(text, Int32(text.utf8.count)))
    }

    /// A Pango direction (a keyboard layout's, a resolved line's) as a base direction.
    package init(_ direction: PangoDirection) {
        switch direction {
        case PANGO_DIRECTION_RTL: self = .rightToLeft
        case PANGO_DIRECTION_LTR: self = .leftToRight
        default: self = .neutral
        }
    }

    /// GTK's order: the text's own direction; for neutral text the keyboard layout's; failing
    /// that, the widget's.
    package static func resolved(
        placeholder: BaseDirection, keyboard: BaseDirection, widgetIsRightToLeft: Bool
    ) -> BaseDirection {
        if placeholder != .neutral { return placeholder }
        if keyboard != .neutral { return keyboard }
        return widgetIsRightToLeft ? .rightToLeft : .leftToRight
    }
}

/// The text view's justification as the label mirrors it. GtkTextView's "left" means the
/// paragraph's start side, as a label's xalign does once the label has the paragraph's direction.
package enum PlaceholderJustification: Sendable {
    case start, center, end, fill

    /// From GtkJustification's value (LEFT 0, RIGHT 1, CENTER 2, FILL 3 in GTK 3 and GTK 4 alike).
    package init(gtkJustification value: UInt32) {
        switch value {
        case 1: self = .end
        case 2: self = .center
        case 3: self = .fill
        default: self = .start
        }
    }

    /// The label's xalign.
    package var xalign: Float {
        switch self {
        case .center: 0.5
        case .end: 1
        case .start, .fill: 0
        }
    }

    /// The text view's indent moves the first line's start edge only when the line starts there.
    package var indentsStart: Bool { self == .start || self == .fill }
}

/// The insertion cursor's stem as GTK paints it: `height × cursor-aspect-ratio + 1` pixels wide,
/// the odd pixel on the side of the text direction. The placeholder leaves exactly this out.
package struct CaretStem: Equatable, Sendable {
    /// How far left of the caret's x the stem starts.
    package let offset: Int32
    package let width: Int32

    package init(caretHeight: Int32, aspectRatio: Float, direction: BaseDirection) {
        width = Int32(Float(caretHeight) * aspectRatio + 1)
        offset = direction == .rightToLeft ? width - width / 2 : width / 2
    }
}
