// The demo catalogue's costs: what the agent pays for a package, 55–75 % of its retail price, so the
// console's 代理价格 shows believable margins (25–45 %) rather than 100 %. Fixed per package name
// (the same demo every time) and rounded to 10 fen, the way a price sheet is written. The portal
// never reads the cost: it quotes the retail price only.
import { createHash } from 'node:crypto';

export const DEMO_COST_SHARE = { min: 0.55, max: 0.75 } as const;

/** The demo cost of a package of this name and retail price (fen). */
export function demoCostFen(name: string, priceFen: number): number {
  if (priceFen <= 0) return 0;
  const steps = Math.round((DEMO_COST_SHARE.max - DEMO_COST_SHARE.min) * 100);
  const share = DEMO_COST_SHARE.min + (createHash('sha256').update(name).digest().readUInt32BE(0) % (steps + 1)) / 100;
  return Math.min(priceFen, Math.round((priceFen * share) / 10) * 10);
}
