import ComposeWindowCore
import ComposeWindowPostingGlue
import Glibc
import GtkPlaceholder
import PlaceholderGtk3Glue

/// Reads the command line and standard input into validated options and initial text, or says in
/// one line why not (exit 2).
@MainActor
enum Invocation {
    static let version = "0.1.0"

    struct Failure: Error, CustomStringConvertible {
        let code: ExitCode
        /// One line saying what is wrong.
        let description: String
    }

    static func parse() throws(Failure) -> (ComposeOptions, initialText: String) {
        // Every option's name, value and help: ComposeOption.
        let parser = OptionParser(
            parameters: localized("[IMAGE…]"),
            summary: localized("Write a post in a window and print it on standard output."),
            details: helpDetails, translationDomain: translationDomain)
        let parsed: OptionParser.Result
        do { parsed = try parser.parse(argc: CommandLine.argc, argv: CommandLine.unsafeArgv) } catch {
            throw Failure(code: .usage, description: error.description)
        }
        if parsed.flags.contains(.version) {
            print("compose-window \(version)")
            exit(ExitCode.sent.rawValue)
        }
        if parsed.flags.contains(.listDictionaries) {
            for code in SpellChecking.availableLanguages { print(code) }
            exit(ExitCode.sent.rawValue)
        }
        var options: ComposeOptions
        do {
            options = try ComposeOptions(
                values: parsed.values, lists: parsed.lists, flags: parsed.flags,
                standardInputIsTerminal: isatty(STDIN_FILENO) == 1)
        } catch {
            throw Failure(code: .usage, description: error.description)
        }
        if let language = options.spellLanguage, !SpellChecking.isAvailable(language) {
            throw Failure(code: .usage, description: localized("--spell: no dictionary installed for “{0}”", language))
        }
        if !options.postOptions.languages.isEmpty {
            // A code of the right shape that names no language is refused as Mastodon would ignore it.
            let known = Set(LanguageNames.load().map(\.code))
            for code in options.postOptions.languages where !known.isEmpty && !known.contains(code) {
                throw Failure(code: .usage, description: localized("--language: no language has the code “{0}”", code))
            }
        }
        if let color = options.placeholderColor, PlaceholderColor(parsing: color) == nil {
            throw Failure(code: .usage, description: localized("--placeholder-color: unknown colour “{0}”", color))
        }
        // Before the window maps: an image that cannot be posted is a usage error, as any option is
        // (from the desktop the window says so instead: nobody reads standard error there).
        var attached: [Bool] = []
        for image in options.images where !options.fromDesktop {
            switch AttachedMedia.check(image.path) {
            case .failure(let failure):
                throw Failure(code: .usage, description: localized("--attach: {0}: {1}", image.path, failure.reason))
            case .success(let media) where !PostImage.mayJoin(video: media.isVideo, attached: attached):
                throw Failure(
                    code: .usage, description: localized("--attach: {0}: a video goes alone in a post", image.path))
            case .success(let media): attached.append(media.isVideo)
            }
        }
        options.images = try captioned(options.images, options.captions)
        switch options.initialText {
        case .none: return (options, "")
        case .given(let text): return (options, text)
        case .standardInput: return (options, try readStandardInput())
        }
    }

    /// The attachments with `--caption`'s captions given to the video among them, each caption
    /// checked now: a file that is not WebVTT, too large, or a language that is none is a usage
    /// error, before the window maps.
    private static func captioned(_ images: [PostImage], _ captions: [VideoCaption]) throws(Failure) -> [PostImage] {
        guard !captions.isEmpty else { return images }
        guard let video = images.firstIndex(where: { AttachedMedia.isVideo($0.path) }) else {
            throw Failure(code: .usage, description: localized("--caption: no video is attached (--attach a video)"))
        }
        // A two-letter language iso-codes does not know is refused as --language's is.
        let known = Set(LanguageNames.load().map(\.code))
        for caption in captions {
            let primary = String(caption.language.prefix { $0 != "-" }).lowercased()
            if primary.count == 2, !known.isEmpty, !known.contains(primary) {
                throw Failure(
                    code: .usage, description: localized("--caption: no language has the code “{0}”", caption.language))
            }
            if let problem = VideoCaption.problem(ofFile: caption.path) {
                throw Failure(code: .usage, description: localized("--caption: {0}: {1}", caption.path, problem))
            }
        }
        var captioned = images
        captioned[video].captions = captions
        return captioned
    }

