import ArgumentParser
import ChartApp
import ChartRender
import ChartStage
import Foundation

/// How the chart looks, shared by every command that draws one.
struct LookOptions: ParsableArguments {
    @Option(help: "Colour theme: day or night (default: day; a window without --theme opens in its last).")
    var theme: ThemeName?

    @Flag(help: "The theme's flat colour instead of the animated four-colour gradient (render is flat unless --gradient).")
    var noGradient = false

    @Flag(help: """
        Draw the lines as smooth curves through the points (centripetal Catmull-Rom, never beyond a \
        point's value at a peak) wherever a view shows at most 2 points per pixel column; denser views \
        look the same either way and are drawn straight.
        """)
    var smooth = false

    var chartTheme: ChartTheme { ChartTheme.named((theme ?? .day).rawValue)! }

    /// The theme named on the command line, if one was.
    var givenTheme: ChartTheme? { theme.flatMap { ChartTheme.named($0.rawValue) } }

    /// The label font, warning on standard error (once) when there is none; `nil` for
    /// `--plain` pictures, which have no labels.
    func font(plain: Bool) -> FontFace? {
        guard !plain else { return nil }
        let (font, warning) = ChartScene.loadDefaultFont()
        if let warning { CommandSupport.printError("sightline: warning: \(warning)") }
        return font
    }
}

enum ThemeName: String, ExpressibleByArgument, CaseIterable {
    case day, night
}
