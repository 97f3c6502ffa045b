import ComposeWindowCore
import ComposeWindowGlue
import ComposeWindowPostingGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The post's options in the window (PostOptionsRow): shown where Send goes through an account,
/// counted where the network counts them, and what Send records in the outbox.
extension ComposeWindow {
    func setUpPostOptions() {
        postOptionsRow.show(restoredOptions ?? options.postOptions)
        postOptionsRow.onChange = { [weak self] in
            guard let self else { return }
            self.fitPostOptions()
            self.warningChanged()
            if self.poster != nil { self.postEdited() }
        }
        // Turned off (the Drafts list, or gsettings): no page is fetched from now on.
        preferences?.onLinkCardsChanged = { [weak self] in self?.fitPostOptions() }
    }

    /// The networks Send posts to through a signed-in account now (none for a handoff).
    var accountNetworks: Set<PostingAccount.Network> {
        if !alsoTo.isEmpty { return [.mastodon, .bluesky] }
        return postingAccount.map { [$0.network] } ?? []
    }

    /// What Send records: the options shown, with the spell checker's language unless one is
    /// chosen, and the Bluesky accounts chosen from the mention list that the text still mentions.
    var postOptions: PostOptions {
        // A reading of an older text is not this one's (pasted over, sent at once): the spell
        // checker's then.
        var options = postOptionsRow.options.withLanguages(
            detected: languagePause == nil && languageReadingAnswered == languageReadingsAsked ? detectedLanguages : [],
            orSpellChecker: SpellChecking.language(of: compose.textView)
        )
        .withMentions(chosen: chosenMentions, in: compose.text)
        options.linkCard = linkCards.cardForSend
        options.mastodonTakesQuotes = serverRules?.takesQuotes == true
        options.quote = quotedPost
        return resolvingGate(options)
    }

    /// `options` with who may reply and quote as Send sends it to where the post goes now
    /// (PostOptions.resolvingGate: unchosen, a Mastodon-only post takes its account's default).
    func resolvingGate(_ options: PostOptions) -> PostOptions {
        options.resolvingGate(accountQuotes: postingAccount(on: .mastodon)?.defaultQuotes, networks: accountNetworks)
    }

    /// The row as where Send goes and the images ask: Mastodon's options for Mastodon, the images'
    /// for images, and what Bluesky leaves out of a post that also goes there.
    func fitPostOptions() {
        let networks = accountNetworks
        let options = resolvingGate(postOptionsRow.options)
        var dropped: [String] = []
        if networks.contains(.bluesky) {
            for option in options.notCarried(by: .bluesky, hasImages: !images.isEmpty) {
                switch option {
                case .visibility: dropped.append(localized("public"))
                case .contentWarning: dropped.append(localized("without the content warning"))
                case .sensitiveWithoutLabel: dropped.append(localized("images without a label"))
                }
            }
        }
        var notes = dropped.isEmpty ? "" : localized("On Bluesky: {0}", dropped.joined(separator: localized(", ")))
        // Chinese text tagged English: said once, quietly, beside the options, before Send.
        if !networks.isEmpty, DetectedLanguages.disagree(chosen: options.languages, detected: detectedLanguages) {
            let read = postOptionsRow.languageNames([detectedLanguages[0]])[0]
            let chosen = postOptionsRow.languageNames(options.languages).joined(separator: localized(", "))
            notes += (notes.isEmpty ? "" : "\n") + localized("The text reads as {0}, not {1}", read, chosen)
        }
        // Where a network cannot limit replies or quotes as chosen.
        for line in options.replyGate.differences(
            networks: networks, mastodonTakesQuotes: serverRules?.takesQuotes, isReply: replyNetwork != nil)
        {
            notes += (notes.isEmpty ? "" : "\n") + line
        }
        // Where a network gets the quoted post's link instead of the quote.
        if let note = quotedPost?.linkNote(
            networks: networks, mastodonHost: accountHost(of: .mastodon),
            serverTakesQuotes: serverRules?.takesQuotes == true)
        {
            notes += (notes.isEmpty ? "" : "\n") + note
        }
        // Without an account the options do not go, and Send says so: they stay in sight, to turn off.
        let shownFor: Set<PostingAccount.Network> =
            networks.isEmpty && options.asksForMoreThanText(hasImages: !images.isEmpty)
            ? [target == .bluesky ? .bluesky : .mastodon] : networks
        postOptionsRow.fit(networks: shownFor, hasImages: !images.isEmpty, notes: notes)
        postOptionsRow.setSensitive(imagesEditable)
        // Aimed at an account only now (the header's menu): the text is read for its language.
        if !networks.isEmpty, detectedLanguages.isEmpty, languagePause == nil { detectLanguages() }
        linkCards.forBluesky = networks.contains(.bluesky) && preferences?.makesLinkCards != false
        linkCards.hasImages = !images.isEmpty
        linkCards.refresh()
        if let account = postingAccount, account.network == .mastodon {
            postOptionsRow.showAccountDefault(account.defaultVisibility)
        }
        postOptionsRow.showUnchosenGate(resolvingGate(PostOptions()).replyGate)
    }

