// Firmware in the console (docs/decisions/0040-firmware-through-the-acs.md): the platform's catalogue
// of images per model, and support pushing one to a device (or to several devices of one model). A
// push is a change of the device like the holder's (device_changes, kind firmware), asked by an
// operator: it is pending while the device fetches and flashes the image, applied once it runs it
// (its version is read back), failed with the router's reason. The rules, checked for every device
// before anything is sent: the model takes firmware (its map declares download), the image is this
// model's and not withdrawn, the device does not run it already, and no other upgrade waits.
import type { AdminDeviceTask, AdminFirmwareImage } from '@portal/contract/admin';
import { Code } from '@portal/contract/codes';
import type { AppContext } from '../../context';
import type { Executor } from '../../db/executor';
import type { DeviceModelInfo, FirmwareFile } from '../../integrations/device/gateway';
import { DeviceUnsupported } from '../../integrations/device/gateway';
import { clock } from '../../lib/clock';
import { AppError } from '../../lib/errors';
import * as firmwareRepo from './firmwareRepo';
import * as repo from './repo';
import { deviceGateway, settlePending } from './settle';
import { taskOf, type SupportDevice } from './support';

const bad = (message: string) => new AppError(Code.BAD_REQUEST, message);

function imageOf(r: firmwareRepo.FirmwareRow, models: DeviceModelInfo[]): AdminFirmwareImage {
  return {
    id: r.id,
    model: r.model,
    model_name: models.find((m) => m.key === r.model)?.name ?? '',
    version: r.version,
    file_name: r.file_name,
    url: r.url,
    size_bytes: r.size_bytes,
    notes: r.notes,
    created_by: r.created_by,
    created_at: r.created_at,
    withdrawn_at: r.withdrawn_at ?? '',
  };
}

export async function firmwareCatalogue(ctx: AppContext, model?: string) {
  const models = await deviceGateway(ctx).models();
  const rows = await firmwareRepo.listFirmware(ctx.db.kysely, model);
  return { items: rows.map((r) => imageOf(r, models)), models };
}

export interface NewFirmware {
  model: string;
  version: string;
  file_name: string;
  url: string;
  size_bytes: number;
  notes: string;
}

/** Register an image for a model that takes firmware; `record` (the audit row) runs in the insert's transaction. */
export async function registerFirmware(
  ctx: AppContext,
  input: NewFirmware,
  createdBy: string,
  record: (trx: Executor, image: AdminFirmwareImage) => Promise<void>,
): Promise<AdminFirmwareImage> {
  const models = await deviceGateway(ctx).models();
  const model = models.find((m) => m.key === input.model);
  if (!model) throw bad(`未知的设备型号「${input.model}」，请从列表中选择`);
  if (!model.firmware) throw bad(`${model.name} 不支持远程固件升级（其参数映射未声明 download）`);
  if (await firmwareRepo.firmwareByVersion(ctx.db.kysely, input.model, input.version))
    throw bad(`${model.name} 已登记过版本 ${input.version}`);
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const row = await firmwareRepo.insertFirmware(trx, { ...input, created_by: createdBy, created_at: clock.iso() });
    const image = imageOf(row, models);
    await record(trx, image);
    return image;
  });
}

export async function withdrawFirmware(
  ctx: AppContext,
  id: number,
  record: (trx: Executor, image: AdminFirmwareImage) => Promise<void>,
): Promise<AdminFirmwareImage> {
  const models = await deviceGateway(ctx).models();
  const row = await firmwareRepo.firmwareById(ctx.db.kysely, id);
  if (!row) throw new AppError(Code.NOT_FOUND, '该固件不存在');
  if (row.withdrawn_at) throw bad('该固件已下架');
  return ctx.db.kysely.transaction().execute(async (trx) => {
    const at = clock.iso();
    if (!(await firmwareRepo.withdrawFirmware(trx, id, at))) throw bad('该固件已下架');
    const image = imageOf({ ...row, withdrawn_at: at }, models);
    await record(trx, image);
    return image;
  });
}

