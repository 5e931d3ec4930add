/// Where the summary is said aloud (`spd-say` in the window; a recorder in tests).
public protocol SpeechOutput: AnyObject {
    /// Says `text`, cutting off what is being said.
    func speak(_ text: String)
    /// Stops what is being said.
    func cancel()
}
