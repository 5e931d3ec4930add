/// A ladder built over a series' own points, its indices moved to the merged x.
struct MappedDetail: LevelOfDetail {
    let levels: [LODLevel]
}
