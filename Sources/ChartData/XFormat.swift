/// How a CSV file's x column is written, as its first data row shows.
enum XFormat {
    /// A number (a Unix timestamp or any other), the column's grouping allowed.
    case number
    /// A date, with or without a time (`DateParser`).
    case date
}
