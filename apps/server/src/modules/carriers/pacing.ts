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

/** From this granted rate up, a few slots of each second are kept back (slotsPerSecond). */
const HEADROOM_FROM_CPS = 20;

/**
 * Slots handed out per second for an account granted `limit` calls a second. A platform counts a
 * call when it arrives, not when we send it: a request sent late in one second can arrive in the
 * next, where the next second's own slots are already spent. At a few calls a second the calls are
 * far apart and the slot cutoff alone keeps them in their second; at 20 and more (seen at a hundred
 * thousand cards: one second of 105 at a limit of 100 even with the cutoff) a twentieth of the
 * second is kept back for those late arrivals. The round is bound by our own work, not by the
 * rate (it reads at half the granted rate), so the twentieth costs it nothing measurable.
 */
export function slotsPerSecond(limit: number): number {
  if (!(limit > 0)) return 0;
  const whole = Math.floor(limit);
  if (whole < HEADROOM_FROM_CPS) return whole;
  return whole - Math.ceil(whole / 20);
}
