/// What plays the audiograph: the window's plays it through SDL's audio; tests record.
public protocol AudiographPlaying: AnyObject {
    var isPlaying: Bool { get }
    /// Starts the audiograph of `presenter`'s view, or stops the one playing; returns
    /// why nothing plays when it cannot.
    func toggle(on presenter: ChartPresenter) -> String?
    /// Stops the sound at once and takes the sweep line away.
    func stop()
    /// Moves the sweep to where the sound is; stops if `shown` is not the chart swept.
    func update(shown: ChartPresenter)
}
