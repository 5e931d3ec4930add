/// How a CSV file's x column is written, as its first data rows show.
enum XFormat: Equatable {
    /// A number (a Unix timestamp or any other), the column's grouping allowed.
    case number
    /// An ISO 8601 date, with or without a time (`DateParser`).
    case date
    /// A date in another form, one for the whole column (`DateColumn`).
    case pattern(DateColumn)
}
