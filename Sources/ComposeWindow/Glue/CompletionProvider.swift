import CComposeWindowGtkSource
import PlaceholderGObjectGlue
import PlaceholderGtk3Glue

/// What a completion provider asks its Swift side (GtkSourceView's completion calls it).
@MainActor
package protocol CompletionSource: AnyObject {
    /// Whether the text before `caret` asks for proposals now.
    func matches(caret: GtkTextIter) -> Bool
    /// Proposals for `request`, now or later: `request.finish` once, unless it is cancelled.
    func populate(_ request: CompletionRequest)
    /// The person chose proposal `index` of the last request finished; false leaves it to GtkSourceView.
    func activate(proposal index: Int) -> Bool
}

/// A GtkSourceCompletionProvider whose work is done by a Swift `CompletionSource`, shown under
/// `name` with its own interactive delay (GtkSourceCompletion waits that long after the last key
/// before asking: the debounce). The GObject may outlive the Swift side, or the other way round:
/// the GObject holds the source weakly, and once it is gone matches nothing.
@MainActor
package final class CompletionProvider {
    let object: UnsafeMutablePointer<GObject>

    package init(source: CompletionSource, name: String, delayMilliseconds: Int32) {
        object = GObjectType.newInstance(of: Self.type, properties: [])
        let box = Unmanaged.passRetained(SourceBox(source: source, name: name, delay: delayMilliseconds)).toOpaque()
        g_object_set_qdata_full(object, Self.key, box) { Unmanaged<SourceBox>.fromOpaque($0!).release() }
    }

    isolated deinit {
        g_object_set_qdata(object, Self.key, nil)  // a GObject kept by a view asks no one from now on
        g_object_unref(object.asGPointer)
    }

    /// Offered in `view`'s completion (which keeps a reference to it).
    package func add(to view: UnsafeMutablePointer<GtkSourceView>) {
        let completion = gtk_source_view_get_completion(view)
        gtk_source_completion_add_provider(completion, OpaquePointer(object), nil)
    }

    private static let key = g_quark_from_static_string("compose-window-completion-source")
    fileprivate static let proposalKey = "compose-window-proposal"

    private static let type: GType = {
        let type = GObjectType.registerSubclass(
            named: "ComposeWindowCompletionProvider", of: g_object_get_type(), classInit: { _, _ in })
        GObjectType.addInterface(gtk_source_completion_provider_get_type(), to: type, initializer: interfaceInit)
        return type
    }()

    fileprivate static func box(_ provider: OpaquePointer?) -> SourceBox? {
        g_object_get_qdata(UnsafeMutableRawPointer(provider)?.assumingMemoryBound(to: GObject.self), key)
            .map { Unmanaged<SourceBox>.fromOpaque($0).takeUnretainedValue() }
    }
}

private final class SourceBox {
    weak var source: CompletionSource?
    let name: String
    let delay: Int32

    init(source: CompletionSource, name: String, delay: Int32) {
        self.source = source
        self.name = name
        self.delay = delay
    }
}

