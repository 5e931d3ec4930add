extension StackRenderer {
    /// The uniforms of stack.vert, each named once (stack.frag has none).
    enum Uniforms {
        // The view.
        /// Left, bottom, width and height in the target's pixels from the bottom-left.
        static let plotRect = Uniform<SIMD4<Float>>("u_plotRect")
        static let framebufferSize = Uniform<SIMD2<Float>>("u_framebufferSize")
        /// Plot pixels of y = 0.
        static let zeroY = Uniform<Float>("u_zeroY")

        // The stack.
        static let seriesCount = Uniform<Int32>("u_seriesCount")
        static let areas = Uniform<Bool>("u_areas")
        static let stacked = Uniform<Bool>("u_stacked")
        static let percentage = Uniform<Bool>("u_percentage")
        /// One a series (`MAX_STACK_SERIES`), 0 for a series toggled off.
        static let weights = Uniform<[Float]>("u_weights")
        static let colors = Uniform<[SIMD4<Float>]>("u_colors")
        /// Whether every bar but the highlighted step's is drawn at `dimmedOpacity`.
        static let dims = Uniform<Bool>("u_dims")
        static let dimmedOpacity = Uniform<Float>("u_dimmedOpacity")

        // The piece drawn.
        static let storedSteps = Uniform<Int32>("u_storedSteps")
        static let firstStep = Uniform<Int32>("u_firstStep")
        /// Plot pixels of the piece's x origin.
        static let offsetX = Uniform<Float>("u_offsetX")
        /// Plot pixels per stored unit (per percent for percentages), x and y.
        static let pixelsPerUnit = Uniform<SIMD2<Float>>("u_pixelsPerUnit")
        /// Bars: half the width of a bar with no neighbour at another x, stored units.
        static let loneHalfWidth = Uniform<Float>("u_loneHalfWidth")
        /// Bars: the highlighted step's position in the piece.
        static let highlight = Uniform<Int32>("u_highlight")
        /// Areas: the series whose band a draw fills.
        static let layer = Uniform<Int32>("u_layer")
    }
}