    /// The account Send posts with on `network` (the target's, or a cross-post's other), if any.
    func postingAccount(on network: PostingAccount.Network) -> PostingAccount? {
        if postingAccount?.network == network { return postingAccount }
        let target: PostTarget = network == .mastodon ? .mastodon : .bluesky
        guard alsoTo.contains(where: { $0.target == target }) else { return nil }
        return AccountChoice.account(for: target, preferred: accountName, among: preferences?.accounts ?? [])
    }

    func accountHost(of network: PostingAccount.Network) -> String? { postingAccount(on: network)?.host }

    /// What the text is counted with on `network`: Mastodon's content warning, and the quoted
    /// post's link where it ends the text.
    func warningUnits(for network: PostTarget) -> Int {
        quoteLinkUnits(for: network) + contentWarningUnits(for: network)
    }

    private func quoteLinkUnits(for network: PostTarget) -> Int {
        let posting: PostingAccount.Network = network == .mastodon ? .mastodon : .bluesky
        guard network == .mastodon || network == .bluesky, let quotedPost, accountNetworks.contains(posting) else {
            return 0
        }
        // The text's end alone (a link typed there already is not added again): never the whole buffer.
        var end = GtkTextIter()
        gtk_text_buffer_get_end_iter(compose.buffer, &end)
        var start = end
        gtk_text_iter_backward_chars(&start, gint(quotedPost.url.count + 16))
        let ending = gtk_text_iter_get_slice(&start, &end).map { slice in
            defer { g_free(slice) }
            return String(cString: slice)
        }
        return quotedPost.linkUnits(
            on: posting, mastodonHost: accountHost(of: .mastodon), serverTakesQuotes: serverRules?.takesQuotes == true,
            urlWeight: serverRules?.charactersPerURL ?? 23, ending: ending ?? "")
    }

    /// What the content warning adds to `network`'s count: Mastodon counts it with the text.
    private func contentWarningUnits(for network: PostTarget) -> Int {
        guard network == .mastodon else { return 0 }
        let warning = postOptionsRow.contentWarning
        guard !warning.isEmpty, accountNetworks.contains(.mastodon) else { return 0 }
        // The text's first character after the white space Mastodon strips (the two may join).
        var iter = GtkTextIter()
        gtk_text_buffer_get_start_iter(compose.buffer, &iter)
        while gtk_text_iter_is_end(&iter) == 0,
            let scalar = Unicode.Scalar(gtk_text_iter_get_char(&iter)), CountingRule.isStripped(scalar)
        {
            gtk_text_iter_forward_char(&iter)
        }
        var end = iter
        gtk_text_iter_forward_chars(&end, 8)
        let start = gtk_text_iter_get_slice(&iter, &end).map { text in
            defer { g_free(text) }
            return String(cString: text).first
        }
        return MastodonRules.contentWarningUnits(warning, textStart: start ?? nil)
    }

    /// The content warning counts on Mastodon: the counter, and where the text stops fitting.
    func warningChanged() {
        updateCounter()
        autosave?.textChanged()
    }

    /// Where the text stops fitting moves with what the content warning takes.
    func followWarning(_ units: Int) {
        guard units != markedWarningUnits else { return }
        markedWarningUnits = units
        overflow.reconfigure(rule: countingRule(for: target), limit: textLimit)
    }

    /// The limit for the text itself: the network's, less what the content warning takes.
    var textLimit: Int? { limit.map { max(0, $0 - markedWarningUnits) } }
}
