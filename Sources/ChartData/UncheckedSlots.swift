/// Slots of a buffer that concurrent tasks fill, each task its own index: the buffer
/// outlives them (`concurrentPerform` returns when all are done) and no two tasks touch
/// the same slot, so no lock is needed.
struct UncheckedSlots<Element>: @unchecked Sendable {
    let buffer: UnsafeMutableBufferPointer<Element>

    init(_ buffer: UnsafeMutableBufferPointer<Element>) { self.buffer = buffer }

    subscript(index: Int) -> Element {
        get { buffer[index] }
        nonmutating set { buffer[index] = newValue }
    }
}
