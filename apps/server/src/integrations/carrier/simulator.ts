import { createHash } from 'node:crypto';
import { CARRIER_LABEL } from '@portal/contract/enums';
import type { Db } from '../../db/connect';
import { clock } from '../../lib/clock';
import type { Executor } from '../../db/executor';
import type { CarrierGateway, DailyUsage, LineStatus, LineTest, NetworkOption, RealNameLink } from './gateway';

const DAY_MS = 86_400_000;
const CHINA_OFFSET_MS = 8 * 3600_000;
const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;
const MAX_RANGE_DAYS = 400;
/** carrier statuses in which a line passes traffic: activated, and testable (test period) */
const IN_SERVICE: ReadonlySet<number> = new Set([1, 7]);
/** the APN each network's IoT lines need (sim_lines.apn '' = set right) */
const APN_OF: Record<number, string> = { 1: 'cmiot', 2: 'unim2m.njm2mapn', 3: 'ctnet' };
const STOPPED = 3;

/** A stable pseudo-random number in [0, 1) for a line and a day: the same question always gets the same answer. */
function unit(customNum: string, day: string, salt = ''): number {
  const h = createHash('sha256').update(`${customNum}|${day}|${salt}`).digest();
  return h.readUInt32BE(0) / 2 ** 32;
}

function chinaDay(ms: number): string {
  return new Date(ms + CHINA_OFFSET_MS).toISOString().slice(0, 10);
}

/** Fraction of the China-time day elapsed at `now`. */
function dayFraction(now: Date): number {
  const t = new Date(now.getTime() + CHINA_OFFSET_MS);
  return (t.getUTCHours() * 3600 + t.getUTCMinutes() * 60 + t.getUTCSeconds()) / 86_400;
}

/**
 * Carrier stand-in. Its lines live in sim_lines (shared by all server processes). Usage is
 * believable and repeatable: each day's figure is the line's typical daily use times a factor
 * drawn from the line and the date (weekends heavier), today's figure grows through the day.
 */
export class CarrierSimulator implements CarrierGateway {
  constructor(private readonly db: Db) {}

  private async line(customNum: string) {
    const line = await this.db.kysely.selectFrom('sim_lines').selectAll().where('custom_num', '=', customNum).executeTakeFirst();
    if (!line) throw new Error(`carrier simulator: unknown line ${customNum}`);
    return line;
  }

  async lineStatus(customNum: string): Promise<LineStatus> {
    const line = await this.line(customNum);
    return {
      status: line.carrier_status,
      realNamed: line.real_named === 1,
      stopReason: line.carrier_status === STOPPED ? line.stop_reason : '',
    };
  }

  /**
   * The card test: a line in service registers; it opens a data session when its APN is right (a
   * stopped or disconnected line never gets that far); the APN is whatever the
   * line was set to. The network is the line's current one (multi-SIM) or, for a single line,
   * the issuer in its number's simulated ICCID — Unicom unless configured otherwise.
   */
  async lineTest(customNum: string): Promise<LineTest> {
    const line = await this.line(customNum);
    const registered = IN_SERVICE.has(line.carrier_status);
    const expectedApn = APN_OF[line.current_network] ?? APN_OF[2]!;
    const apn = line.apn || expectedApn;
    // a line set to the wrong APN registers but never gets a data session
    return { registered, dataSession: registered && apn === expectedApn, apn, expectedApn };
  }

  /** What the carrier's operators do: stop a line for a reason, or put it back in service ('' reason). */
  async setLineState(customNum: string, status: number, stopReason = ''): Promise<void> {
    await this.db.kysely
      .updateTable('sim_lines')
      .set({ carrier_status: status, stop_reason: status === STOPPED ? stopReason : '', status_since: chinaDay(clock.now().getTime()) })
      .where('custom_num', '=', customNum)
      .execute();
  }

  async suspend(customNum: string): Promise<void> {
    await this.line(customNum);
    await this.setLineState(customNum, STOPPED, '管控停机');
  }

  async resume(customNum: string): Promise<void> {
    await this.line(customNum);
    await this.setLineState(customNum, 1);
  }

  async usage(customNum: string, fromDay: string, toDay: string, now: Date): Promise<DailyUsage[]> {
    const start = Date.parse(`${fromDay}T00:00:00Z`);
    const end = Date.parse(`${toDay}T00:00:00Z`);
    if (!DAY_RE.test(fromDay) || !DAY_RE.test(toDay) || Number.isNaN(start) || Number.isNaN(end))
      throw new Error(`carrier simulator: bad usage range ${fromDay}..${toDay}`);
    // real carriers cap history queries too; this also bounds the loop below
    if (end - start > MAX_RANGE_DAYS * DAY_MS) throw new Error(`carrier simulator: usage range over ${MAX_RANGE_DAYS} days`);
    const line = await this.line(customNum);
    const today = chinaDay(now.getTime());
    const inServiceNow = IN_SERVICE.has(line.carrier_status);
    // One status change is remembered: the days before it had the other status (a line resumed
    // today was stopped before, so it used nothing then; a line stopped today was in service).
    const inServiceOn = (day: string) => (line.status_since && day < line.status_since ? !inServiceNow : inServiceNow);
    const out: DailyUsage[] = [];
    for (let t = start; t <= end; t += DAY_MS) {
      const day = new Date(t).toISOString().slice(0, 10);
      // nothing before activation; nothing in the future (the carrier does not know it yet)
      if (day > today || day < line.activated_on) continue;
      // a line that is not in service (stopped, disconnected, cancelled…) uses nothing
      if (!inServiceOn(day) || line.daily_kb === 0) {
        out.push({ day, usedKb: 0 });
        continue;
      }
      const weekday = new Date(t).getUTCDay();
      const weekend = weekday === 0 || weekday === 6 ? 1.3 : 1;
      const factor = (0.35 + 1.3 * unit(customNum, day)) * weekend;
      let kb = Math.round(line.daily_kb * factor);
      if (day === today) kb = Math.round(kb * dayFraction(now));
      out.push({ day, usedKb: kb });
    }
    return this.withExtraUsage(customNum, out);
  }

