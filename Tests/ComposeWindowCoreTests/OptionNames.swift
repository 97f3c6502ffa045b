@testable import ComposeWindowCore

// The tests name options as a command line does; an unknown name fails the test at once.
extension Dictionary where Key == String, Value == String {
    var asOptions: [ComposeOption: String] {
        [ComposeOption: String](uniqueKeysWithValues: map { (ComposeOption(rawValue: $0.key)!, $0.value) })
    }
}

extension Set where Element == String {
    var asOptions: Set<ComposeOption> { Set<ComposeOption>(map { ComposeOption(rawValue: $0)! }) }
}
