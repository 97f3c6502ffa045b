/// Text read from standard input or a file: valid UTF-8, or the byte offset where it stops being so.
public enum UTF8Input {
    /// Why bytes are not acceptable text, at which byte offset.
    public enum Problem: Error, Equatable {
        case invalidByte(offset: Int)
        case nulByte(offset: Int)
    }

    /// Decodes strictly: no replacement characters, no NUL (GTK text buffers cannot hold it).
    public static func decode(_ bytes: [UInt8]) -> Result<String, Problem> {
        var offset = 0
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var scalars = String.UnicodeScalarView()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if scalar.value == 0 { return .failure(.nulByte(offset: offset)) }
                scalars.append(scalar)
                offset += UTF8.width(scalar)
            case .emptyInput:
                return .success(String(scalars))
            case .error:
                return .failure(.invalidByte(offset: offset))
            }
        }
    }
}
