import ComposeWindowCore
import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// The header bar's "Post to: Mastodon (mastodon.social) ▾" and its menu (Resources/target-chooser.ui,
/// loaded only for a window whose post does not go to standard output): X, Mastodon, Bluesky,
/// Weibo, Copy to clipboard, and the Mastodon server.
@MainActor
final class TargetChooser {
    private let label: UnsafeMutablePointer<GtkWidget>
    private let items: [(target: PostTarget, item: UnsafeMutablePointer<GtkWidget>)]
    private var updating = false
    /// The person picked `target` in the menu.
    var onChoose: (@MainActor (PostTarget) -> Void)?
    /// The person asked to change the Mastodon server.
    var onChangeServer: (@MainActor () -> Void)?
    /// The person picked a signed-in account to post with.
    var onChooseAccount: (@MainActor (PostingAccount) -> Void)?
    /// The person asked to sign in to a network.
    var onSignIn: (@MainActor (PostingAccount.Network) -> Void)?
    /// The person asked to sign out of the account Send posts with.
    var onSignOut: (@MainActor (PostingAccount) -> Void)?
    private let menu: UnsafeMutablePointer<GtkWidget>
    private let serverItem: UnsafeMutablePointer<GtkWidget>
    /// The menu's account section, made again whenever the accounts change.
    private var accountItems: [UnsafeMutablePointer<GtkWidget>] = []

    /// Packs the chooser into `header`, left of the Send button.
    init(header: UnsafeMutablePointer<GtkWidget>) {
        let interface = EmbeddedInterface("target-chooser.ui")
        label = interface.widget("target_label")
        menu = interface.widget("target_menu")
        serverItem = interface.widget("mastodon_server_item")
        items = PostTarget.handoffTargets.map { ($0, interface.widget("target_\($0.rawValue)")) }
        gtk_header_bar_pack_end(header.cast(), interface.widget("target_button"))
        for (target, item) in items {
            Signal.connect(item, "toggled") { [weak self] in
                guard let self, !self.updating, gtk_check_menu_item_get_active(item.cast()) != 0 else { return }
                self.onChoose?(target)
            }
        }
        Signal.connect(serverItem, "activate") { [weak self] in
            self?.onChangeServer?()
        }
    }

    /// Shows `target` in the header bar and the menu: with the signed-in `account` Send posts with
    /// ("Mastodon · @alice@mastodon.social"), else Mastodon's server for the browser handoff.
    func show(_ target: PostTarget, server: String?, account: String?) {
        show(target, label: Self.name(of: target, server: server, account: account))
    }

    /// Shows `target` checked in the menu and `label` ("Mastodon · @alice@mastodon.social + …") in
    /// the header bar.
    func show(_ target: PostTarget, label text: String) {
        updating = true
        defer { updating = false }
        for (candidate, item) in items where candidate == target {
            gtk_check_menu_item_set_active(item.cast(), 1)
        }
        // Account names come from servers: no mnemonic may hide in them.
        gtk_label_set_text_with_mnemonic(label.cast(), localized("Post _to: {0}", text.replacingUnderscores))
    }

    /// "Mastodon · @alice@mastodon.social" with a signed-in account, else the target's name.
    static func name(of target: PostTarget, server: String?, account: String?) -> String {
        account.map { localized("{0} · {1}", name(of: target, server: nil), $0) } ?? name(of: target, server: server)
    }

    /// The target's name as the window shows it.
    static func name(of target: PostTarget, server: String?) -> String {
        switch target {
        case .x: return "X"
        case .mastodon: return server.map { localized("Mastodon ({0})", $0) } ?? "Mastodon"
        case .bluesky: return "Bluesky"
        case .weibo: return localized("Weibo")
        case .clipboard: return localized("Clipboard")
        case .stdout: return localized("Standard output")
        }
    }

    /// Only `allowed` may be picked (a reply's network, say); the others are shown off, and so is
    /// the Mastodon server (it picks Mastodon) when Mastodon is not allowed.
    func allowOnly(_ allowed: Set<PostTarget>) {
        for (target, item) in items { gtk_widget_set_sensitive(item, allowed.contains(target).gboolean) }
        gtk_widget_set_sensitive(serverItem, allowed.contains(.mastodon).gboolean)
    }

    /// The accounts (the ones Send posts with checked), "Sign in to Mastodon…", "Sign in to
    /// Bluesky…", and "Sign out of …" for each account Send posts with.
    func showAccounts(_ accounts: [PostingAccount], postingWith current: [PostingAccount]) {
        for item in accountItems { gtk_widget_destroy(item) }
        accountItems = []
        add(gtk_separator_menu_item_new()!)
        for account in accounts {
            // A name from a server: shown as it is, no mnemonic.
            let item = gtk_check_menu_item_new_with_label(account.name)!
            gtk_check_menu_item_set_draw_as_radio(item.cast(), 1)
            gtk_check_menu_item_set_active(item.cast(), current.contains(account).gboolean)
            Signal.connect(item, "activate") { [weak self] in self?.onChooseAccount?(account) }
            add(item)
        }
        for (network, label) in [
            (PostingAccount.Network.mastodon, localized("Sign in to Mast_odon…")),
            (.bluesky, localized("Sign in to Bl_uesky…")),
        ] {
            let item = gtk_menu_item_new_with_mnemonic(label)!
            Signal.connect(item, "activate") { [weak self] in self?.onSignIn?(network) }
            add(item)
        }
        for account in current {
            let item = gtk_menu_item_new_with_mnemonic(
                localized("Si_gn out of {0}", account.name.replacingUnderscores))!
            Signal.connect(item, "activate") { [weak self] in self?.onSignOut?(account) }
            add(item)
        }
    }

    private func add(_ item: UnsafeMutablePointer<GtkWidget>) {
        gtk_menu_shell_append(menu.cast(), item)
        gtk_widget_show(item)
        accountItems.append(item)
    }
}

extension String {
    /// Underscores doubled, as a label with mnemonics shows one literally.
    fileprivate var replacingUnderscores: String {
        String(flatMap { $0 == "_" ? ["_", "_"] : [$0] })
    }
}
