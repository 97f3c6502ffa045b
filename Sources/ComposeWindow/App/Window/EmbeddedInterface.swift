import ComposeWindowGlue
import GtkPlaceholder
import PlaceholderGtk3Glue

/// A .ui file compiled into the binary (Resources/, by the PlaceholderEmbedFiles plugin). One that does not
/// load, or lacks an id the code asks for, is a build defect: it stops the program with
/// GtkBuilder's message. Toplevels belong to GTK's window list and packed widgets to their
/// parents, so they outlive this value and its builder. Translations come from each file's
/// `<interface domain="compose-window">`: setting the domain on the builder as well made GTK 3.24's
/// parser restore a domain it had freed (valgrind).
@MainActor
struct EmbeddedInterface {
    private let name: String
    private let interface: Interface

    init(_ name: String) {
        self.name = name
        do throws(Interface.Failure) {
            interface = try Interface(EmbeddedFiles.contents[name]!)
        } catch {
            fatalError("\(name): \(error)")
        }
    }

    func widget(_ id: String) -> UnsafeMutablePointer<GtkWidget> {
        do throws(Interface.Failure) { return try interface.object(id) } catch {
            fatalError("\(name): \(error)")
        }
    }
}
