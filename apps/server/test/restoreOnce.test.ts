// A paid-for resume reaches the carrier once, however many ask for it at the same time: the
// holder's page loads, their 刷新 and the restore job all call restoreLine, and a real platform
// refuses (or bills) a second resume of a line the first one already restored. SQLite and PostgreSQL.
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../src/context';
import { restoreLine } from '../src/modules/line/restore';
import { cardRecord } from '../src/modules/cardRecord';
import { clock } from '../src/lib/clock';
import { databases, useTestApp } from './harness';

const STOPPED = 4;
const IN_SERVICE = 1;

/**
 * A carrier that counts the asks. Its line comes back only after a slow resume. With `lateReader`,
 * a status read made while another call is in flight is answered as the line was when asked
 * (stopped), but only once the first asker is done: the caller who read the line before the first
 * resume landed, and would then ask again.
 */
function slowCarrier(opts: { failFirst?: boolean; lateReader?: boolean } = {}) {
  let status = STOPPED;
  let fail = opts.failFirst ?? false;
  let inFlight = 0;
  let firstDone = false;
  const asks = { resume: 0 };
  const carrier = {
    lineStatus: async () => {
      const seen = status;
      const late = opts.lateReader && inFlight > 0;
      inFlight++;
      try {
        if (late) while (!firstDone) await sleep(5);
        // the first asker's read after its resume: it is done (its turn given back) shortly after
        if (opts.lateReader && seen === IN_SERVICE) setTimeout(() => (firstDone = true), 60);
        await sleep(15);
        return { status: seen, stopReason: seen === STOPPED ? 'arrears' : '' };
      } finally {
        inFlight--;
      }
    },
    resume: async () => {
      asks.resume++;
      await sleep(30);
      if (fail) {
        fail = false;
        throw new Error('platform busy');
      }
      status = IN_SERVICE;
    },
  };
  return { carrier, asks };
}

describe.each(databases())('one resume per paid fix on %s', (kind) => {
  const t = useTestApp(kind);
  const quietLog = { info() {}, warn() {} } as unknown as AppContext['log'];

  async function markedCard(num: string): Promise<number> {
    const card = (await cardRecord.cardByNum(t.db.kysely, num))!;
    await cardRecord.setCarrierState(t.db.kysely, card.id, STOPPED, 'arrears');
    expect(await cardRecord.requestResume(t.db.kysely, card.id, clock.iso())).toBe(true);
    return card.id;
  }

  it('six asks at once: the carrier is asked once, every asker ends with the line back', async () => {
    const id = await markedCard('1000000021');
    const { carrier, asks } = slowCarrier();
    const ctx = { db: t.db, carrier, log: quietLog } as unknown as AppContext;
    await Promise.all(Array.from({ length: 6 }, () => restoreLine(ctx, id)));
    expect(asks.resume).toBe(1);
    const after = (await cardRecord.cardById(t.db.kysely, id))!;
    expect(after.state).toBe(IN_SERVICE);
    expect(after.resume_requested_at).toBe('');
    // asked again later, nothing reaches the carrier
    expect(await restoreLine(ctx, id)).toBe(false);
    expect(asks.resume).toBe(1);
  });

  it('one who read the line stopped before the first resume landed does not ask again', async () => {
    const id = await markedCard('1000000023');
    const { carrier, asks } = slowCarrier({ lateReader: true });
    const ctx = { db: t.db, carrier, log: quietLog } as unknown as AppContext;
    await Promise.all([restoreLine(ctx, id), restoreLine(ctx, id)]);
    expect(asks.resume).toBe(1);
    expect((await cardRecord.cardById(t.db.kysely, id))!.resume_requested_at).toBe('');
  });

  it('a failed ask gives its turn back: the next ask resumes at once, the mark stays until then', async () => {
    const id = await markedCard('1000000022');
    const { carrier, asks } = slowCarrier({ failFirst: true });
    const ctx = { db: t.db, carrier, log: quietLog } as unknown as AppContext;
    expect(await restoreLine(ctx, id)).toBe(false);
    expect((await cardRecord.cardById(t.db.kysely, id))!.resume_requested_at).not.toBe('');
    expect(await restoreLine(ctx, id)).toBe(true);
    expect(asks.resume).toBe(2);
    expect((await cardRecord.cardById(t.db.kysely, id))!.resume_requested_at).toBe('');
  });
});
