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
  /** the firmware version the device reports */
  firmware: z.string(),
  /** the firmware catalogue's name of its model (GenieACS's product class, or the simulator's model name) */
  model_key: z.string(),
  /** its model takes firmware images remotely (docs/decisions/0040-firmware-through-the-acs.md) */
  can_firmware: z.boolean(),
  items: z.array(AdminDeviceTask),
});
export type AdminDeviceTasksAnswer = z.infer<typeof AdminDeviceTasksAnswer>;

// ---------- the devices in the operator's scope (docs/decisions/0061-routers-behind-a-slow-acs.md) ----------

export const AdminDeviceOverviewQuery = z.object({
  /** a card number or a serial, exactly; '' every device */
  q: z.string({ error: '卡号或序列号有误' }).trim().max(64, '卡号或序列号有误').default(''),
  presence: z.enum(['', 'online', 'offline'], { error: '在线状态有误' }).default(''),
  /** devices with a pending task, a failed one, or a firmware push not yet done (pending or failed) */
  task: z.enum(['', 'pending', 'failed', 'firmware'], { error: '任务筛选有误' }).default(''),
});

export const AdminDeviceOverviewRow = z.object({
  custom_num: z.string(),
  serial: z.string(),
  agent_name: z.string(),
  model_name: z.string(),
  /** false: its ACS could not be asked now; online and last_inform are then unknown */
  reachable: z.boolean(),
  online: z.boolean(),
  /** when the router last called its ACS (ISO; the console shows Beijing time); '' unknown or the simulator */
  last_inform: z.string(),
  /** the ACS that manages it; '' for the device simulator */
  acs: z.string(),
  /** its pending and failed tasks, newest first (firmware pushes among them) */
  tasks: z.array(AdminDeviceTask.extend({ kind: z.string() })),
});
export type AdminDeviceOverviewRow = z.infer<typeof AdminDeviceOverviewRow>;

export const AdminDeviceOverviewAnswer = z.object({
  items: z.array(AdminDeviceOverviewRow),
  /** more devices matched than one look covers (OVERVIEW_LIMIT): narrow it with a card number or serial */
  truncated: z.boolean(),
});
export type AdminDeviceOverviewAnswer = z.infer<typeof AdminDeviceOverviewAnswer>;

const TaskAction = z.object({ custom_num: CardNumber, id: ChangeId, reason: AdminReason });

// ---------- firmware (docs/decisions/0040-firmware-through-the-acs.md) ----------

export const AdminFirmwareImage = z.object({
  id: z.number().int(),
  /** GenieACS's product class, or the simulator's model name */
  model: z.string(),
  /** the model's name as the pages show it; '' for a model no gateway knows any more */
  model_name: z.string(),
  version: z.string(),
  /** the file's name on the ACS's file server */
  file_name: z.string(),
  url: z.string(),
  size_bytes: z.number().int(),
  notes: z.string(),
  created_by: z.string(),
  created_at: z.string(),
  /** '' while it may be pushed */
  withdrawn_at: z.string(),
});
export type AdminFirmwareImage = z.infer<typeof AdminFirmwareImage>;

export const AdminFirmwareModel = z.object({ key: z.string(), name: z.string(), firmware: z.boolean() });

export const AdminFirmwareAnswer = z.object({
  items: z.array(AdminFirmwareImage),
  /** the models the device gateways know: the catalogue's choices */
  models: z.array(AdminFirmwareModel),
});

const FirmwareId = wholeNumber('请选择固件', { min: 1 });
// line breaks are fine in notes; other control characters are not
// eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
const SAFE_TEXT = /^[^\u0000-\u0009\u000b-\u001f\u007f]*$/;

export const AdminFirmwareCreate = z.object({
  model: z.string({ error: '请选择设备型号' }).trim().min(1, '请选择设备型号').max(64, '设备型号有误'),
  version: z
    .string({ error: '请填写版本号' })
    .trim()
    .min(1, '请填写版本号')
    .max(64, '版本号最多 64 个字符')
    .regex(/^[\x21-\x7e]+$/, '版本号须与设备上报的软件版本一致（字母、数字和符号，不含空格）'),
  file_name: z
    .string({ error: '请填写文件名' })
    .trim()
    .min(1, '请填写文件名')
    .max(128, '文件名最多 128 个字符')
    .regex(/^[A-Za-z0-9._-]+$/, '文件名只能含字母、数字、点、下划线和短横线（与ACS文件服务器上的名称一致）'),
  url: z
    .string({ error: '下载地址有误' })
    .trim()
    .max(500, '下载地址最多 500 个字符')
    .regex(/^(https:\/\/[^\s]+)?$/, '下载地址须以 https:// 开头，或留空（由ACS文件服务器提供）')
    .default(''),
  size_bytes: wholeNumber('请填写文件大小（字节）', { min: 1, max: 2_000_000_000 }),
  notes: z.string({ error: '说明有误' }).trim().max(500, '说明最多 500 个字').regex(SAFE_TEXT, '说明含有不可见字符').default(''),
  reason: AdminReason,
});

