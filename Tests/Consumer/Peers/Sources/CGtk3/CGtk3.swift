/// Stands for the target of the same name in swift-cross-ui, SwiftGtk or adwaita-swift.
public let cGtk3Name = "CGtk3"
