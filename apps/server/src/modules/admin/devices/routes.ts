// WiFi设备任务 in the console (docs/decisions/0032-routers-through-genieacs.md): support looks a device up
// by card number, sees its last inform and its queued and failed tasks, and retries or withdraws
// one — with a reason, audited in the same transaction as the change's new state. An agent
// administrator reaches only their agent's devices. The rules are the devices module's.
import type { FastifyInstance } from 'fastify';
import type { AdminDeviceTask, AuditAction } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import {
  cancelTask,
  deviceOverview,
  deviceTasks,
  firmwareCatalogue,
  firmwarePushList,
  pushFirmware,
  registerFirmware,
  retryTask,
  supportDevice,
  withdrawFirmware,
} from '../../devices';
import type { AdminActor } from '../access/actor';
import { serve } from '../../../lib/endpoint';
import { AppError } from '../../../lib/errors';
import { agentFilter, assertInScope } from '../access/scope';
import { recordAudit } from '../audit';

export async function deviceTaskRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const device = async (op: AdminActor, customNum: string) => {
    const d = await supportDevice(ctx, customNum);
    assertInScope(op, d.agentId);
    return d;
  };
  const audit =
    (op: AdminActor, action: AuditAction, serial: string, reason: string) =>
    (trx: Executor, before: AdminDeviceTask, after: AdminDeviceTask) =>
      recordAudit(trx, op, {
        action,
        target: { type: 'device', id: serial },
        reason,
        // what support sees: kind, summary (never a wifi password), state
        before: { change: before.id, summary: before.summary, state: before.state, fault_code: before.fault_code },
        after: { change: after.id, state: after.state },
      });

  // the devices in the operator's scope: an agent administrator's own agent's only
  serve(api, 'adminDeviceOverview', async (req, _reply, op) => deviceOverview(ctx, agentFilter(op), req.query));
  serve(api, 'adminDeviceTasks', async (req, _reply, op) => deviceTasks(ctx, await device(op, req.query.custom_num), req.query.custom_num));
  serve(api, 'adminDeviceTaskRetry', async (req, _reply, op) => {
    const d = await device(op, req.body.custom_num);
    return retryTask(ctx, d, req.body.id, audit(op, 'device_task.retried', d.serial, req.body.reason));
  });
  serve(api, 'adminDeviceTaskCancel', async (req, _reply, op) => {
    const d = await device(op, req.body.custom_num);
    return cancelTask(ctx, d, req.body.id, audit(op, 'device_task.cancelled', d.serial, req.body.reason));
  });

  // ---------- firmware ----------

  serve(api, 'adminFirmwareList', async (req) => firmwareCatalogue(ctx, req.query.model || undefined));
  serve(api, 'adminFirmwareCreate', async (req, _reply, op) => {
    const { reason, ...input } = req.body;
    return registerFirmware(ctx, input, op.displayName || op.username, (trx, image) =>
      recordAudit(trx, op, {
        action: 'firmware.registered',
        target: { type: 'firmware', id: image.id },
        reason,
        after: { model: image.model, version: image.version, file_name: image.file_name, size_bytes: image.size_bytes },
      }),
    );
  });
  serve(api, 'adminFirmwareWithdraw', async (req, _reply, op) =>
    withdrawFirmware(ctx, req.body.id, (trx, image) =>
      recordAudit(trx, op, {
        action: 'firmware.withdrawn',
        target: { type: 'firmware', id: image.id },
        reason: req.body.reason,
        before: { model: image.model, version: image.version, withdrawn_at: '' },
        after: { withdrawn_at: image.withdrawn_at },
      }),
    ),
  );
  // every push of every state in the operator's scope (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md)
  serve(api, 'adminFirmwarePushes', async (req, _reply, op) => firmwarePushList(ctx, agentFilter(op), req.query));
  serve(api, 'adminDeviceFirmwarePush', async (req, _reply, op) => {
    // every card resolved and in the operator's scope before anything is sent; the cards that have no
    // device (or none the operator may see) are named, all of them, so the list can be fixed at once
    const targets = [];
    const missing: string[] = [];
    for (const customNum of [...new Set([req.body.custom_num, ...req.body.also])]) {
      try {
        targets.push({ customNum, device: await device(op, customNum) });
      } catch (err) {
        if (!(err instanceof AppError) || err.code !== Code.NOT_FOUND) throw err;
        missing.push(customNum);
      }
    }
    if (missing.length > 0)
      throw new AppError(
        Code.NOT_FOUND,
        `${missing.length > 5 ? `${missing.slice(0, 5).join('、')} 等 ${missing.length} 张卡` : missing.join('、')}没有WiFi设备，本次未向任何设备推送；请从列表中移除后重试`,
      );
    const items = await pushFirmware(ctx, targets, req.body.firmware_id, `客服 ${op.displayName || op.username}`, (trx, t, from, task) =>
      recordAudit(trx, op, {
        action: 'device_firmware.pushed',
        target: { type: 'device', id: t.device.serial },
        reason: req.body.reason,
        before: { firmware: from },
        after: { change: task.id, firmware_id: req.body.firmware_id, summary: task.summary, state: task.state },
      }),
    );
    return { items };
  });
}
