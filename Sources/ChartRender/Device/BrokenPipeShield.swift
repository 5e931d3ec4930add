#if canImport(Glibc)
import Glibc
#endif

/// Runs work that writes to a socket the peer may already have closed (Xlib's first
/// words to an X server that drops connections while it resets) with SIGPIPE blocked in
/// this thread: the write then fails with EPIPE, which the caller sees as a failed
/// start and retries, instead of the signal's default ending the process. A SIGPIPE the
/// work raised is taken before the signal is unblocked, and other threads keep the
/// default (`sightline describe … | head -1` still ends quietly).
enum BrokenPipeShield {
    static func run<Result>(_ work: () -> Result) -> Result {
        var pipe = sigset_t()
        sigemptyset(&pipe)
        sigaddset(&pipe, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipe, &previous)
        let result = work()
        if sigismember(&previous, SIGPIPE) == 0 {
            var zero = timespec(tv_sec: 0, tv_nsec: 0)
            while sigtimedwait(&pipe, nil, &zero) == SIGPIPE {}
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return result
    }
}
