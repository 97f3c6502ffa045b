import PlaceholderCore
import Testing

/// Where both layouts put the placeholder on the first line, and what they leave out for the caret:
/// one rule each in PlaceholderRules, so GTK 3 and GTK 4 cannot drift.
@Suite struct FirstLineRulesTests {
    @Test func theIndentMovesTheStartSideOnlyForStartAndFillJustification() {
        let cases: [(PlaceholderJustification, BaseDirection, Int32, Int32)] = [
            (.start, .leftToRight, 18, 82), (.fill, .leftToRight, 18, 82), (.start, .neutral, 18, 82),
            (.start, .rightToLeft, 10, 82), (.fill, .rightToLeft, 10, 82),
            (.center, .leftToRight, 10, 90), (.end, .leftToRight, 10, 90), (.center, .rightToLeft, 10, 90),
        ]
        for (justification, direction, x, width) in cases {
            let span = PlaceholderRules.firstLineSpan(
                left: 10, right: 100, indent: 8, justification: justification, direction: direction)
            #expect(span.x == x && span.width == width, "\(justification) \(direction): \(span)")
        }
        let cramped = PlaceholderRules.firstLineSpan(
            left: 10, right: 12, indent: 40, justification: .start, direction: .leftToRight)
        #expect(cramped.width == 1, "never narrower than a pixel")
    }

    @Test func theCaretHoleIsTheStemGTKPaints() {
        let leftToRight = CaretStem(caretHeight: 20, aspectRatio: 0.04, direction: .leftToRight)
        #expect(
            PlaceholderRules.caretHole(x: 30, y: 4, caretHeight: 20, stem: leftToRight)
                == PixelRect(x: 30, y: 4, width: 1, height: 20), "a one-pixel stem starts at the caret")
        let wide = CaretStem(caretHeight: 50, aspectRatio: 0.1, direction: .rightToLeft)
        #expect(
            PlaceholderRules.caretHole(x: 30, y: 0, caretHeight: 50, stem: wide)
                == PixelRect(x: 27, y: 0, width: 6, height: 50))
    }

    @Test func theLabelTakesTheParagraphsDirectionAndTheJustificationAsXalign() {
        #expect(PlaceholderRules.labelAlignment(justification: .center, direction: .rightToLeft) == (true, 0.5))
        #expect(PlaceholderRules.labelAlignment(justification: .end, direction: .leftToRight) == (false, 1))
        #expect(PlaceholderRules.labelAlignment(justification: .start, direction: .neutral) == (false, 0))
    }
}
