// Support's view of a wifi device in the console (docs/decisions/0032-routers-through-genieacs.md): the
// holder's changes with their state and, for a router behind an ACS, its last inform and the fault
// codes; retrying a failed change (the ACS runs the task again at the next inform) and withdrawing a
// queued one. The console's route checks the operator's permission and agent, and writes the audit
// row in the same transaction as the change's new state (`record`).
import type { AdminDeviceTask, AdminDeviceTasksAnswer } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import { DEVICE_CHANGE_KIND_LABEL, DEVICE_CHANGE_STATE_LABEL, type DeviceChangeKind, type DeviceChangeState } from '@portal/contract/enums';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import { cardRecord } from '../cardRecord';
import * as repo from './repo';
import { deviceGateway, settlePending } from './settle';

export interface SupportDevice {
  /** the card's agent: the console's scope check */
  agentId: number;
  serial: string;
  deviceId: number;
}

const notFound = () => new AppError(Code.NOT_FOUND, '该卡号没有WiFi设备');

/** The device in a card; "not found" alike for an unknown card and a card without a device. */
export async function supportDevice(ctx: AppContext, customNum: string): Promise<SupportDevice> {
  const card = await cardRecord.cardByNum(ctx.db.kysely, customNum);
  const device = card ? await repo.deviceByCard(ctx.db.kysely, card.id) : undefined;
  if (!card || !device) throw notFound();
  return { agentId: card.agent_id, serial: device.serial, deviceId: device.id };
}

export function taskOf(row: repo.ChangeRow, faultCode: string): AdminDeviceTask {
  const state = row.state as DeviceChangeState;
  return {
    id: row.id,
    kind_text: DEVICE_CHANGE_KIND_LABEL[row.kind as DeviceChangeKind],
    summary: row.summary,
    state,
    state_text: DEVICE_CHANGE_STATE_LABEL[state],
    reason: row.reason,
    fault_code: faultCode,
    requested_by: row.actor,
    created_at: row.created_at,
    settled_at: row.settled_at ?? '',
    // only an ACS keeps a faulted task to run again; the simulator's failures are final. A failed
    // download's task is gone once the router reported its TRANSFER COMPLETE: push the image again
    can_retry: state === 'failed' && faultCode !== '' && row.kind !== 'firmware',
    can_cancel: state === 'pending',
  };
}

export async function deviceTasks(ctx: AppContext, d: SupportDevice, customNum: string): Promise<AdminDeviceTasksAnswer> {
  const status = await deviceGateway(ctx).status(d.serial);
  if (!status) throw notFound();
  const caps = await deviceGateway(ctx).capabilities(d.serial);
  const rows = await settlePending(ctx, d.serial, await repo.recentChanges(ctx.db.kysely, d.deviceId));
  const info = deviceGateway(ctx).supportInfo
    ? await deviceGateway(ctx).supportInfo!(
        d.serial,
        rows.map((r) => r.command_id),
      )
    : null;
  return {
    custom_num: customNum,
    serial: d.serial,
    model_name: status.modelName,
    online: status.online,
    acs: info?.acs ?? '',
    last_inform: info?.lastInform ?? '',
    firmware: status.firmware,
    model_key: status.modelKey,
    can_firmware: caps.firmware,
    items: rows.map((r) => taskOf(r, info?.faultCodes[r.command_id] ?? '')),
  };
}

async function changeOf(ctx: AppContext, d: SupportDevice, id: number): Promise<repo.ChangeRow> {
  const row = await repo.changeOf(ctx.db.kysely, d.deviceId, id);
  if (!row) throw new AppError(Code.NOT_FOUND, '该操作不存在');
  return row;
}

/**
 * Retry a failed change at its ACS. `record` runs in one transaction with the change turning
 * pending again (the console's audit row). Refused (400) where nothing can be retried.
 */
export async function retryTask(
  ctx: AppContext,
  d: SupportDevice,
  id: number,
  record: (trx: Executor, before: AdminDeviceTask, after: AdminDeviceTask) => Promise<void>,
): Promise<AdminDeviceTask> {
  const row = await changeOf(ctx, d, id);
  const info = deviceGateway(ctx).supportInfo ? await deviceGateway(ctx).supportInfo!(d.serial, [row.command_id]) : null;
  const before = taskOf(row, info?.faultCodes[row.command_id] ?? '');
  if (!before.can_retry || !deviceGateway(ctx).retry) throw new AppError(Code.BAD_REQUEST, '只有设备执行失败的任务可以重试');
  const c = await deviceGateway(ctx).retry!(d.serial, row.command_id);
  if (!c || c.state !== 'pending') throw new AppError(Code.BAD_REQUEST, '设备管理平台已没有该任务，无法重试');
  const after = taskOf({ ...row, state: 'pending', reason: '', settled_at: null }, '');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.reopenChange(trx, row.id);
    await record(trx, before, after);
  });
  return after;
}

/** Withdraw a queued change; `record` runs in one transaction with its settling as cancelled. */
export async function cancelTask(
  ctx: AppContext,
  d: SupportDevice,
  id: number,
  record: (trx: Executor, before: AdminDeviceTask, after: AdminDeviceTask) => Promise<void>,
): Promise<AdminDeviceTask> {
  const row = await changeOf(ctx, d, id);
  if (row.state !== 'pending')
    throw new AppError(Code.BAD_REQUEST, `该任务${DEVICE_CHANGE_STATE_LABEL[row.state as DeviceChangeState]}，无法撤销`);
  const c = await deviceGateway(ctx).cancel(d.serial, row.command_id);
  if (!c) throw new Error(`device cloud lost command ${row.command_id}`);
  const settledAt = c.settledAt ?? clock.iso();
  const settled = { ...row, state: c.state, reason: c.reason, settled_at: settledAt };
  if (c.state !== 'cancelled') {
    if (c.state !== 'pending') await repo.settleChange(ctx.db.kysely, row.id, c.state, c.reason, settledAt);
    // still pending but no longer withdrawable: a router that took the download is flashing it
    if (c.state === 'pending') throw new AppError(Code.BAD_REQUEST, '设备已开始执行该任务（如固件下载），无法撤销');
    throw new AppError(Code.BAD_REQUEST, `设备已处理该任务（${DEVICE_CHANGE_STATE_LABEL[c.state]}），无法撤销`);
  }
  const after = taskOf(settled, '');
  await ctx.db.kysely.transaction().execute(async (trx) => {
    await repo.settleChange(trx, row.id, 'cancelled', '', settledAt);
    await record(trx, taskOf(row, ''), after);
  });
  return after;
}