export const AdminFirmwarePush = z.object({
  custom_num: CardNumber,
  /** other cards whose devices are of the same model, pushed at once */
  also: z.array(CardNumber).max(50, '一次最多推送 50 台设备').default([]),
  firmware_id: FirmwareId,
  reason: AdminReason,
});

export const AdminFirmwarePushAnswer = z.object({
  items: z.array(z.object({ custom_num: z.string(), serial: z.string(), task: AdminDeviceTask })),
});

// ---------- every firmware push in the operator's scope (docs/decisions/0075-firmware-pushes-one-line-state-cross-carrier-import.md) ----------

const iso = z.iso.datetime({ offset: true, error: '时间格式有误' });

export const AdminFirmwarePushQuery = z
  .object({
    state: z.enum(['', 'pending', 'applied', 'failed', 'cancelled'], { error: '推送状态有误' }).default(''),
    /** the image's model (the catalogue's key); '' every model */
    model: z.string({ error: '设备型号有误' }).trim().max(64, '设备型号有误').default(''),
    /** started at or after / before (the console sends Beijing days' starts) */
    from: iso.optional(),
    to: iso.optional(),
    /** keyset paging: the id of the last push of the previous page */
    before_id: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').positive('分页参数有误').optional(),
    limit: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').max(100, '每页最多 100 条').default(50),
  })
  .refine((q) => !q.from || !q.to || Date.parse(q.from) < Date.parse(q.to), { message: '开始时间须早于结束时间', path: ['to'] });

export const AdminFirmwarePushRow = z.object({
  /** the device change (device_changes) */
  id: z.number().int(),
  custom_num: z.string(),
  serial: z.string(),
  agent_name: z.string(),
  /** the image's model key and its name; '' when the push's image is not known (before 048) */
  model: z.string(),
  model_name: z.string(),
  /** the version pushed */
  version: z.string(),
  summary: z.string(),
  state: z.enum(['pending', 'applied', 'failed', 'cancelled']),
  state_text: z.string(),
  reason: z.string(),
  requested_by: z.string(),
  created_at: z.string(),
  /** '' while pending */
  settled_at: z.string(),
});
export type AdminFirmwarePushRow = z.infer<typeof AdminFirmwarePushRow>;

export const AdminFirmwarePushesAnswer = z.object({
  items: z.array(AdminFirmwarePushRow),
  next_before_id: z.number().int().nullable(),
});

export const adminDeviceEndpoints = adminArea({
  adminDeviceTasks: {
    route: 'GET /admin/devices/tasks',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '按卡号查看WiFi设备：最近上报时间、待生效与失败的任务（含设备故障码）',
    query: z.object({ custom_num: CardNumber }),
    answer: AdminDeviceTasksAnswer,
  },
  adminDeviceOverview: {
    route: 'GET /admin/devices/overview',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '范围内的WiFi设备：在线/离线、最近上报时间、待生效与失败的任务及固件推送，可筛选',
    query: AdminDeviceOverviewQuery,
    answer: AdminDeviceOverviewAnswer,
  },
  adminDeviceTaskRetry: {
    route: 'POST /admin/devices/tasks/retry',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '让设备重新执行一个失败的任务（须填写原因，记入操作日志）',
    body: TaskAction,
    answer: AdminDeviceTask,
  },
  adminDeviceTaskCancel: {
    route: 'POST /admin/devices/tasks/cancel',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '撤销一个待生效的任务（须填写原因，记入操作日志）',
    body: TaskAction,
    answer: AdminDeviceTask,
  },
  adminFirmwareList: {
    route: 'GET /admin/devices/firmware',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '固件库：各型号登记的固件，及可选的设备型号',
    query: z.object({ model: z.string().trim().max(64, '设备型号有误').optional() }),
    answer: AdminFirmwareAnswer,
  },
  adminFirmwareCreate: {
    route: 'POST /admin/devices/firmware',
    access: 'firmware.manage',
    tags: ['admin devices'],
    summary: '登记一个固件（型号、版本、ACS上的文件名；须填写原因，记入操作日志）',
    body: AdminFirmwareCreate,
    answer: AdminFirmwareImage,
  },
  adminFirmwareWithdraw: {
    route: 'POST /admin/devices/firmware/withdraw',
    access: 'firmware.manage',
    tags: ['admin devices'],
    summary: '下架一个固件：此后不能再推送（须填写原因，记入操作日志）',
    body: z.object({ id: FirmwareId, reason: AdminReason }),
    answer: AdminFirmwareImage,
  },
  adminDeviceFirmwarePush: {
    route: 'POST /admin/devices/firmware/push',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '向设备（或同型号的多台设备）推送固件升级（须填写原因，记入操作日志）',
    body: AdminFirmwarePush,
    answer: AdminFirmwarePushAnswer,
  },
  adminFirmwarePushes: {
    route: 'GET /admin/devices/firmware/pushes',
    access: 'devices.support',
    tags: ['admin devices'],
    summary: '范围内的全部固件推送：设备、型号、目标版本、发起人、开始与完成时间，可按状态、型号和时间筛选',
    query: AdminFirmwarePushQuery,
    answer: AdminFirmwarePushesAnswer,
  },
});
