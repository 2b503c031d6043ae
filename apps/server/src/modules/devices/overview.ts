// The console's list of wifi devices (WiFi设备任务, docs/decisions/0061-routers-behind-a-slow-acs.md):
// the devices in the operator's scope with whether they are online and when they last called their
// ACS, and their pending and failed tasks (firmware pushes among them), filterable. The pending ones
// are asked about first, so the list shows what the routers did (it follows a slow ACS's tasks
// like the holder's pages do). An ACS that cannot be asked leaves its devices listed as unknown.
import type { AdminDeviceOverviewAnswer, AdminDeviceOverviewRow } from '@portal/contract/admin';
import type { AppContext } from '../../context';
import { DeviceUnreachable } from '../../integrations/device/gateway';
import * as repo from './repo';
import { deviceGateway, settlePending } from './settle';
import { taskOf } from './support';

/** How many devices one look covers: each is asked of its ACS. */
export const OVERVIEW_LIMIT = 100;
/** The open tasks listed per device (the device's own view has them all). */
const TASKS_PER_DEVICE = 10;

export interface OverviewFilter {
  q: string;
  presence: '' | 'online' | 'offline';
  task: '' | 'pending' | 'failed' | 'firmware';
}

/** Whether a row passes the filter (a device whose ACS cannot be asked is neither online nor offline). */
export function passes(row: AdminDeviceOverviewRow, f: OverviewFilter): boolean {
  if (f.presence !== '' && (!row.reachable || row.online !== (f.presence === 'online'))) return false;
  if (f.task === 'firmware') return row.tasks.some((t) => t.kind === 'firmware');
  if (f.task !== '') return row.tasks.some((t) => t.state === f.task);
  return true;
}

async function rowOf(
  ctx: AppContext,
  d: Awaited<ReturnType<typeof repo.devicesInScope>>[number],
  open: repo.ChangeRow[],
): Promise<AdminDeviceOverviewRow> {
  const gw = deviceGateway(ctx);
  const base = { custom_num: d.custom_num, serial: d.serial, agent_name: d.agent_name };
  try {
    const rows = (await settlePending(ctx, d.serial, open)).filter((r) => r.state === 'pending' || r.state === 'failed');
    const info = gw.supportInfo
      ? await gw.supportInfo(
          d.serial,
          rows.map((r) => r.command_id),
        )
      : null;
    const status = await gw.status(d.serial);
    return {
      ...base,
      model_name: status?.modelName ?? '',
      reachable: true,
      online: info ? info.online : (status?.online ?? false),
      last_inform: info?.lastInform ?? '',
      acs: info?.acs ?? '',
      tasks: rows.slice(0, TASKS_PER_DEVICE).map((r) => ({ ...taskOf(r, info?.faultCodes[r.command_id] ?? ''), kind: r.kind })),
    };
  } catch (err) {
    if (!(err instanceof DeviceUnreachable)) throw err;
    // as stored: its ACS cannot say whether the pending ones ran
    return {
      ...base,
      model_name: '',
      reachable: false,
      online: false,
      last_inform: '',
      acs: '',
      tasks: open.slice(0, TASKS_PER_DEVICE).map((r) => ({ ...taskOf(r, ''), kind: r.kind })),
    };
  }
}

/** The devices of `agentId` (null: every agent's) that pass the filter. */
export async function deviceOverview(
  ctx: AppContext,
  agentId: readonly number[] | null,
  f: OverviewFilter,
): Promise<AdminDeviceOverviewAnswer> {
  const devices = await repo.devicesInScope(ctx.db.kysely, agentId, f.q, OVERVIEW_LIMIT + 1);
  const shown = devices.slice(0, OVERVIEW_LIMIT);
  const open = await repo.openChanges(
    ctx.db.kysely,
    shown.map((d) => d.id),
  );
  const rows: AdminDeviceOverviewRow[] = [];
  // one device at a time: a list must not fire a hundred requests at an ACS at once
  for (const d of shown)
    rows.push(
      await rowOf(
        ctx,
        d,
        open.filter((r) => r.device_id === d.id),
      ),
    );
  return { items: rows.filter((r) => passes(r, f)), truncated: devices.length > OVERVIEW_LIMIT };
}
