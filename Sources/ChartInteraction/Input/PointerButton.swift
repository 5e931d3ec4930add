/// Which mouse button pressed: the primary pans and pins, the secondary sweeps a band to
/// zoom to.
public enum PointerButton: Sendable { case primary, secondary }
