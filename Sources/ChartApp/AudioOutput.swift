import CSDL2
import ChartSupport

/// SDL's default audio device, open while one sound plays: the sound is queued whole
/// (`SDL_QueueAudio`) and SDL's audio thread feeds it to the device; how much it has
/// taken is the audio clock. Closing it (deinit) stops the sound at once and gives the
/// device back to other programs.
final class AudioOutput {
    private let device: SDL_AudioDeviceID
    /// Bytes of queued sound per second: two 32-bit floats a frame.
    private let bytesPerSecond: Double
    /// The seconds of sound the device takes at a time (its buffer).
    let bufferSeconds: Double
    private var queuedBytes = 0

    /// Opens the default output device for stereo 32-bit floats at `sampleRate` (SDL
    /// converts where the device wants another format).
    /// - Throws: `AudioError` when SDL has no audio driver or device.
    init(sampleRate: Int) throws {
        guard SDL_InitSubSystem(SDL_INIT_AUDIO) == 0 else {
            throw AudioError(description: "no audio: \(String(cString: SDL_GetError()))")
        }
        var wanted = SDL_AudioSpec()
        wanted.freq = Int32(sampleRate)
        wanted.format = SDL_AudioFormat(AUDIO_F32SYS)
        wanted.channels = 2
        // 1024 frames (23 ms): short enough that the cursor and the sound agree.
        wanted.samples = 1024
        var obtained = SDL_AudioSpec()
        let device = SDL_OpenAudioDevice(nil, 0, &wanted, &obtained, 0)
        guard device != 0 else {
            let message = String(cString: SDL_GetError())
            SDL_QuitSubSystem(SDL_INIT_AUDIO)
            throw AudioError(description: "no audio device: \(message)")
        }
        self.device = device
        bytesPerSecond = Double(sampleRate * 2 * MemoryLayout<Float>.size)
        bufferSeconds = Double(obtained.samples) / Double(max(obtained.freq, 1))
    }

    deinit {
        SDL_CloseAudioDevice(device)
        SDL_QuitSubSystem(SDL_INIT_AUDIO)
    }

    /// Starts `sound` now, dropping whatever was still queued.
    /// - Throws: `AudioError` when SDL refuses the samples.
    func play(_ sound: StereoSound) throws {
        SDL_ClearQueuedAudio(device)
        let queued = sound.samples.withUnsafeBytes { SDL_QueueAudio(device, $0.baseAddress, UInt32($0.count)) }
        guard queued == 0 else { throw AudioError(description: "cannot play: \(String(cString: SDL_GetError()))") }
        queuedBytes = sound.samples.count * MemoryLayout<Float>.size
        SDL_PauseAudioDevice(device, 0)
    }

    /// The seconds of sound the device has taken from the queue so far.
    var consumedSeconds: Double {
        Double(queuedBytes - Int(SDL_GetQueuedAudioSize(device))) / bytesPerSecond
    }
}
