// Following the tasks sent to a GenieACS up (docs/decisions/0032, 0040, 0061): a pending command
// is settled from what the ACS holds now — a fault recorded for its task (failed, in the holder's
// words), its task gone (applied), a download's TRANSFER COMPLETE or the image's version (a firmware
// upgrade applied); one sent without an answer is matched to its task or settled by what the
// device shows (./followUp.ts). acs_commands keeps each task's fate (./commands.ts).
import type { Db } from '../../../db/connect';
import { clock } from '../../../lib/clock';
import type { CommandStatus } from '../gateway';
import { instancesAt, valueAt, type AcsDocument, type AcsTask, type GenieAcsClient } from './client';
import * as commands from './commands';
import { isOnline, str, timeOf } from './deviceDocument';
import { LOST_REASON, matchTask, unansweredVerdict, type SetParameter } from './followUp';
import type { ModelMap } from './modelMap';
import { faultVerdict } from './modelChanges';

/** GenieACS's record of the downloads a device completed (virtual parameters, set at TRANSFER COMPLETE). */
const DOWNLOADS = 'Downloads';

export interface TaskFollowUpOptions {
  client: GenieAcsClient;
  db: Db;
  /** the device's GenieACS id and model map (throws for a serial the ACS does not know) */
  known(serial: string): Promise<{ id: string; model: ModelMap }>;
  onlineWindowMs: number;
}

export class TaskFollowUp {
  constructor(private readonly o: TaskFollowUpOptions) {}

  /** Settle the pending rows from what the ACS holds now: a fault → failed; gone → applied; still there → pending. */
  async sync(rows: commands.AcsCommandRow[]): Promise<void> {
    let pending = rows.filter((r) => r.state === 'pending');
    if (pending.length === 0) return;
    const deviceId = pending[0]!.device_id;
    const [tasks, faults] = await Promise.all([this.o.client.tasks({ device: deviceId }), this.o.client.faults({ device: deviceId })]);
    pending = await this.findUnanswered(pending, tasks);
    const queued = new Set(tasks.map((t) => str(t._id)));
    const faultOf = new Map(faults.map((f) => [str(f._id), f]));
    const now = clock.iso();
    const installed = await this.firmwareInstalled(pending.filter((r) => r.kind === 'firmware' && !queued.has(r.task_id)));
    const model = pending.some((r) => faultOf.has(`${r.device_id}:task_${r.task_id}`))
      ? (await this.o.known(pending[0]!.serial)).model
      : null;
    for (const r of pending) {
      const fault = r.task_id ? faultOf.get(`${r.device_id}:task_${r.task_id}`) : undefined;
      if (fault) {
        const v = faultVerdict(model!, fault);
        await commands.settle(this.o.db.kysely, r.id, 'pending', {
          state: 'failed',
          reason: v.reason,
          fault_code: v.code,
          settled_at: now,
        });
      } else if (r.kind === 'firmware' ? installed.has(r.id) : r.task_id && !queued.has(r.task_id)) {
        await commands.settle(this.o.db.kysely, r.id, 'pending', { state: 'applied', reason: '', fault_code: '', settled_at: now });
      }
    }
  }

  /**
   * The pending rows sent without an answer: each is given its task when the ACS holds one that is
   * it (then followed like any other); one the ACS no longer holds is settled by what the device
   * shows (followUp.ts). Answers the rows still to follow, with the task ids found.
   */
  private async findUnanswered(pending: commands.AcsCommandRow[], tasks: AcsTask[]): Promise<commands.AcsCommandRow[]> {
    const unknown = pending.filter((r) => r.task_id === '');
    if (unknown.length === 0) return pending;
    const db = this.o.db.kysely;
    const taken = await commands.takenTaskIds(
      db,
      unknown[0]!.device_id,
      tasks.map((t) => str(t._id)),
    );
    const found = new Map<number, string>();
    let doc: AcsDocument | undefined;
    for (const r of unknown) {
      const c = {
        kind: r.kind as CommandStatus['kind'],
        parameters: JSON.parse(r.parameters) as SetParameter[],
        fileName: r.file_name,
        createdAt: r.created_at,
      };
      const task = matchTask(c, tasks, taken);
      if (task) {
        taken.add(str(task._id));
        if (await commands.adoptTask(db, r.id, str(task._id))) found.set(r.id, str(task._id));
        continue;
      }
      doc ??= (
        await this.o.client.devices({ _id: r.device_id }, [
          '_id',
          '_lastBoot',
          '_lastBootstrap',
          ...unknown.flatMap((u) => (JSON.parse(u.parameters) as SetParameter[]).map(([path]) => path)),
        ])
      )[0];
      const v = unansweredVerdict(c, doc, clock.now().getTime());
      const at = clock.iso();
      if (v === 'applied') await commands.settle(db, r.id, 'pending', { state: 'applied', reason: '', fault_code: '', settled_at: at });
      if (v === 'lost')
        await commands.settle(db, r.id, 'pending', { state: 'failed', reason: LOST_REASON, fault_code: '', settled_at: at });
    }
    // a download with no task found is still settled by the download rule (its task goes once the router takes it)
    return pending
      .filter((r) => r.task_id !== '' || found.has(r.id) || r.kind === 'firmware')
      .map((r) => (found.has(r.id) ? { ...r, task_id: found.get(r.id)! } : r));
  }

  /**
   * The firmware commands whose image the router now runs: GenieACS recorded its TRANSFER COMPLETE
   * for the file (Downloads.{i}.LastFileName, LastDownload no older than the task), or the router
   * reports the image's version. A download the router took but has not completed stays pending
   * (设备升级中). The version is then read from the router again, so the pages show what it runs.
   */
  private async firmwareInstalled(rows: commands.AcsCommandRow[]): Promise<Set<number>> {
    const done = new Set<number>();
    if (rows.length === 0) return done;
    const dev = await this.o.known(rows[0]!.serial);
    const versionPath = dev.model.parameters['deviceInfo.firmware'];
    const [doc] = await this.o.client.devices({ _id: dev.id }, ['_id', '_lastInform', DOWNLOADS, ...(versionPath ? [versionPath] : [])]);
    if (!doc) return done;
    const version = versionPath ? str(valueAt(doc, versionPath)) : '';
    const completed = instancesAt(doc, DOWNLOADS).map((i) => ({
      file: str(valueAt(doc, `${DOWNLOADS}.${i}.LastFileName`)),
      at: timeOf(valueAt(doc, `${DOWNLOADS}.${i}.LastDownload`)),
    }));
    for (const r of rows) {
      const sent = Date.parse(r.created_at);
      if (completed.some((c) => c.file === r.file_name && c.at >= sent) || (r.target_version !== '' && version === r.target_version))
        done.add(r.id);
    }
    // read the version again rather than trust what the inform left (older GenieACS keeps the pre-flash value until asked)
    if (done.size > 0 && versionPath && isOnline(doc, this.o.onlineWindowMs))
      await this.o.client.postTask(dev.id, { name: 'getParameterValues', parameterNames: [versionPath] });
    return done;
  }
}

/** A command row as the gateway answers it. */
export function statusOf(r: commands.AcsCommandRow): CommandStatus {
  return {
    id: String(r.id),
    kind: r.kind as CommandStatus['kind'],
    state: r.state as CommandStatus['state'],
    reason: r.reason,
    createdAt: r.created_at,
    settledAt: r.settled_at,
  };
}
