import CPlaceholderGObject
import PlaceholderGObjectGlue

/// A layout that follows the keyboard's direction (the placeholder of a neutral text takes it).
@MainActor
package protocol KeyboardDirectionFollower: AnyObject {
    func keyboardDirectionChanged()
}

/// One connection per keyboard (GTK 3's GdkKeymap, GTK 4's keyboard GdkDevice) for every widget that
/// follows its direction, instead of one handler per widget on an object the whole display shares:
/// a thousand views add a thousand table entries, not a thousand GLib closures and Swift boxes.
@MainActor
package enum KeyboardDirection {
    private struct Follower {
        unowned let layout: any KeyboardDirectionFollower
    }
    private struct Source {
        let connection: SignalConnection
        var followers: [ObjectIdentifier: Follower] = [:]
    }
    private static var sources: [UInt: Source] = [:]

    /// Tells `follower` of every change of `keyboard`'s direction until `unfollow`; `connect` makes
    /// the toolkit's connection for it (once per keyboard, with the handler given).
    package static func follow(
        _ keyboard: UnsafeMutableRawPointer, by follower: any KeyboardDirectionFollower,
        connect: (@escaping @MainActor () -> Void) -> SignalConnection
    ) {
        let key = UInt(bitPattern: keyboard)
        // A keyboard finalized with its display drops its handler; a new one may reuse the address.
        if sources[key]?.connection.isConnected != true {
            sources[key] = Source(connection: connect { KeyboardDirection.changed(key) })
        }
        sources[key]?.followers[ObjectIdentifier(follower)] = Follower(layout: follower)
    }

    /// Stops telling `follower`; the last one to go disconnects from the keyboard.
    package static func unfollow(_ follower: any KeyboardDirectionFollower) {
        let id = ObjectIdentifier(follower)
        for key in Array(sources.keys) where sources[key]?.followers[id] != nil {
            // In place: no copy of the followers for each widget that goes.
            sources[key]?.followers[id] = nil
            if sources[key]?.followers.isEmpty == true {
                sources[key]?.connection.disconnect()
                sources[key] = nil
            }
        }
    }

    private static func changed(_ key: UInt) {
        // A copy: a follower may unfollow while being told.
        for follower in sources[key]?.followers.values.map(\.layout) ?? [] { follower.keyboardDirectionChanged() }
    }
}
