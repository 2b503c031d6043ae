// A device's tasks in the console (docs/decisions/0032-routers-through-genieacs.md): support looks up a
// wifi device by its card number and sees the router's last inform, the changes its holder asked
// for with their state (queued, failed with the router's fault code), and retries a failed one or
// withdraws a queued one — each with a reason, audited. Never a wifi password: the summaries
// say 修改WiFi密码, the values stay with the router.
import { z } from 'zod';
import { wholeNumber } from '../wholeNumber';
import { adminArea } from './define';
import { AdminReason } from './orders';

const CardNumber = z.string({ error: '请填写卡号' }).trim().min(1, '请填写卡号').max(32, '卡号有误');
const ChangeId = wholeNumber('该操作不存在', { min: 1 });

export const AdminDeviceTask = z.object({
  /** the holder's change (device_changes) */
  id: z.number().int(),
  kind_text: z.string(),
  summary: z.string(),
  state: z.enum(['pending', 'applied', 'failed', 'cancelled']),
  state_text: z.string(),
  reason: z.string(),
  /** the router's CWMP fault code (cwmp.9007 …); '' none or not a router behind an ACS */
  fault_code: z.string(),
  requested_by: z.string(),
  created_at: z.string(),
  settled_at: z.string(),
  /** a failed task an ACS still holds: support may have the router try it again */
  can_retry: z.boolean(),
  /** still queued: support may withdraw it */
  can_cancel: z.boolean(),
});
export type AdminDeviceTask = z.infer<typeof AdminDeviceTask>;

export const AdminDeviceTasksAnswer = z.object({
  custom_num: z.string(),
  serial: z.string(),
  model_name: z.string(),
  online: z.boolean(),
  /** the ACS that manages it; '' for the device simulator */
  acs: z.string(),
  /** when the router last called its ACS; '' unknown (the simulator) */
  last_inform: z.string(),
  items: z.array(AdminDeviceTask),
});
export type AdminDeviceTasksAnswer = z.infer<typeof AdminDeviceTasksAnswer>;

const TaskAction = z.object({ custom_num: CardNumber, id: ChangeId, reason: AdminReason });

export const adminDeviceEndpoints = adminArea({
  adminDeviceTasks: {
    route: 'GET /admin/devices/tasks',
    tags: ['admin devices'],
    summary: '按卡号查看WiFi设备：最近上报时间、待生效与失败的任务（含设备故障码）',
    query: z.object({ custom_num: CardNumber }),
    answer: AdminDeviceTasksAnswer,
  },
  adminDeviceTaskRetry: {
    route: 'POST /admin/devices/tasks/retry',
    tags: ['admin devices'],
    summary: '让设备重新执行一个失败的任务（须填写原因，记入操作日志）',
    body: TaskAction,
    answer: AdminDeviceTask,
  },
  adminDeviceTaskCancel: {
    route: 'POST /admin/devices/tasks/cancel',
    tags: ['admin devices'],
    summary: '撤销一个待生效的任务（须填写原因，记入操作日志）',
    body: TaskAction,
    answer: AdminDeviceTask,
  },
});