export interface PushTarget {
  customNum: string;
  device: SupportDevice;
}

interface Checked extends PushTarget {
  from: string;
}

/** The firmware change waiting on this device, after asking its gateway about the pending ones. */
async function pendingUpgrade(ctx: AppContext, d: SupportDevice): Promise<repo.ChangeRow | undefined> {
  const rows = await settlePending(ctx, d.serial, await repo.pendingChanges(ctx.db.kysely, d.deviceId));
  return rows.find((r) => r.kind === 'firmware' && r.state === 'pending');
}

/**
 * Push an image to each device. Every device is checked before anything is sent, so a wrong card
 * in the list refuses the whole push and writes nothing. `record` writes the audit row of each
 * device in the transaction that records its change.
 */
export async function pushFirmware(
  ctx: AppContext,
  targets: PushTarget[],
  firmwareId: number,
  actor: string,
  record: (trx: Executor, t: PushTarget, from: string, task: AdminDeviceTask) => Promise<void>,
): Promise<{ custom_num: string; serial: string; task: AdminDeviceTask }[]> {
  const image = await firmwareRepo.firmwareById(ctx.db.kysely, firmwareId);
  if (!image || image.withdrawn_at) throw bad('该固件不存在或已下架');
  const seen = new Set<string>();
  const checked: Checked[] = [];
  for (const t of targets) {
    if (seen.has(t.device.serial)) continue;
    seen.add(t.device.serial);
    const gw = deviceGateway(ctx);
    const status = await gw.status(t.device.serial);
    if (!status) throw bad(`卡号 ${t.customNum} 的设备在设备管理平台上找不到`);
    // the server's word, whatever the page offered: another model's image could brick the router
    if (status.modelKey !== image.model)
      throw bad(`卡号 ${t.customNum} 的设备是 ${status.modelName}（${status.modelKey}），不能推送 ${image.model} 的固件`);
    if (!(await gw.capabilities(t.device.serial)).firmware) throw bad(`卡号 ${t.customNum} 的设备型号不支持远程固件升级`);
    if (status.firmware === image.version) throw bad(`卡号 ${t.customNum} 的设备已是版本 ${image.version}，无需升级`);
    if (await pendingUpgrade(ctx, t.device)) throw bad(`卡号 ${t.customNum} 的设备已有一个待执行的固件升级，请等它完成或撤销后再推送`);
    checked.push({ ...t, from: status.firmware });
  }
  const file: FirmwareFile = { fileName: image.file_name, version: image.version, url: image.url, sizeBytes: image.size_bytes };
  const out: { custom_num: string; serial: string; task: AdminDeviceTask }[] = [];
  for (const t of checked) {
    let command;
    try {
      command = await deviceGateway(ctx).upgradeFirmware(t.device.serial, file);
    } catch (err) {
      if (err instanceof DeviceUnsupported) throw bad(`卡号 ${t.customNum} 的设备型号不支持远程固件升级`);
      throw err;
    }
    const task = await ctx.db.kysely.transaction().execute(async (trx) => {
      const row = await repo.insertChange(trx, {
        device_id: t.device.deviceId,
        // asked by an operator, not a user of the portal
        user_id: 0,
        actor,
        kind: 'firmware',
        // in the holder's words too: the versions, not the file
        summary: `固件从 ${t.from || '未知版本'} 升级到 ${image.version}`,
        command_id: command.id,
        state: command.state,
        reason: command.reason,
        created_at: command.createdAt,
        settled_at: command.settledAt,
        firmware_id: image.id,
      });
      const view = taskOf(row, '');
      await record(trx, t, t.from, view);
      return view;
    });
    out.push({ custom_num: t.customNum, serial: t.device.serial, task });
  }
  return out;
}
