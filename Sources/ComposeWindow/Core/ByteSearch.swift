extension String {
    /// Whether `part` occurs in the text, byte for byte (the release build has no substring
    /// search: no _StringProcessing without Foundation).
    func contains(bytes part: String) -> Bool {
        let whole = Array(utf8)
        let wanted = Array(part.utf8)
        guard !wanted.isEmpty, wanted.count <= whole.count else { return wanted.isEmpty }
        return (0...(whole.count - wanted.count)).contains { whole[$0..<($0 + wanted.count)].elementsEqual(wanted) }
    }
}
