import ChartData
import XCTest

/// Every cell that is not a number is named by file, line and column, and quoted: a
/// stray one in a numeric column wherever it stands, and the first of the column closest
/// to numeric when no column is.
final class NotANumberTests: XCTestCase {
    /// Cells that were "no numeric column besides the x column", naming neither line nor cell.
    func testAColumnOfNonNumbersNamesItsFirstCell() {
        for cell in ["0x10", "1e", "1_000", "2\"3", "1.2.3", "12abc", "--5", "1e+"] {
            XCTAssertEqual(dataErrorMessage("x,y\n1,\(cell)\n2,\(cell)\n"),
                           "t.csv:2:2: expected a number in column \"y\" (no column besides the x column \"x\" holds numbers), "
                           + "found \"\(cell)\"", cell)
        }
    }

    /// When no column is numeric, the one whose cells look most like numbers is named,
    /// not the leftmost column of words.
    func testTheColumnClosestToNumericIsNamed() {
        XCTAssertEqual(dataErrorMessage("date,name,price\n2024-01-01,foo,1e\n2024-01-02,bar,2e\n"),
                       "t.csv:2:3: expected a number in column \"price\" (no column besides the x column \"date\" holds "
                       + "numbers), found \"1e\"")
        XCTAssertEqual(dataErrorMessage("x,a,b\n1,foo,bar\n2,5,baz\n3,qux,zap\n"),
                       "t.csv:2:2: expected a number in column \"a\" (no column besides the x column \"x\" holds numbers), "
                       + "found \"foo\"")
    }

    /// A stray cell in the first row of a column numeric in the others: once the column
    /// was left out without a word (or the file had "no numeric column"); now it is named.
    func testAStrayCellInTheFirstRowIsNamed() {
        XCTAssertEqual(dataErrorMessage("x,y,z\n1,1e,5\n2,3,6\n3,4,7\n"), "t.csv:2:2: expected a number in column \"y\", found \"1e\"")
        XCTAssertEqual(dataErrorMessage("x,y\n1,0x10\n2,3\n3,4\n"), "t.csv:2:2: expected a number in column \"y\", found \"0x10\"")
        XCTAssertEqual(dataErrorMessage("x,y\n1,3\n2,4\n3,1_000\n"), "t.csv:4:2: expected a number in column \"y\", found \"1_000\"")
    }

    /// A column of words beside numeric ones is still left out, and a blank first cell
    /// does not make a column of words a series.
    func testColumnsOfWordsAreStillLeftOut() throws {
        let text = "date,ticker,close,note\n2024-01-01,AAPL,1.5,\n2024-01-02,AAPL,2.5,split\n2024-01-03,AAPL,3.5,x\n"
        let dataset = try Array(text.utf8).withUnsafeBytes { try CSVLoader().load($0, source: "t.csv") }
        XCTAssertEqual(dataset.series.map(\.name), ["close"])
    }
}
