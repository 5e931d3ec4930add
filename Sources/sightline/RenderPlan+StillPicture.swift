import ChartApp
import ChartData
import ChartGeometry
import ChartStage

extension RenderPlan {
    /// The still picture `render` draws of this plan, as the window's export describes
    /// its view (`StillPicture`): every series, `visible`, the right axis's y as given.
    /// - Parameters:
    ///   - rightY: the right axis's y, plotted units (`--y2-range`); `nil` fits it.
    ///   - points: the x of the points `--x-range` holds, which the alt text describes;
    ///     `nil` describes `visible`'s x.
    func picture(rightY: ClosedRange<Double>?, notes: [ChartNote], measure: ClosedRange<Double>?, theme: ChartTheme,
                 size: PixelSize, points: ClosedRange<Double>?) -> StillPicture {
        StillPicture(visible: visible, rightY: rightY, notes: notes, measure: measure, theme: theme, size: size,
                     describedX: points)
    }
}
