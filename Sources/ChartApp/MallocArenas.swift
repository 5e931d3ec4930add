import CMalloc
import ChartData

/// glibc's malloc arenas, kept few where address space is scarce.
public enum MallocArenas {
    /// Under an address-space limit (`ulimit -v`), keeps glibc to two malloc arenas:
    /// each thread's own arena reserves 64 MB of address space, and the GL driver's
    /// threads alone would then take most of a 600 MB limit (measured: a render's peak
    /// address space falls from 870 to 470 MB). Without a limit nothing changes. Call it
    /// first thing, before threads start.
    public static func limitUnderAnAddressSpaceLimit() {
        guard MemoryBudget.addressSpaceLimit != nil else { return }
        mallopt(M_ARENA_MAX, 2)
    }
}
