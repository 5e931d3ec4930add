extension RenderStage {
    /// Lets go of the controllers, their surfaces and every viewport observer, for a
    /// stage replaced while the window runs (a followed file grew): the controllers hold
    /// the stage (their environment) and the stage observes its own viewports, so
    /// without this a replaced chart, and its GPU surfaces, would never be freed.
    /// The stage draws nothing afterwards.
    public func tearDown() {
        targets.removeAll()
        surfaces.removeAll()
        viewport.removeAllObservers()
        rightViewport.removeAllObservers()
    }
}
