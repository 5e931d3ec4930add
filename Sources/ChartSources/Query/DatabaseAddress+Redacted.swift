extension DatabaseAddress {
    /// `text`, an address that may not parse, with any password hidden: what messages
    /// call a source whose address failed to parse.
    public static func redactedName(_ text: String) -> String {
        redacting(text)
    }
}