/// One round of proposals: the completion's context (held until it is answered or cancelled) and
/// where the caret was.
@MainActor
package final class CompletionRequest {
    private let context: UnsafeMutablePointer<GtkSourceCompletionContext>
    private let provider: OpaquePointer
    /// Where the caret was when the completion asked.
    package let caret: GtkTextIter
    /// The completion gave up on this round (the person typed on, moved, or closed the list).
    package private(set) var isCancelled = false
    /// Runs once if the round is cancelled before it is finished.
    package var onCancel: (@MainActor () -> Void)?
    private var cancelled: SignalConnection?
    private var finished = false

    fileprivate init(context: UnsafeMutablePointer<GtkSourceCompletionContext>, provider: OpaquePointer) {
        g_object_ref(UnsafeMutableRawPointer(context))
        g_object_ref(UnsafeMutableRawPointer(provider))
        self.context = context
        self.provider = provider
        var caret = GtkTextIter()
        gtk_source_completion_context_get_iter(context, &caret)
        self.caret = caret
        cancelled = Signal.connect(context, "cancelled") { [weak self] in
            guard let self, !self.finished else { return }
            self.isCancelled = true
            let onCancel = self.onCancel
            self.onCancel = nil
            onCancel?()
        }
    }

    isolated deinit {
        cancelled?.disconnect()
        g_object_unref(UnsafeMutableRawPointer(context))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }

    /// The proposals, each shown as its label (plain text); none says there is nothing to offer.
    package func finish(labels: [String]) {
        guard !finished, !isCancelled else { return }
        finished = true
        onCancel = nil
        var list: UnsafeMutablePointer<GList>?
        for (index, label) in labels.enumerated().reversed() {
            let item = gtk_source_completion_item_new()!
            gtk_source_completion_item_set_label(item, label)
            g_object_set_data(
                UnsafeMutableRawPointer(item).assumingMemoryBound(to: GObject.self),
                CompletionProvider.proposalKey, UnsafeMutableRawPointer(bitPattern: index + 1))
            list = g_list_prepend(list, UnsafeMutableRawPointer(item))
        }
        gtk_source_completion_context_add_proposals(context, provider, list, 1)
        g_list_free_full(list, g_object_unref)
    }
}

// Pointers are not Sendable: each reaches the main actor as an address.
private let interfaceInit: GInterfaceInitFunc = { interface, _ in
    let table = interface!.assumingMemoryBound(to: GtkSourceCompletionProviderIface.self)
    table.pointee.get_name = { provider in
        let address = UInt(bitPattern: provider)
        let name: String = MainActor.assumeIsolated {
            CompletionProvider.box(OpaquePointer(bitPattern: address))?.name ?? ""
        }
        return g_strdup(name)
    }
    table.pointee.match = { provider, context in
        let (address, contextAddress) = (UInt(bitPattern: provider), UInt(bitPattern: context))
        return MainActor.assumeIsolated {
            guard let source = CompletionProvider.box(OpaquePointer(bitPattern: address))?.source else { return 0 }
            var caret = GtkTextIter()
            let context = UnsafeMutablePointer<GtkSourceCompletionContext>(bitPattern: contextAddress)
            guard gtk_source_completion_context_get_iter(context, &caret) != 0 else { return 0 }
            return source.matches(caret: caret) ? 1 : 0
        }
    }
    table.pointee.populate = { provider, context in
        let (address, contextAddress) = (UInt(bitPattern: provider), UInt(bitPattern: context))
        MainActor.assumeIsolated {
            guard let provider = OpaquePointer(bitPattern: address),
                let context = UnsafeMutablePointer<GtkSourceCompletionContext>(bitPattern: contextAddress)
            else { return }
            let request = CompletionRequest(context: context, provider: provider)
            guard let source = CompletionProvider.box(provider)?.source else { return request.finish(labels: []) }
            source.populate(request)
        }
    }
    table.pointee.get_activation = { _ in
        GtkSourceCompletionActivation(
            GTK_SOURCE_COMPLETION_ACTIVATION_INTERACTIVE.rawValue
                | GTK_SOURCE_COMPLETION_ACTIVATION_USER_REQUESTED.rawValue)
    }
    table.pointee.activate_proposal = { provider, proposal, _ in
        let (address, proposalAddress) = (UInt(bitPattern: provider), UInt(bitPattern: proposal))
        return MainActor.assumeIsolated {
            let index = g_object_get_data(
                UnsafeMutablePointer<GObject>(bitPattern: proposalAddress), CompletionProvider.proposalKey)
            guard let index, let source = CompletionProvider.box(OpaquePointer(bitPattern: address))?.source else {
                return 0
            }
            return source.activate(proposal: Int(bitPattern: index) - 1) ? 1 : 0
        }
    }
    table.pointee.get_interactive_delay = { provider in
        let address = UInt(bitPattern: provider)
        return MainActor.assumeIsolated { CompletionProvider.box(OpaquePointer(bitPattern: address))?.delay ?? -1 }
    }
}
