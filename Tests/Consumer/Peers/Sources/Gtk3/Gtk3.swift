/// Stands for the target of the same name in swift-cross-ui, SwiftGtk or adwaita-swift.
public let gtk3Name = "Gtk3"
