@_exported import CPango

/// Stands for rhx/SwiftGtk's Pango module (over its own CPango system-library module).
public let pangoName = "Pango"
