// One source compiled into both widget modules (see PlaceholderTextView+API.swift).

/// A colour for the placeholder, the same Swift type on GTK 3 and GTK 4: red, green, blue and alpha
/// from 0 to 1, as GdkRGBA holds them (doubles in GTK 3, floats in GTK 4; neither is Equatable).
/// Chosen over a CSS colour string: it is checked when compiled, compares by value, and converts to
/// and from the `placeholder-color` GObject property (a GdkRGBA) exactly, both ways.
public struct PlaceholderColor: Equatable, Hashable, Sendable {
    /// Red, 0 to 1.
    public var red: Double
    /// Green, 0 to 1.
    public var green: Double
    /// Blue, 0 to 1.
    public var blue: Double
    /// Opacity, 0 (transparent) to 1.
    public var alpha: Double

    /// A colour from its channels (alpha 1 unless given).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        (self.red, self.green, self.blue, self.alpha) = (red, green, blue, alpha)
    }

    /// The toolkit's GdkRGBA as a PlaceholderColor.
    public init(_ rgba: GdkRGBA) {
        self.init(red: Double(rgba.red), green: Double(rgba.green), blue: Double(rgba.blue), alpha: Double(rgba.alpha))
    }

    /// A colour `gdk_rgba_parse` understands ("#999", "grey", "rgba(0,0,0,0.5)"), or nil.
    public init?(parsing specification: String) {
        var rgba = GdkRGBA()
        guard gdk_rgba_parse(&rgba, specification) != 0 else { return nil }
        self.init(rgba)
    }

    /// As the toolkit's GdkRGBA.
    public var rgba: GdkRGBA { GdkRGBA(red: .init(red), green: .init(green), blue: .init(blue), alpha: .init(alpha)) }
}
