// WiFi设备任务 in the console (docs/decisions/0032-routers-through-genieacs.md): support looks a device up
// by card number, sees its last inform and its queued and failed tasks, and retries or withdraws
// one — with a reason, audited in the same transaction as the change's new state. An agent
// administrator reaches only their agent's devices. The rules are the devices module's.
import type { FastifyInstance } from 'fastify';
import type { AdminDeviceTask, AuditAction } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import type { Executor } from '../../../db/executor';
import { cancelTask, deviceTasks, retryTask, supportDevice } from '../../devices';
import type { AdminActor } from '../access/actor';
import { serveAdmin } from '../access/guard';
import { assertInScope } from '../access/scope';
import { recordAudit } from '../audit';

const PERMISSION = 'devices.support';

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

  serveAdmin(api, ctx, 'adminDeviceTasks', PERMISSION, async (req, _reply, op) =>
    deviceTasks(ctx, await device(op, req.query.custom_num), req.query.custom_num),
  );
  serveAdmin(api, ctx, 'adminDeviceTaskRetry', PERMISSION, async (req, _reply, op) => {
    const d = await device(op, req.body.custom_num);
    return retryTask(ctx, d, req.body.id, audit(op, 'device_task.retried', d.serial, req.body.reason));
  });
  serveAdmin(api, ctx, 'adminDeviceTaskCancel', PERMISSION, async (req, _reply, op) => {
    const d = await device(op, req.body.custom_num);
    return cancelTask(ctx, d, req.body.id, audit(op, 'device_task.cancelled', d.serial, req.body.reason));
  });
}
