// A dependent's own types, named as Xlib names its own (swift-cross-ui has a Window and a Font), in a
// module of their own as a framework's are: ConsumerOwnNames uses them beside our widget's import.
/// The dependent's own Window (Xlib has a type of that name).
public struct Window {
    /// What it holds.
    public var title: String
    /// Holds the value given.
    public init(title: String) { self.title = title }
}
/// The dependent's own Font (Xlib has a type of that name).
public struct Font {
    /// What it holds.
    public var family: String
    /// Holds the value given.
    public init(family: String) { self.family = family }
}
/// The dependent's own Display (Xlib has a type of that name).
public struct Display {
    /// What it holds.
    public var name: String
    /// Holds the value given.
    public init(name: String) { self.name = name }
}
/// The dependent's own Cursor (Xlib has a type of that name).
public struct Cursor {
    /// What it holds.
    public var shape: String
    /// Holds the value given.
    public init(shape: String) { self.shape = shape }
}
/// The dependent's own Atom (Xlib has a type of that name).
public struct Atom {
    /// What it holds.
    public var name: String
    /// Holds the value given.
    public init(name: String) { self.name = name }
}
/// The dependent's own Time (Xlib has a type of that name).
public struct Time {
    /// What it holds.
    public var milliseconds: Int
    /// Holds the value given.
    public init(milliseconds: Int) { self.milliseconds = milliseconds }
}
/// The dependent's own Screen (Xlib has a type of that name).
public struct Screen {
    /// What it holds.
    public var number: Int
    /// Holds the value given.
    public init(number: Int) { self.number = number }
}
/// The dependent's own Visual (Xlib has a type of that name).
public struct Visual {
    /// What it holds.
    public var depth: Int
    /// Holds the value given.
    public init(depth: Int) { self.depth = depth }
}
/// The dependent's own Colormap (Xlib has a type of that name).
public struct Colormap {
    /// What it holds.
    public var entries: Int
    /// Holds the value given.
    public init(entries: Int) { self.entries = entries }
}
/// The dependent's own Pixmap (Xlib has a type of that name).
public struct Pixmap {
    /// What it holds.
    public var width: Int
    /// Holds the value given.
    public init(width: Int) { self.width = width }
}
/// The dependent's own Drawable (Xlib has a type of that name).
public struct Drawable {
    /// What it holds.
    public var id: Int
    /// Holds the value given.
    public init(id: Int) { self.id = id }
}
/// The dependent's own KeySym (Xlib has a type of that name).
public struct KeySym {
    /// What it holds.
    public var value: Int
    /// Holds the value given.
    public init(value: Int) { self.value = value }
}
/// The dependent's own Region (Xlib has a type of that name).
public struct Region {
    /// What it holds.
    public var area: Int
    /// Holds the value given.
    public init(area: Int) { self.area = area }
}
/// The dependent's own GC (Xlib has a type of that name).
public struct GC {
    /// What it holds.
    public var generation: Int
    /// Holds the value given.
    public init(generation: Int) { self.generation = generation }
}
