import CPango
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
        // A zero line height (not laid out yet) still lets one pixel per line through.
        #expect(PlaceholderRules.labelHeight(natural: 40_000, lineHeight: 0) == 10)
    }

    @Test func directionFollowsTextThenKeyboardThenWidget() {
        #expect(
            BaseDirection.resolved(placeholder: .rightToLeft, keyboard: PANGO_DIRECTION_LTR, widgetIsRightToLeft: false)
                == .rightToLeft)
        #expect(
            BaseDirection.resolved(placeholder: .neutral, keyboard: PANGO_DIRECTION_RTL, widgetIsRightToLeft: false)
                == .rightToLeft)
        #expect(
            BaseDirection.resolved(placeholder: .neutral, keyboard: PANGO_DIRECTION_NEUTRAL, widgetIsRightToLeft: true)
                == .rightToLeft)
        #expect(
            BaseDirection.resolved(placeholder: .neutral, keyboard: PANGO_DIRECTION_NEUTRAL, widgetIsRightToLeft: false)
                == .leftToRight)
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
