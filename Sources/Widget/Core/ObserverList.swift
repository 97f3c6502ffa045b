/// Observers of one kind of change, called in the order they were added, each once per change.
/// Removing one while a change is delivered stops it from getting later ones only.
@MainActor
package final class ObserverList<Value> {
    private var observers: [(id: Int, handler: @MainActor (Value) -> Void)] = []
    private var nextID = 0

    package init() {}

    package var isEmpty: Bool { observers.isEmpty }

    /// Adds `handler` after the others; returns the id that removes it.
    package func add(_ handler: @escaping @MainActor (Value) -> Void) -> Int {
        nextID += 1
        observers.append((nextID, handler))
        return nextID
    }

    package func remove(_ id: Int) { observers.removeAll { $0.id == id } }

    package func notify(_ value: Value) {
        for (id, handler) in observers where observers.contains(where: { $0.id == id }) { handler(value) }
    }
}
