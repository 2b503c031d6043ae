// When in each second the carrier guard (./guard.ts) still hands out rate slots: a pure rule.
/** Slots are taken only in the first part of each second (CarrierGuard.slot()). */
const SLOT_CUTOFF_MS = 900;
/** However late this process runs, the first half of each second still hands out slots. */
const MIN_SLOT_CUTOFF_MS = 500;

/**
 * The last millisecond of a second at which a slot of that second is handed out, given how late
 * this process's timers have lately fired (its event-loop lag). A request leaves some time after
 * its slot: a few milliseconds on a quiet machine, hundreds on one starved of CPU, where a slot
 * taken at 0.85 s became a request counted by the platform in the next second (seen at a hundred
 * thousand cards: 105–115 calls in a second limited to 100). The later this process runs, the
 * earlier in the second its slots end; it makes fewer calls then, never more than allowed.
 */
export function slotCutoffMs(lagMs: number): number {
  const lag = lagMs > 0 ? lagMs : 0; // NaN and negatives read as no lag
  return Math.max(MIN_SLOT_CUTOFF_MS, Math.round(SLOT_CUTOFF_MS - lag));
}
