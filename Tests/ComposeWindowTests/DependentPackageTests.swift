import Foundation
import XCTest

/// This package as a dependency, beside a Swift GTK framework: Tests/Consumer depends on it and on
/// Tests/Consumer/Peers, which declares the target names of swift-cross-ui, rhx/SwiftGtk and
/// adwaita-swift (CGtk, CPango, Gtk, GLib, Adwaita…). SwiftPM refuses a graph where two packages
/// declare the same target name, so this fails as soon as one of ours is generic again.
final class DependentPackageTests: XCTestCase {
    static let consumer = Shell.packageRoot.appendingPathComponent("Tests/Consumer").path

    func swiftBuild(_ arguments: [String]) throws -> Shell.Result {
        try Shell.run("/usr/bin/env", ["swift", "build", "--package-path", Self.consumer] + arguments)
    }

    func testADependentBuildsBesideOtherGtkPackagesAndShowsTheWidget() throws {
        let build = try swiftBuild(["--product", "placeholder-consumer"])
        XCTAssertEqual(build.code, 0, build.stdout + build.stderr)
        guard build.code == 0 else { return }
        let binPath = try swiftBuild(["--show-bin-path"]).stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        // The program waits (10 s at most) for our widget to be mapped in the framework's window.
        let run = try Shell.run(binPath + "/placeholder-consumer", [], environment: ["NO_AT_BRIDGE": "1"])
        XCTAssertEqual(run.code, 0, run.stdout + run.stderr)
        XCTAssertTrue(
            run.stdout.contains("mapped: true, placeholder visible: true, placeholder: Share something new…"),
            run.stdout)
    }

    /// `import GtkPlaceholder` (and `GtkPlaceholder4`) brings the widget and GTK's C API, nothing
    /// else: a dependent's own types named like Xlib's (Window, Font, Display, Cursor, Atom, Time…),
    /// from a module of its own, are used unqualified beside it (Tests/Consumer/Sources/ConsumerOwnNames).
    func testADependentsOwnTypesNamedLikeXlibsBuildBesideEitherWidget() throws {
        for target in ["ConsumerOwnNames", "ConsumerOwnNames4"] {
            let build = try swiftBuild(["--target", target])
            XCTAssertEqual(build.code, 0, "\(target):\n\((build.stdout + build.stderr).suffix(3000))")
        }
    }

    /// The glue our modules share is `package`: a dependent that reaches for it does not compile,
    /// one error per use (Tests/Consumer/Sources/ConsumerGluePeek).
    func testTheGlueIsInvisibleToADependent() throws {
        let build = try swiftBuild(["--target", "ConsumerGluePeek"])
        XCTAssertNotEqual(build.code, 0, "the glue was visible: \(build.stdout)")
        let output = build.stdout + build.stderr
        for error in [
            "'asObject' is inaccessible due to 'package' protection level",
            "'asWidget' is inaccessible due to 'package' protection level",
            "'cast' is inaccessible due to 'package' protection level", "cannot find 'Signal' in scope",
            "cannot find 'Property' in scope", "cannot find 'ObjectOwnership' in scope",
        ] {
            XCTAssertTrue(output.contains(error), "no “\(error)” in:\n\(output.suffix(3000))")
        }
    }
}
