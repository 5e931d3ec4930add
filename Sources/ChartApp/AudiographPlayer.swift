import CSDL2
import ChartData
import ChartInteraction
import ChartSupport

/// The window's audiograph (`a`): the series in view of the chart shown, played through
/// SDL's audio while the sweep line crosses the chart in step and the info board follows
/// it. The state and the maths are `Audiograph` (ChartSupport) and `AudiographPlayback`
/// (ChartInteraction); this is the part that needs SDL.
final class AudiographPlayer: AudiographPlaying {
    /// The sweep's length, seconds (`--audio-seconds`).
    let seconds: Double
    private var output: AudioOutput?
    private var playback: AudiographPlayback?
    /// The chart swept; the sweep stops if another one is shown (a day opens).
    private weak var presenter: ChartPresenter?
    private var startedAt: UInt64 = 0

    init(seconds: Double) {
        self.seconds = seconds
    }

    var isPlaying: Bool { playback != nil }

    /// Starts the audiograph of `presenter`'s view, or stops the one playing. Returns
    /// why nothing plays when it cannot (nothing shown, no value in view, no audio
    /// device), for the window to say.
    func toggle(on presenter: ChartPresenter) -> String? {
        if isPlaying {
            stop()
            return nil
        }
        return start(on: presenter)
    }

    private func start(on presenter: ChartPresenter) -> String? {
        // The series whose legend toggle has the keyboard's focus, else the first shown.
        guard let series = AudiographPlayback.series(toPlayIn: presenter.lines, focused: presenter.legend.focusedSeries) else {
            return "no series shown to play"
        }
        let range = presenter.targetX
        let audiograph = Audiograph(seconds: seconds)
        let score = audiograph.score(of: series, in: presenter.source, overX: range)
        guard !score.runs.isEmpty else {
            return "nothing to play: \(DisplayText.name(presenter.source.dataset.series[series].name)) has no value in view"
        }
        do {
            let output = try AudioOutput(sampleRate: Audiograph.sampleRate)
            try output.play(audiograph.render(score))
            self.output = output
        } catch {
            return "\(error)"
        }
        playback = AudiographPlayback(series: series, xRange: range, duration: seconds)
        self.presenter = presenter
        startedAt = SDL_GetPerformanceCounter()
        presenter.audioCursor.series = series
        return nil
    }

    /// Stops the sound at once and takes the sweep line and the highlight it drove away.
    func stop() {
        output = nil
        playback = nil
        presenter?.audioCursor.x = nil
        presenter?.highlight.endHover()
        presenter = nil
    }

    /// Moves the sweep line and the highlight to where the sound is, and stops once the
    /// sound has ended or when `shown` is not the chart swept. Call once a frame while
    /// playing.
    func update(shown: ChartPresenter) {
        guard let playback, let output, let presenter, presenter === shown else { return stop() }
        let elapsed = Double(SDL_GetPerformanceCounter() - startedAt) / Double(SDL_GetPerformanceFrequency())
        // The frame clock for smoothness, kept within the device's buffer of the audio
        // clock: the line never runs ahead of the sound taken, nor lags a buffer behind,
        // and stands still if the device does.
        let consumed = output.consumedSeconds
        let heard = min(max(elapsed, consumed - output.bufferSeconds), consumed)
        if let x = playback.cursorX(afterSeconds: heard) {
            presenter.audioCursor.x = x
            presenter.highlight.hover(atX: x)
        } else if elapsed >= playback.duration + 2 * output.bufferSeconds {
            // The last buffers taken are still sounding until then: closing the device
            // earlier would cut the final fade.
            stop()
        }
    }
}
