import ChartData

/// The window's own commands: quit (`q`, Ctrl+W), a log axis (`l`, Shift+L) and the
/// export (Ctrl+S). An owner like the others, placed after a note's field
/// (`ExplorerCommands`), so while a note is typed those keys are text: the rule "the
/// field has the keyboard" is written once, in `NoteCommands`.
public final class WindowCommands: CommandOwner {
    /// Whether quit was asked; the window's loop ends when it is.
    public private(set) var quitAsked = false
    private let toggleLogScale: (YAxisSide) -> Void
    private let export: () -> Void

    /// - Parameters:
    ///   - toggleLogScale: switches an axis between linear and log.
    ///   - export: writes the view as a picture.
    public init(toggleLogScale: @escaping (YAxisSide) -> Void, export: @escaping () -> Void) {
        self.toggleLogScale = toggleLogScale
        self.export = export
    }

    public func take(_ event: ChartEvent) -> Bool {
        switch event {
        case .command(.quit):
            quitAsked = true
        case let .command(.toggleLogScale(side)):
            toggleLogScale(side)
        case .command(.export):
            export()
        default:
            return false
        }
        return true
    }
}
