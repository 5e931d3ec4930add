import ChartData
import ChartGeometry
import ChartInteraction
import ChartMarks
import ChartStage
import XCTest

/// What the notes compute per frame: nothing with no note in view; with notes, the
/// data's envelope only in the columns near them, and once for a still view.
final class NoteEnvelopeCostTests: XCTestCase {
    private let geometry = StageGeometry(canvas: PixelSize(width: 1000, height: 560), layout: .explorer)
    private let xs = (0..<2000).map { 1_577_836_800 + Double($0) * 86_400 }

    private func presenter() -> ChartPresenter {
        let ys = xs.indices.map { 100 + 30 * sin(Double($0) / 25) }
        let source = DataSource(dataset: Dataset(source: "d.csv", xs: xs, series: [Series(name: "Close", ys: ys),
                                                                                  Series(name: "Open", ys: ys.map { $0 - 3 })],
                                                 xKind: .time(unitsPerSecond: 1)))
        let presenter = ChartPresenter(source: source, factory: RecordingSurfaceFactory(), geometry: geometry, initialFraction: 1)
        settle(presenter)
        return presenter
    }

    func testNoNoteInViewComputesNoEnvelope() {
        let presenter = presenter()
        // A note out of view, and frames that rebuild the notes (a view change).
        presenter.notes.notes = [ChartNote(x: xs[10], text: "early")]
        presenter.show(x: xs[1000]...xs[1500])
        settle(presenter)
        presenter.show(x: xs[1100]...xs[1600])
        settle(presenter)
        XCTAssertEqual(presenter.notes.placed, [])
        XCTAssertEqual(presenter.notes.envelopeColumnBuilds, 0, "no note in view, no envelope")
    }

    func testTheEnvelopeIsComputedNearTheNotesOnceForAStillView() throws {
        let presenter = presenter()
        presenter.notes.notes = [ChartNote(x: xs[1000], text: "middle")]
        settle(presenter)
        let first = presenter.notes.envelopeColumnBuilds
        let columns = Int((geometry.plotBox.width / (6 * geometry.scale)).rounded(.up))
        XCTAssertGreaterThan(first, 0)
        XCTAssertLessThan(first, columns / 2, "only the columns near the note, not the plot's \(columns)")
        XCTAssertNotNil(try XCTUnwrap(presenter.notes.placed.first).label)
        // Typing a note elsewhere (labels of one width): each keystroke rebuilds the notes,
        // the columns already computed are kept.
        presenter.notes.draft = NotesController.Draft(x: xs[400], text: "a")
        settle(presenter)
        let withDraft = presenter.notes.envelopeColumnBuilds
        for text in ["b", "c", "d"] {
            presenter.notes.draft?.text = text
            settle(presenter)
        }
        XCTAssertEqual(presenter.notes.envelopeColumnBuilds, withDraft, "a still view computes each column once")
        XCTAssertEqual(presenter.notes.placed.count, 2)
    }
}
