import ChartApp
import ChartSupport
import Foundation

/// The benchmark's figures as a table for people and JSON for other tools.
struct BenchReport {
    let points: Int
    let frames: Int
    let frame: FrameStatistics
    let cpu: FrameStatistics
    let gpu: FrameStatistics?
    let upload: FrameStatistics
    let streamed: FrameStatistics
    let floor: FrameStatistics
    let zeroUploadShare: Double
    /// Timer results longer than their whole frame, which cannot be right (llvmpipe
    /// answers the first query of a run with garbage): left out of `gpu`.
    let invalidGPUSamples: Int
    let firstFrameSeconds: Double?
    let peakRSSMegabytes: Double
    let renderer: String
    let msaaSamples: Int
    /// Each frame's wall time and upload, in frame order, for finding the slow ones.
    let frameMilliseconds: [Double]
    let frameUploadBytes: [Double]

    init(points: Int, frames: Int, result: FrameBenchmark.Result, firstFrameSeconds: Double?, peakRSSMegabytes: Double) {
        self.points = points
        self.frames = frames
        frame = FrameStatistics(result.frameMilliseconds)
        cpu = FrameStatistics(result.cpuMilliseconds)
        let plausible = zip(result.gpuMilliseconds, result.frameMilliseconds).filter { $0 > 0 && $0 <= $1 }.map(\.0)
        invalidGPUSamples = result.gpuMilliseconds.count - plausible.count
        gpu = plausible.isEmpty ? nil : FrameStatistics(plausible)
        upload = FrameStatistics(result.uploadBytes)
        streamed = FrameStatistics(result.streamedBytes)
        floor = FrameStatistics(result.floorMilliseconds)
        zeroUploadShare = Double(result.uploadBytes.filter { $0 == 0 }.count) / Double(result.uploadBytes.count)
        self.firstFrameSeconds = firstFrameSeconds
        self.peakRSSMegabytes = peakRSSMegabytes
        renderer = result.renderer
        msaaSamples = result.msaaSamples
        frameMilliseconds = result.frameMilliseconds
        frameUploadBytes = result.uploadBytes
    }

    func table(title: String) -> String {
        func padded(_ text: String, _ width: Int) -> String {
            text.count >= width ? text : String(repeating: " ", count: width - text.count) + text
        }
        func row(_ name: String, _ s: FrameStatistics, unit: String = "ms", ratio: Bool = false) -> String {
            let name = name.padding(toLength: 16, withPad: " ", startingAt: 0)
            let values = [s.p50, s.p95, s.p99, s.max].map { padded(String(format: "%.2f", $0), 12) }.joined()
            var line = "\(name)\(values)  \(unit)"
            if ratio { line += String(format: "   (%.2f× / %.2f× the floor)", s.p50 / floor.p50, s.p95 / floor.p95) }
            return line
        }
        var lines = [title, "renderer: \(renderer)",
                     String(repeating: " ", count: 16) + ["p50", "p95", "p99", "max"].map { padded($0, 12) }.joined()]
        lines.append(row("frame (wall)", frame, ratio: true))
        lines.append(row("CPU in our code", cpu))
        if let gpu {
            lines.append(row("GPU (timer)", gpu) + (invalidGPUSamples > 0 ? "   (\(invalidGPUSamples) impossible results left out)" : ""))
        } else {
            lines.append("GPU (timer)      no usable timer results")
        }
        lines.append(row("data uploaded", upload, unit: "bytes"))
        lines.append(row("labels streamed", streamed, unit: "bytes"))
        lines.append(row("empty frame", floor))
        lines.append(String(format: "frames with no upload: %.1f%%", zeroUploadShare * 100))
        lines.append(firstFrameSeconds.map { String(format: "time to first frame: %.3f s (process start → first frame finished)", $0) }
                     ?? "time to first frame: unknown (no /proc)")
        lines.append(String(format: "peak RSS: %.0f MiB", peakRSSMegabytes))
        return lines.joined(separator: "\n")
    }

    func json() throws -> Data {
        let object: [String: Any] = [
            "points": points, "frames": frames,
            "p50_ms": frame.p50, "p95_ms": frame.p95, "p99_ms": frame.p99, "max_ms": frame.max,
            "cpu_ms_p50": cpu.p50, "cpu_ms_p95": cpu.p95,
            "gpu_ms_p50": gpu.map { $0.p50 as Any } ?? NSNull(), "gpu_ms_p95": gpu.map { $0.p95 as Any } ?? NSNull(),
            "upload_bytes_p50": upload.p50, "upload_bytes_max": upload.max, "zero_upload_frame_share": zeroUploadShare,
            "streamed_bytes_p50": streamed.p50, "streamed_bytes_max": streamed.max,
            "ttff_s": firstFrameSeconds.map { $0 as Any } ?? NSNull(),
            "peak_rss_mb": peakRSSMegabytes,
            "floor_p50_ms": floor.p50, "floor_p95_ms": floor.p95,
            "ratio_p50_to_floor": frame.p50 / floor.p50, "ratio_p95_to_floor": frame.p95 / floor.p95,
            "renderer": renderer, "msaa_samples": msaaSamples,
            "frame_ms": frameMilliseconds, "frame_upload_bytes": frameUploadBytes,
        ]
        return try JSONSerialization.data(withJSONObject: object, options: [.prettyPrinted, .sortedKeys])
    }
}
