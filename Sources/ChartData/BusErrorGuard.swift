#if canImport(Glibc)
import Glibc
#endif
import Foundation

/// Keeps a mapped file that another program truncates from crashing the process.
///
/// Reading a page of a file mapping past the file's end raises SIGBUS, whose default
/// action kills the process. While a mapping is registered here, a process-wide handler
/// (installed once) maps a page of zeros over the faulting page, so the read goes on,
/// and marks the mapping; its reader asks `faulted(_:)` when done and reports the file
/// as changed. A SIGBUS anywhere else gets the action there was before (the default, or
/// the Swift runtime's backtracer), so a real fault still crashes as it would have.
///
/// The handler reads only a fixed table allocated before it is installed: it allocates
/// nothing, takes no lock and calls only `mmap` and `sigaction`, both async-signal-safe.
enum BusErrorGuard {
    /// A registered mapping, as the handler reads it.
    struct Slot {
        /// 1 while the slot describes a live mapping, 0 when it is free.
        var active: Int
        var start: UInt
        var end: UInt
        /// Set by the handler when it patched a page of this mapping.
        var faulted: Int
    }

    /// A registration, returned to the mapping's owner.
    struct Token {
        fileprivate let slot: Int
    }

    /// The most mappings guarded at once; a reader that finds no free slot reads the
    /// file without mapping it.
    static let capacity = 64

    private static let lock = NSLock()
    /// Read and written only under `lock`, which also orders the table's registrations.
    nonisolated(unsafe) private static var installed = false

    /// Registers the mapping at `start` of `length` bytes; `nil` when the table is full.
    /// - Complexity: O(capacity).
    static func register(start: UnsafeRawPointer, length: Int) -> Token? {
        lock.lock()
        defer { lock.unlock() }
        if !installed {
            installHandler()
            installed = true
        }
        for k in 0..<capacity where busErrorSlots[k].active == 0 {
            busErrorSlots[k].start = UInt(bitPattern: start)
            busErrorSlots[k].end = UInt(bitPattern: start) + UInt(length)
            busErrorSlots[k].faulted = 0
            // Last, so that the handler never sees a slot half written.
            busErrorSlots[k].active = 1
            return Token(slot: k)
        }
        return nil
    }

    /// Whether a read of the mapping faulted past the file's end (the file shrank).
    static func faulted(_ token: Token) -> Bool {
        busErrorSlots[token.slot].faulted != 0
    }

    /// Frees the slot; call before unmapping.
    static func unregister(_ token: Token) {
        lock.lock()
        defer { lock.unlock() }
        busErrorSlots[token.slot].active = 0
    }

    private static func installHandler() {
        // Touch the globals here, outside the handler: their lazy initialisation is not
        // async-signal-safe, so it must be done before the handler can run.
        _ = busErrorSlots
        _ = busErrorPageMask
        var action = sigaction()
        action.__sigaction_handler.sa_sigaction = handleBusError
        action.sa_flags = SA_SIGINFO
        sigemptyset(&action.sa_mask)
        sigaction(SIGBUS, &action, busErrorPreviousAction)
    }
}

/// The handler's table and state: globals, fixed in size and allocated before the
/// handler is installed, so that the handler only reads and writes memory.
nonisolated(unsafe) private let busErrorSlots: UnsafeMutablePointer<BusErrorGuard.Slot> = {
    let slots = UnsafeMutablePointer<BusErrorGuard.Slot>.allocate(capacity: BusErrorGuard.capacity)
    slots.initialize(repeating: BusErrorGuard.Slot(active: 0, start: 0, end: 0, faulted: 0), count: BusErrorGuard.capacity)
    return slots
}()
nonisolated(unsafe) private let busErrorPreviousAction: UnsafeMutablePointer<sigaction> = {
    let action = UnsafeMutablePointer<sigaction>.allocate(capacity: 1)
    action.initialize(to: sigaction())
    return action
}()
private let busErrorPageMask: UInt = ~(UInt(sysconf(Int32(_SC_PAGESIZE))) - 1)

/// The SIGBUS handler: zeros over a faulting page of a guarded mapping; otherwise the
/// previous action back, and a return, so that the fault repeats and is handled as it
/// would have been without us. A SIGBUS sent by a process (`kill -BUS`: `si_code` ≤ 0,
/// and `si_addr` is then the sender's pid, not an address) is raised again under the
/// previous action, so it does what it would have done.
private func handleBusError(_ signal: Int32, _ info: UnsafeMutablePointer<siginfo_t>?,
                            _ context: UnsafeMutableRawPointer?) {
    let savedErrno = errno
    defer { errno = savedErrno }
    if let info, info.pointee.si_code <= 0 {
        sigaction(SIGBUS, busErrorPreviousAction, nil)
        raise(SIGBUS)
        return
    }
    if let info, info.pointee.si_code == BUS_ADRERR {
        let address = UInt(bitPattern: info.pointee._sifields._sigfault.si_addr)
        for k in 0..<BusErrorGuard.capacity {
            let slot = busErrorSlots + k
            guard slot.pointee.active != 0, address >= slot.pointee.start, address < slot.pointee.end else { continue }
            let page = address & busErrorPageMask
            let patched = mmap(UnsafeMutableRawPointer(bitPattern: page), Int(~busErrorPageMask) + 1, PROT_READ,
                               MAP_FIXED | MAP_ANONYMOUS | MAP_PRIVATE, -1, 0)
            if patched != MAP_FAILED {
                slot.pointee.faulted = 1
                return
            }
        }
    }
    sigaction(SIGBUS, busErrorPreviousAction, nil)
}
