// The device cloud's word on changes still pending (an ACS task applied at the device's inform, or
// failed): asked once for a list of rows and recorded, so the holder's pages and the console's task
// view read the same settled states.
import type { AppContext } from '../../context';
import type { DeviceGateway } from '../../integrations/device/gateway';
import { clock } from '../../lib/clock';
import * as repo from './repo';

export function deviceGateway(ctx: AppContext): DeviceGateway {
  if (!ctx.devices) throw new Error('no device gateway in this context');
  return ctx.devices;
}

/** Ask the device cloud about the pending ones among `rows`, record what it says, answer the rows as they are now. */
export async function settlePending(ctx: AppContext, serial: string, rows: repo.ChangeRow[]): Promise<repo.ChangeRow[]> {
  const pending = rows.filter((r) => r.state === 'pending');
  if (pending.length === 0) return rows;
  const byId = new Map(
    (
      await deviceGateway(ctx).commands(
        serial,
        pending.map((r) => r.command_id),
      )
    ).map((c) => [c.id, c]),
  );
  return Promise.all(
    rows.map(async (r) => {
      const c = byId.get(r.command_id);
      if (r.state !== 'pending' || !c || c.state === 'pending') return r;
      const settledAt = c.settledAt ?? clock.iso();
      await repo.settleChange(ctx.db.kysely, r.id, c.state, c.reason, settledAt);
      return { ...r, state: c.state, reason: c.reason, settled_at: settledAt };
    }),
  );
}
