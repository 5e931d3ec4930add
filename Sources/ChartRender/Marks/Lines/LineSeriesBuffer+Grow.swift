/// The last piece of a level while its file grows (`sightline open --follow`): made in
/// one buffer with room for a whole piece, so an append cuts the piece back to the
/// blocks whose points did not change and uploads only the points after them into the
/// room left (`BufferSubData`), rather than preparing and uploading the piece again.
extension LineSeriesBuffer {
    /// The one buffer of a piece made with room to grow, and how much of it is used.
    struct Room {
        var buffer: BufferID
        var texture: TextureID
        var capacity: Int
        var used: Int
    }

    /// Bytes that hold a piece of `points` points cut into blocks of `pointsPerBlock`
    /// (consecutive blocks store their shared point twice), with `breaks` more points.
    static func bytes(forPoints points: Int, pointsPerBlock: Int = maxPointsPerBlock) -> Int {
        let blocks = max(points - 2, 0) / (pointsPerBlock - 1) + 1
        return (points + blocks - 1) * bytesPerPoint
    }

    /// Whether the piece can be cut back and grown (`truncate`, `append`).
    var canGrow: Bool { room != nil }

    /// Blocks held.
    var blockCount: Int { blocks.count }

    /// Keeps the first `blockCount` blocks and the runs that start before the last of
    /// them ends (`runCount`): the piece then holds its points up to that block's last,
    /// and `append` goes on from there.
    /// - Precondition: `canGrow`, 1 ≤ `blockCount` ≤ the blocks held.
    func truncate(toBlocks blockCount: Int, runs runCount: Int) {
        precondition(room != nil && (1...blocks.count).contains(blockCount), "LineSeriesBuffer: truncated within its blocks")
        blocks.removeLast(blocks.count - blockCount)
        runs.removeLast(max(runs.count - runCount, 0))
        let last = blocks[blockCount - 1]
        room!.used = (last.firstPoint + last.segmentCount + 1) * Self.bytesPerPoint
        pointCount = blocks.reduce(1) { $0 + $1.segmentCount }
    }

    /// Uploads `tail`, prepared from this piece's last point on (so its first block
    /// starts on the point the kept blocks end with), after the kept blocks.
    /// - Returns: `false`, changing nothing, when it does not fit the room left.
    /// - Complexity: O(tail), one upload.
    func append(_ tail: PreparedPiece) -> Bool {
        guard var room, tail.pointCount >= 2,
              room.used + tail.offsets.count * MemoryLayout<Float>.size <= room.capacity else { return false }
        tail.offsets.withUnsafeBytes { device.upload($0, to: room.buffer, atByteOffset: room.used) }
        let base = room.used / Self.bytesPerPoint
        for block in tail.blocks {
            blocks.append(Block(originX: block.originX, originY: block.originY, unitX: block.unitX, unitY: block.unitY,
                                firstX: block.firstX, lastX: block.lastX, texture: room.texture,
                                firstPoint: base + block.firstPoint, segmentCount: block.pointCount - 1,
                                hasGaps: block.hasGaps, breaksInside: block.breaksInside))
        }
        runs += tail.runs
        pointCount += tail.pointCount - 1
        room.used += tail.offsets.count * MemoryLayout<Float>.size
        self.room = room
        return true
    }
}
