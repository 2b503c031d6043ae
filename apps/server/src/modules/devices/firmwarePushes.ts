// Every firmware push in the operator's scope (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md):
// the console's list beside the devices' — each push with its device, card, image (model and
// version), who started it, when it started and ended, and its state, filtered by state, model and
// start time, newest first by keyset. The pending ones in scope (the newest PENDING_LOOK) are asked
// about before the list is read (one device at a time, as the device list does), so a push the router
// has run reads 已生效 here and the state filter agrees with what the rows say; a device whose cloud
// cannot be asked keeps its stored state.
import type { AdminFirmwarePushRow } from '@portal/contract/admin';
import { DEVICE_CHANGE_STATE_LABEL, type DeviceChangeState } from '@portal/contract/enums';
import type { AppContext } from '../../context';
import { DeviceUnreachable } from '../../integrations/device/gateway';
import * as repo from './repo';
import { deviceGateway, settlePending } from './settle';

export interface PushListQuery {
  state: '' | DeviceChangeState;
  model: string;
  from?: string;
  to?: string;
  before_id?: number;
  limit: number;
}

/** How many pending pushes one look asks the devices about: each device is one call to its cloud. */
export const PENDING_LOOK = 100;

type PushRow = Awaited<ReturnType<typeof repo.firmwarePushes>>[number];

/** The version a push installs: its image's, else the one its summary names (固件从 A 升级到 B). */
export function versionOf(r: Pick<PushRow, 'image_version' | 'summary'>): string {
  return r.image_version ?? /升级到 (\S+)$/.exec(r.summary)?.[1] ?? '';
}

/** Record what the devices say of the pending pushes in scope, one device at a time. */
async function settleScope(ctx: AppContext, agentId: readonly number[] | null): Promise<void> {
  const pending = await repo.firmwarePushes(ctx.db.kysely, agentId, { state: 'pending', model: '' }, PENDING_LOOK);
  for (const serial of new Set(pending.map((r) => r.serial))) {
    try {
      await settlePending(
        ctx,
        serial,
        pending.filter((p) => p.serial === serial),
      );
    } catch (err) {
      if (!(err instanceof DeviceUnreachable)) throw err;
    }
  }
}

export async function firmwarePushList(ctx: AppContext, agentId: readonly number[] | null, q: PushListQuery) {
  await settleScope(ctx, agentId);
  const rows = await repo.firmwarePushes(
    ctx.db.kysely,
    agentId,
    {
      state: q.state,
      model: q.model,
      // stored as UTC ISO text: compare like with like, whatever offset the filter was written in
      from: q.from ? new Date(q.from).toISOString() : undefined,
      to: q.to ? new Date(q.to).toISOString() : undefined,
      beforeId: q.before_id,
    },
    q.limit + 1,
  );
  const page = rows.slice(0, q.limit);
  const models = page.some((r) => r.image_model) ? await deviceGateway(ctx).models() : [];
  const items: AdminFirmwarePushRow[] = page.map((r) => {
    const state = r.state as DeviceChangeState;
    return {
      id: r.id,
      custom_num: r.custom_num,
      serial: r.serial,
      agent_name: r.agent_name,
      model: r.image_model ?? '',
      model_name: models.find((m) => m.key === r.image_model)?.name ?? r.image_model ?? '',
      version: versionOf(r),
      summary: r.summary,
      state,
      state_text: DEVICE_CHANGE_STATE_LABEL[state],
      reason: r.reason,
      requested_by: r.actor,
      created_at: r.created_at,
      settled_at: r.settled_at ?? '',
    };
  });
  return { items, next_before_id: rows.length > q.limit ? page[page.length - 1]!.id : null };
}
