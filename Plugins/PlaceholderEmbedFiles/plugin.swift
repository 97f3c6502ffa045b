import Foundation
import PackagePlugin

/// Compiles the files a target lists in its `embedded-files.txt` (paths from the package root, one
/// per line) into the target as `EmbeddedFiles.contents[fileName]`, so a binary carries its .ui
/// files wherever it is installed or run from, and rebuilds when one changes. A line
/// `gtk4: PATH` embeds GTK 3 .ui file PATH as GTK's own converter makes it for GTK 4
/// (`gtk4-builder-tool simplify --3to4`): one source for both toolkits' galleries.
@main
struct PlaceholderEmbedFiles: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        guard let target = target as? SourceModuleTarget else { return [] }
        let list = target.directoryURL.appending(path: "embedded-files.txt")
        let lines = try String(contentsOf: list, encoding: .utf8).split(separator: "\n")
            .map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { !$0.isEmpty && !$0.hasPrefix("#") }
        let converted = lines.map { $0.hasPrefix("gtk4:") }
        let inputs = lines.map {
            context.package.directoryURL.appending(
                path: $0.hasPrefix("gtk4:") ? String($0.dropFirst(5)).trimmingCharacters(in: .whitespaces) : $0)
        }
        let output = context.pluginWorkDirectoryURL.appending(path: "EmbeddedFiles.swift")
        return [
            .buildCommand(
                displayName: "Embedding \(inputs.count) files in \(target.name)",
                executable: try context.tool(named: "PlaceholderEmbedFilesTool").url,
                arguments: [output.path] + zip(inputs, converted).map { $1 ? "gtk4:" + $0.path : $0.path },
                inputFiles: [list] + inputs,
                outputFiles: [output])
        ]
    }
}