    private static func readStandardInput() throws(Failure) -> String {
        let bytes: [UInt8]
        do throws(SystemIO.Failure) { bytes = try SystemIO.readAll(from: STDIN_FILENO) } catch {
            throw Failure(code: .failure, description: localized("cannot read standard input: {0}", error.description))
        }
        switch UTF8Input.decode(bytes) {
        case .success(let text): return text
        case .failure(.invalidByte(let offset)):
            throw Failure(
                code: .usage, description: localized("standard input is not valid UTF-8 (byte {0})", String(offset)))
        case .failure(.nulByte(let offset)):
            throw Failure(
                code: .usage, description: localized("standard input contains a NUL byte (byte {0})", String(offset)))
        }
    }

    private static var helpDetails: String {
        localized(
            """
            Standard input is the initial text when it is not a terminal.

            Exit status:
              0  sent: standard output holds exactly the text (UTF-8, nothing added)
              1  cancelled, closed, or ended by SIGINT/SIGTERM/SIGHUP (standard output empty)
              2  usage or input error (one line on standard error, no window)
              3  any other error, such as no display
              4  closed before the network took the post (draft and outbox keep it)
              5  --timeout reached (standard output empty, draft kept)
            With --to another target than stdout: 0 once the browser or the clipboard has the
            post (standard output empty).
            A post not yet taken stays in the outbox of its draft (Discard in the window's error bar
            abandons it: exit 1). A --no-draft run, or a window given a text of its own, never shows
            or sends it (it is set aside), and standard output holds only this run's text or links;
            the next start without text offers it again.
            With --measure: 0 Send would be enabled for the text, 1 it would not (empty or blank,
            over the limit, or refused by the network); no window, no display needed.

            Targets (--to): x, mastodon, bluesky and weibo open the network's own compose page in
            the default browser with the text filled in (Mastodon on the server of --instance, or
            the one given last time, or asked for); the draft is removed once the browser has it.
            clipboard copies the text: the window closes and compose-window exits 0 at once; with
            no clipboard manager running, a process without a window keeps serving the text until
            something else is copied (at most 24 hours). Nothing is written to standard output or
            standard error with these targets.

            Counting rules: graphemes (user-perceived characters), weibo (CJK 1, half-width ½),
            twitter (X's weighted count: CJK and emoji 2, every URL 23; limit 280), mastodon
            (every http(s) URL 23, @user@domain as @user, white space at both ends not counted;
            limit 500), bluesky (graphemes with links shortened as Bluesky posts them; limit 300,
            and 3,000 bytes). A target sets its network's rule and limit (weibo: 2,000).

            Drafts are saved under $XDG_STATE_HOME/compose-window/drafts/ at most a second after
            each edit, and restored on the next start.

            Examples:
              post=$(compose-window --limit 140 --count weibo) && printf '%s' "$post" >> posts.txt
              git log -1 --format=%B | compose-window --title "Edit message" --no-draft > msg.txt
              compose-window --count twitter --measure < post.txt   # prints e.g. 287/280, exit 1
              compose-window --to mastodon --instance mastodon.social   # the post opens on Mastodon
            """) + "\n\n"
            + localized(
                """
                Accounts: --sign-in mastodon --instance HOST signs in through the default browser;
                --sign-in bluesky --handle HANDLE reads an app password (not the account password)
                from standard input, or asks in a dialog. Both exit 0 signed in, 1 refused or
                cancelled, 3 no answer or no desktop keyring. Tokens are kept in the desktop's keyring
                (Secret Service) only. --accounts lists the accounts; --sign-out ACCOUNT ends one.

                With --to mastodon or bluesky and an account signed in (--account picks one), Send
                posts through the network's API, exactly once: standard output gets the post's link.
                Until the network has it, the window keeps the text with Retry; closing it then exits
                4 (standard output: only the links of networks that have it), and the draft and the outbox
                ($XDG_STATE_HOME/compose-window/outbox/) keep the post for the next start.
                """) + "\n\n"
            + localized(
                """
                A text over the limit can go as a thread (--thread, or the window's offer): each post
                answers the one before, and standard output gets one link per network, the thread's
                first post.
                """) + "\n\n"
            + localized(
                """
                In the window, @ and two letters offer accounts from the network Send posts to;
                Return takes one, Escape closes the list.
                """)
    }
}
