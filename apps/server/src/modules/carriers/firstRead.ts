/** A card's first read asks this many past days one by one at most; the rest of the month is one figure (./reconcile.ts). */
export const FIRST_READ_DAYS = 7;