  // ---- the simulator's control: push a line's usage up (sim/carrierUsage.ts, tests) ----

  /** Add `kb` to the line's usage today (China time): a heavy day, as the carrier would then report it. */
  async addUsage(customNum: string, kb: number, now: Date): Promise<void> {
    await this.line(customNum);
    const day = chinaDay(now.getTime());
    const extra = Math.max(0, Math.round(kb));
    await this.db.kysely
      .insertInto('sim_usage_extra')
      .values({ custom_num: customNum, day, extra_kb: extra })
      .onConflict((oc) => oc.columns(['custom_num', 'day']).doUpdateSet((eb) => ({ extra_kb: eb('sim_usage_extra.extra_kb', '+', extra) })))
      .execute();
  }

  /** The usage pushed onto the line through addUsage, per day. */
  async extraUsage(customNum: string): Promise<{ day: string; extra_kb: number }[]> {
    return this.db.kysely.selectFrom('sim_usage_extra').select(['day', 'extra_kb']).where('custom_num', '=', customNum).execute();
  }

  private async withExtraUsage(customNum: string, out: DailyUsage[]): Promise<DailyUsage[]> {
    const extra = new Map((await this.extraUsage(customNum)).map((r) => [r.day, Number(r.extra_kb)]));
    return extra.size === 0 ? out : out.map((d) => ({ ...d, usedKb: d.usedKb + (extra.get(d.day) ?? 0) }));
  }

  async realNameStatus(customNum: string): Promise<{ realNamed: boolean }> {
    const line = await this.line(customNum);
    return { realNamed: line.real_named === 1 };
  }

  /** The simulator hosts the carrier's pages itself (sim/carrierRealName.ts). */
  async realNameLink(customNum: string, mode: number, ticket: string): Promise<RealNameLink> {
    await this.line(customNum);
    return { url: `/sim/carrier/${mode === 1 ? 'real-name' : 'applet'}/${ticket}`, reference: '' };
  }

  /** What the carrier's own page does when the holder completes verification. */
  async completeRealName(customNum: string): Promise<void> {
    await this.db.kysely.updateTable('sim_lines').set({ real_named: 1 }).where('custom_num', '=', customNum).execute();
  }

  async networks(customNum: string): Promise<NetworkOption[]> {
    const line = await this.line(customNum);
    const nets = JSON.parse(line.networks) as { carrier: number; name?: string }[];
    return nets.map((n) => ({
      carrier: n.carrier,
      name: n.name ?? CARRIER_LABEL[n.carrier] ?? '未知网络',
      active: n.carrier === line.current_network,
      signal: 1 + Math.floor(unit(customNum, String(n.carrier), 'signal') * 4),
    }));
  }

  async switchNetwork(customNum: string, carrier: number): Promise<void> {
    const nets = await this.networks(customNum);
    if (!nets.some((n) => n.carrier === carrier)) throw new Error(`carrier simulator: line ${customNum} has no network ${carrier}`);
    await this.db.kysely.updateTable('sim_lines').set({ current_network: carrier }).where('custom_num', '=', customNum).execute();
  }
}

/**
 * New lines, as a real carrier would already know them (the console's card import, inside its
 * transaction). A line that exists stays as it is.
 */
export async function addSimulatedLines(db: Executor, customNums: string[], activatedOn: string): Promise<void> {
  if (customNums.length === 0) return;
  await db
    .insertInto('sim_lines')
    .values(
      customNums.map((custom_num) => ({
        custom_num,
        carrier_status: 0,
        real_named: 0,
        networks: '[]',
        current_network: 0,
        daily_kb: 0,
        activated_on: activatedOn,
      })),
    )
    .onConflict((oc) => oc.column('custom_num').doNothing())
    .execute();
}

/** The lines of an undone import go with its cards. */
export async function removeSimulatedLines(db: Executor, customNums: string[]): Promise<void> {
  if (customNums.length === 0) return;
  await db.deleteFrom('sim_lines').where('custom_num', 'in', customNums).execute();
}

/** The simulator behind a carrier gateway (itself, or the accounts gateway's account 1), if any. */
export function simulatorBehind(carrier: unknown): CarrierSimulator | null {
  if (carrier instanceof CarrierSimulator) return carrier;
  const inner = (carrier as { standIn?: unknown } | null)?.standIn;
  return inner instanceof CarrierSimulator ? inner : null;
}
