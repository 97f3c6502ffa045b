import CPlaceholderPango
import PlaceholderCore
import Testing

/// The toolkit-neutral rules both widgets (GTK 3 and GTK 4) follow, checked without a display.
@Suite struct PlaceholderRulesTests {
    @Test func showsOnlyWithTextToShowAnEmptyBufferNoPreeditAndNotHidden() {
        for hides in [false, true] {
            for composing in [false, true] {
                for empty in [false, true] {
                    let shown = PlaceholderRules.shouldShow(
                        placeholder: "p", hidesPlaceholder: hides, isComposing: composing, bufferIsEmpty: empty)
                    #expect(
                        shown == (!hides && !composing && empty), "hides \(hides) composing \(composing) empty \(empty)"
                    )
                }
            }
        }
        #expect(
            !PlaceholderRules.shouldShow(
                placeholder: "", hidesPlaceholder: false, isComposing: false, bufferIsEmpty: true))
    }

    @Test func aWrappedPlaceholderGrowsToTenLinesAtMost() {
        #expect(PlaceholderRules.labelHeight(natural: 34, lineHeight: 17) == 34)
        #expect(PlaceholderRules.labelHeight(natural: 40_000, lineHeight: 17) == 170)
        // No line laid out yet: no cap (ten lines of nothing would cut the placeholder to 0).
        #expect(PlaceholderRules.labelHeight(natural: 40, lineHeight: 0) == 40)
    }

    private func area(_ parts: [PixelRect]) -> Int32 {
        parts.reduce(0) { $0 + $1.width * $1.height }
    }

    @Test func theCaretsStemIsCutOutOfThePlaceholderAsRectangles() {
        let bounds = PixelRect(x: 10, y: 20, width: 100, height: 40)
        let parts = PlaceholderRules.parts(of: bounds, outside: PixelRect(x: 10, y: 20, width: 1, height: 17))
        // Right of the stem over the full height, and below it in its column.
        #expect(
            parts == [
                PixelRect(x: 11, y: 20, width: 99, height: 40), PixelRect(x: 10, y: 37, width: 1, height: 23),
            ])
        #expect(area(parts) == 100 * 40 - 17)
        // A stem left of the label (RTL caret at the edge) cuts nothing.
        #expect(PlaceholderRules.parts(of: bounds, outside: PixelRect(x: 5, y: 20, width: 2, height: 17)) == [bounds])
        let middle = PlaceholderRules.parts(of: bounds, outside: PixelRect(x: 50, y: 30, width: 2, height: 10))
        #expect(middle.count == 4)
        #expect(area(middle) == 100 * 40 - 20)
    }

    @Test func directionFollowsTextThenKeyboardThenWidget() {
        #expect(
            BaseDirection.resolved(
                placeholder: .rightToLeft, keyboard: BaseDirection(PANGO_DIRECTION_LTR), widgetIsRightToLeft: false)
                == .rightToLeft)
        #expect(
            BaseDirection.resolved(
                placeholder: .neutral, keyboard: BaseDirection(PANGO_DIRECTION_RTL), widgetIsRightToLeft: false)
                == .rightToLeft)
        #expect(
            BaseDirection.resolved(
                placeholder: .neutral, keyboard: BaseDirection(PANGO_DIRECTION_NEUTRAL), widgetIsRightToLeft: true)
                == .rightToLeft)
        #expect(
            BaseDirection.resolved(
                placeholder: .neutral, keyboard: BaseDirection(PANGO_DIRECTION_NEUTRAL), widgetIsRightToLeft: false)
                == .leftToRight)
    }

    @Test func gtkJustificationValuesMapTheSameInBothToolkits() {
        #expect(
            [0, 1, 2, 3, 9].map { PlaceholderJustification(gtkJustification: $0) } == [
                .start, .end, .center, .fill, .start,
            ])
    }

    @Test func justificationMapsToTheLabelsAlignmentAndIndent() {
        #expect(PlaceholderJustification.start.xalign == 0)
        #expect(PlaceholderJustification.center.xalign == 0.5)
        #expect(PlaceholderJustification.end.xalign == 1)
        #expect(PlaceholderJustification.fill.indentsStart && !PlaceholderJustification.center.indentsStart)
    }

    @Test func caretStemIsGtksWithTheOddPixelOnTheTextSide() {
        // 20 px × 0.04 + 1 = 1 px: no odd pixel to place.
        #expect(CaretStem(caretHeight: 20, aspectRatio: 0.04, direction: .leftToRight).width == 1)
        let wide = CaretStem(caretHeight: 20, aspectRatio: 0.1, direction: .leftToRight)
        #expect(wide.width == 3 && wide.offset == 1)
        #expect(CaretStem(caretHeight: 20, aspectRatio: 0.1, direction: .rightToLeft).offset == 2)
    }

    @Test func colorsAreClampedCSS() {
        #expect(CSSColor.rgba(red: 1, green: 0, blue: 0.5, alpha: 0.25) == "rgba(255, 0, 128, 0.25)")
        #expect(CSSColor.rgba(red: 2, green: -1, blue: 0, alpha: 7) == "rgba(255, 0, 0, 1.0)")
        // Not a number is 0; infinities clamp (they used to trap, or give "nan" no CSS parser takes).
        #expect(CSSColor.rgba(red: .nan, green: .infinity, blue: -.infinity, alpha: .nan) == "rgba(0, 255, 0, 0.0)")
        #expect(CSSColor.rgba(red: .signalingNaN, green: 0, blue: 0, alpha: .infinity) == "rgba(0, 0, 0, 1.0)")
    }

    @Test func propertyNamesAreTheGObjectOnes() {
        #expect(
            PlaceholderProperty.allCases.map(\.name) == [
                "placeholder-text", "placeholder-color", "font", "hides-placeholder", "placeholder-visible",
                "text-view",
            ])
        #expect(PlaceholderProperty.placeholderText.rawValue == 1)
    }
}
