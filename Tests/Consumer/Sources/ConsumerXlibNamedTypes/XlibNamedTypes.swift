// A dependent's own types, named as Xlib names its own (swift-cross-ui has a Window and a Font), in a
// module of their own as a framework's are: ConsumerOwnNames uses them beside our widget's import.
public struct Window {
    public var title: String
    public init(title: String) { self.title = title }
}
public struct Font {
    public var family: String
    public init(family: String) { self.family = family }
}
public struct Display {
    public var name: String
    public init(name: String) { self.name = name }
}
public struct Cursor {
    public var shape: String
    public init(shape: String) { self.shape = shape }
}
public struct Atom {
    public var name: String
    public init(name: String) { self.name = name }
}
public struct Time {
    public var milliseconds: Int
    public init(milliseconds: Int) { self.milliseconds = milliseconds }
}
public struct Screen {
    public var number: Int
    public init(number: Int) { self.number = number }
}
public struct Visual {
    public var depth: Int
    public init(depth: Int) { self.depth = depth }
}
public struct Colormap {
    public var entries: Int
    public init(entries: Int) { self.entries = entries }
}
public struct Pixmap {
    public var width: Int
    public init(width: Int) { self.width = width }
}
public struct Drawable {
    public var id: Int
    public init(id: Int) { self.id = id }
}
public struct KeySym {
    public var value: Int
    public init(value: Int) { self.value = value }
}
public struct Region {
    public var area: Int
    public init(area: Int) { self.area = area }
}
public struct GC {
    public var generation: Int
    public init(generation: Int) { self.generation = generation }
}
