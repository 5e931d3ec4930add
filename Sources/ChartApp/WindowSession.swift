import CSDL2
import ChartData
import ChartGeometry
import ChartInteraction
import ChartSupport

/// The window's part of the session: the file recorded as opened at once, the session
/// read in the background (the loop is woken when it arrives), the file's last view
/// applied once both it and the data are here, and each change saved as it happens
/// (the store merges it with what other windows saved meanwhile).
final class WindowSession {
    private let store: SessionStore?
    private let slot = LockedSlot<Session>()
    /// This window's file in the session, and what the session remembers of it until
    /// the data is here to apply it.
    private var restore: SessionRestore
    /// This window's file, as the session keys it.
    var file: SessionEntry { restore.file }

    /// Records the file as opened (and a size given with `--size` as the size "as last
    /// time") and starts reading the session; `wakeEvent` is pushed when it arrives.
    /// - Parameter store: where the session lives; `nil` remembers nothing.
    init(store: SessionStore?, file: SessionEntry, givenSize: PixelSize?, wakeEvent: UInt32) {
        self.store = store
        restore = SessionRestore(file: file)
        guard let store else { return }
        // At once, so quitting before the session or the data arrives still counts the
        // file as opened (`flush` saves it on the way out).
        store.save(SessionUpdate(file: restore.file, windowSize: givenSize))
        let slot = slot
        store.load { session in
            slot.put(session)
            var wake = SDL_Event()
            wake.type = wakeEvent
            SDL_PushEvent(&wake)
        }
    }

    /// The session, once, when it has arrived; its entry for this file waits for the data.
    func takeArrived() -> Session? {
        guard let arrived = slot.take() else { return nil }
        restore.sessionArrived(arrived)
        return arrived
    }

    /// Restores the file's last x range and hidden series to `main`, once both the data
    /// and the session are here and the user has not moved the view; returns whether it did.
    func apply(to main: ChartPresenter, userMoved: Bool) -> Bool {
        if let notes = restore.takeNotes() {
            // Notes written before the session arrived win over the saved ones at their x.
            main.notes.notes = main.notes.notes.reduce(notes) { ChartNote.setting($1, in: $0) }
        }
        guard let saved = restore.take(userMoved: userMoved) else { return false }
        SessionRestore.apply(saved, to: main)
        return true
    }

    /// Records `paths`, after the window's first file, as the files shown with it.
    func noteAddedFiles(_ paths: [String]) {
        restore.file.addedFiles = paths
        remember(SessionUpdate(file: restore.file))
    }

    /// Records the view and the hidden series of `main`.
    func rememberView(of main: ChartPresenter) {
        remember(restore.viewUpdate(of: main))
    }

    /// Records the file's notes.
    func rememberNotes(_ notes: [ChartNote]) {
        var update = SessionUpdate(file: restore.file)
        update.notes = notes
        remember(update)
    }

    /// Records the measure of `main` (A…B, or none).
    func rememberMeasure(of main: ChartPresenter) {
        remember(restore.measureUpdate(of: main))
    }

    func remember(_ update: SessionUpdate) {
        store?.save(update)
    }

    /// Writes what is still waiting to be saved (on the way out).
    func flush() {
        store?.flush()
    }
}
