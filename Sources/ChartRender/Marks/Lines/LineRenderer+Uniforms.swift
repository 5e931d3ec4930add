extension LineRenderer {
    /// The uniforms of the line pipelines' shaders, each named once; `pipelines()`
    /// declares which each pipeline has.
    enum Uniforms {
        // segments.glsl, in the segment and the span-collecting passes: the block drawn.
        /// Its first point's texel in its buffer texture.
        static let first = Uniform<Int32>("u_first")
        static let segmentCount = Uniform<Int32>("u_segmentCount")
        /// From the view's bottom-left to the block's origin, plot pixels.
        static let offset = Uniform<SIMD2<Float>>("u_offset")
        /// Plot pixels per stored unit, x and y.
        static let pixelsPerUnit = Uniform<SIMD2<Float>>("u_pixelsPerUnit")

        // line.vert and line.frag: the segment pass.
        static let segmentsPerQuad = Uniform<Int32>("u_segmentsPerQuad")
        /// Left, bottom, width and height in the target's pixels from the bottom-left.
        static let plotRect = Uniform<SIMD4<Float>>("u_plotRect")
        /// How far quads reach beyond a segment, pixels.
        static let extrusion = Uniform<Float>("u_extrusion")
        static let halfWidth = Uniform<Float>("u_halfWidth")
        /// Whether coverage goes into the destination's alpha (as 1 − coverage × opacity).
        static let intoAlpha = Uniform<Bool>("u_intoAlpha")
        static let opacity = Uniform<Float>("u_opacity")

        // Every pass: the size of the target drawn into, pixels.
        static let framebufferSize = Uniform<SIMD2<Float>>("u_framebufferSize")

        // band.vert with band-mask.frag, band-alpha.frag or span.frag: the paint pass.
        static let color = Uniform<SIMD4<Float>>("u_color")
        /// The plot's bottom-left corner in the target's pixels.
        static let plotOrigin = Uniform<SIMD2<Float>>("u_plotOrigin")

        // span-collect.* and span.frag: a dense line's column spans.
        static let plotHeight = Uniform<Float>("u_plotHeight")
        /// The span target's column of the plot's first column.
        static let spanOrigin = Uniform<Float>("u_spanOrigin")
        /// The span target's first row of the series.
        static let spanRow = Uniform<Float>("u_spanRow")
        static let spanWidth = Uniform<Float>("u_spanWidth")
        /// `ShaderConstants.spanSubcolumns`, as a uniform so span.frag's loop is not unrolled.
        static let subcolumns = Uniform<Int32>("u_subcolumns")
        /// Which of a texel's two extents a block's segments go into: 0 or 1.
        static let spanChannel = Uniform<Int32>("u_channel")
    }
}
