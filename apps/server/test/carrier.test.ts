// The carrier simulator: repeatable, believable usage from sim_lines, and the network switch of
// multi-SIM devices. Called directly (no HTTP) over a real migrated and seeded database.
import { describe, expect, it } from 'vitest';
import { chinaDate } from '@portal/domain';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { databases, useTestApp } from './harness';

const DAY = 86_400_000;

/** The instant of a China-time wall clock on `day` (YYYY-MM-DD). */
function chinaTime(day: string, hhmmss: string): Date {
  return new Date(`${day}T${hhmmss}+08:00`);
}

function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
}

describe.each(databases())('carrier simulator on %s', (kind) => {
  const t = useTestApp(kind);
  const sim = () => new CarrierSimulator(t.db);
  const today = chinaDate(new Date());

  it('answers the same question with the same figures (deterministic)', async () => {
    const now = chinaTime(today, '15:00:00');
    const a = await sim().usage('1000000001', addDays(today, -29), today, now);
    const b = await sim().usage('1000000001', addDays(today, -29), today, now);
    expect(a).toEqual(b);
    expect(a).toHaveLength(30);
    // another simulator instance (another server process) agrees
    expect(await new CarrierSimulator(t.db).usage('1000000001', addDays(today, -29), today, now)).toEqual(a);
  });

  it('produces believable daily figures around the line’s typical use', async () => {
    const now = chinaTime(today, '23:59:59');
    const days = await sim().usage('1000000001', addDays(today, -59), addDays(today, -1), now);
    expect(days).toHaveLength(59);
    const typical = 1_800_000; // seed: 1000000001 uses about 1.8 GB a day
    for (const d of days) {
      expect(Number.isInteger(d.usedKb)).toBe(true);
      expect(d.usedKb).toBeGreaterThanOrEqual(Math.floor(typical * 0.35));
      expect(d.usedKb).toBeLessThanOrEqual(Math.ceil(typical * 1.65 * 1.3));
    }
    // not a flat line
    expect(new Set(days.map((d) => d.usedKb)).size).toBeGreaterThan(40);
    const avg = days.reduce((s, d) => s + d.usedKb, 0) / days.length;
    expect(avg).toBeGreaterThan(typical * 0.7);
    expect(avg).toBeLessThan(typical * 1.5);
    // dates are consecutive China-time days, oldest first
    expect(days[0]!.day).toBe(addDays(today, -59));
    expect(days.at(-1)!.day).toBe(addDays(today, -1));
  });

  it('reports today partially: it grows through the day from 0 at midnight', async () => {
    const at = (hms: string) => sim().usage('1000000001', today, today, chinaTime(today, hms));
    const [midnight, morning, noon, evening] = await Promise.all([at('00:00:00'), at('08:00:00'), at('12:00:00'), at('23:59:59')]);
    expect(midnight[0]!.usedKb).toBe(0);
    expect(morning[0]!.usedKb).toBeGreaterThan(0);
    expect(noon[0]!.usedKb).toBeGreaterThan(morning[0]!.usedKb);
    expect(evening[0]!.usedKb).toBeGreaterThan(noon[0]!.usedKb);
    // at noon about half of the day's figure
    expect(noon[0]!.usedKb / evening[0]!.usedKb).toBeCloseTo(0.5, 1);
    // the same day seen the next day is the full figure
    const tomorrow = await sim().usage('1000000001', today, today, chinaTime(addDays(today, 1), '09:00:00'));
    expect(tomorrow[0]!.usedKb).toBeGreaterThanOrEqual(evening[0]!.usedKb);
  });

  it('knows nothing of the future or of days before activation', async () => {
    const now = chinaTime(today, '12:00:00');
    const future = await sim().usage('1000000001', addDays(today, 1), addDays(today, 5), now);
    expect(future).toEqual([]);
    const line = await t.db.kysely
      .selectFrom('sim_lines')
      .select('activated_on')
      .where('custom_num', '=', '1000000001')
      .executeTakeFirstOrThrow();
    const around = await sim().usage('1000000001', addDays(line.activated_on, -5), addDays(line.activated_on, 2), now);
    expect(around.map((d) => d.day)).toEqual([line.activated_on, addDays(line.activated_on, 1), addDays(line.activated_on, 2)]);
  });

  it('a stopped line uses nothing; back in service it uses data again', async () => {
    const now = chinaTime(today, '18:00:00');
    const before = await sim().usage('1000000006', addDays(today, -6), today, now);
    expect(before.some((d) => d.usedKb > 0)).toBe(true);
    await t.db.kysely.updateTable('sim_lines').set({ carrier_status: 3 }).where('custom_num', '=', '1000000006').execute();
    const stopped = await sim().usage('1000000006', addDays(today, -6), today, now);
    expect(stopped).toHaveLength(7);
    expect(stopped.every((d) => d.usedKb === 0)).toBe(true);
    await t.db.kysely.updateTable('sim_lines').set({ carrier_status: 1 }).where('custom_num', '=', '1000000006').execute();
    expect(await sim().usage('1000000006', addDays(today, -6), today, now)).toEqual(before);
  });

  it('the cancelled demo card (1000000005) uses nothing', async () => {
    const days = await sim().usage('1000000005', addDays(today, -9), today, chinaTime(today, '20:00:00'));
    expect(days).toHaveLength(10);
    expect(days.every((d) => d.usedKb === 0)).toBe(true);
  });

  it('lists a multi-SIM device’s networks and switches between them', async () => {
    const nets = await sim().networks('1000000012');
    expect(nets.map((n) => n.carrier)).toEqual([1, 2, 3]);
    expect(nets.map((n) => n.name)).toEqual(['中国移动', '中国联通', '中国电信']);
    expect(nets.filter((n) => n.active).map((n) => n.carrier)).toEqual([1]);
    for (const n of nets) {
      expect(n.signal).toBeGreaterThanOrEqual(1);
      expect(n.signal).toBeLessThanOrEqual(4);
    }
    await sim().switchNetwork('1000000012', 3);
    const after = await sim().networks('1000000012');
    expect(after.filter((n) => n.active).map((n) => n.carrier)).toEqual([3]);
    // signal belongs to the network, not to which one is active
    expect(after.map((n) => n.signal)).toEqual(nets.map((n) => n.signal));
    await expect(sim().switchNetwork('1000000012', 8)).rejects.toThrow(/no network 8/);
    expect((await sim().networks('1000000012')).find((n) => n.active)!.carrier).toBe(3);
    await sim().switchNetwork('1000000012', 1);
  });

  it('a single-network card has no network list; a single-network card cannot switch', async () => {
    expect(await sim().networks('1000000001')).toEqual([]);
    await expect(sim().switchNetwork('1000000001', 2)).rejects.toThrow();
  });

  it('reports line and real-name status from its own state', async () => {
    expect(await sim().lineStatus('1000000001')).toEqual({ status: 1, realNamed: true, stopReason: '' });
    expect(await sim().lineStatus('1000000005')).toEqual({ status: 6, realNamed: true, stopReason: '' });
    expect(await sim().realNameStatus('1000000003')).toEqual({ realNamed: false });
  });

  it('refuses unknown lines and malformed ranges', async () => {
    const now = new Date();
    await expect(sim().usage('1999999999', today, today, now)).rejects.toThrow(/unknown line/);
    await expect(sim().lineStatus('1999999999')).rejects.toThrow(/unknown line/);
    await expect(sim().usage('1000000001', 'yesterday', today, now)).rejects.toThrow(/bad usage range/);
    await expect(sim().usage('1000000001', '2000-01-01', today, now)).rejects.toThrow(/over 400 days/);
  });
});
