// The rules for a change whose task the NBI took but did not answer in time (docs/decisions/0061-
// routers-behind-a-slow-acs.md): GenieACS stores a task before it asks the device to connect, and
// may hold the POST up to the end of the device's session (about 120 s), longer than our HTTP
// client waits. Such a change is pending with no task id; it is then found on /tasks by device,
// task name and the parameters it sets (never by sending it again), and once gone from /tasks it
// ran if the device shows it did — GenieACS stamps every parameter a SetParameterValues set, with
// the value set (a stamp alone could be a mere re-read), and a reboot or factory reset shows as the
// device's next BOOT / BOOTSTRAP. No trace of it at all, long
// after the NBI could still have been holding it, means it never reached GenieACS.
import type { CommandStatus } from '../gateway';
import { timestampAt, valueAt, type AcsDocument, type AcsTask } from './client';

/** A parameter a setParameterValues sets, and its value — null for a passphrase, which the portal does not keep. */
export type SetParameter = [path: string, value: string | number | boolean | null];

/** The task a change is sent as. */
export function taskNameOf(kind: CommandStatus['kind']): string {
  if (kind === 'reboot') return 'reboot';
  if (kind === 'reset') return 'factoryReset';
  if (kind === 'firmware') return 'download';
  return 'setParameterValues';
}

/**
 * How long after sending a task with no answer GenieACS may still be shown not to hold it: its
 * session lock wait (30 s) and the session (120 s), with room for the clocks of two hosts.
 */
export const UNANSWERED_GRACE_MS = 5 * 60_000;

/** How far GenieACS's clock may be behind ours when its stamps are read as "after we sent it". */
export const CLOCK_SKEW_MS = 30_000;

export interface Unanswered {
  kind: CommandStatus['kind'];
  /** what a setParameterValues sets */
  parameters: SetParameter[];
  /** a download's file */
  fileName: string;
  /** when we sent it (ISO) */
  createdAt: string;
}

const paths = (t: AcsTask): string[] => {
  const values = (t as { parameterValues?: unknown }).parameterValues;
  return Array.isArray(values) ? values.map((v) => (Array.isArray(v) ? String(v[0]) : '')).sort() : [];
};

/**
 * The device's oldest task that is this change: same name, same paths (or file), stored after it was
 * sent (give or take the clocks: an older one is somebody else's, e.g. left faulted in GenieACS's UI),
 * and followed by no other change.
 */
export function matchTask(c: Unanswered, tasks: AcsTask[], taken: ReadonlySet<string>): AcsTask | undefined {
  const name = taskNameOf(c.kind);
  const want = c.parameters
    .map(([path]) => path)
    .sort()
    .join('\n');
  const sent = Date.parse(c.createdAt) - CLOCK_SKEW_MS;
  return tasks
    .filter((t) => t.name === name && !taken.has(String(t._id)) && Date.parse(t.timestamp ?? '') >= sent)
    .filter((t) =>
      name === 'setParameterValues'
        ? paths(t).join('\n') === want
        : name === 'download'
          ? (t as { fileName?: unknown }).fileName === c.fileName
          : true,
    )
    .sort((a, b) => Date.parse(a.timestamp ?? '') - Date.parse(b.timestamp ?? ''))[0];
}

/**
 * A change GenieACS no longer holds as a task: applied when the device shows it ran (after it was
 * sent, give or take the clocks), lost when there is no trace long after it was sent, pending before.
 * A firmware download is left to the download rule (its task goes as soon as the router takes it).
 */
export function unansweredVerdict(c: Unanswered, doc: AcsDocument | undefined, now: number): 'applied' | 'pending' | 'lost' {
  const sent = Date.parse(c.createdAt) - CLOCK_SKEW_MS;
  const after = (t: number | undefined) => t !== undefined && Number.isFinite(t) && t >= sent;
  const stamp = (field: string) => (doc && typeof doc[field] === 'string' ? Date.parse(doc[field]) : undefined);
  let ran = false;
  if (doc && c.kind === 'reboot') ran = after(stamp('_lastBoot'));
  else if (doc && c.kind === 'reset') ran = after(stamp('_lastBootstrap'));
  else if (doc && c.kind !== 'firmware')
    ran =
      c.parameters.length > 0 &&
      c.parameters.every(
        ([path, value]) => after(timestampAt(doc, path)) && (value === null || String(valueAt(doc, path)) === String(value)),
      );
  if (ran) return 'applied';
  if (c.kind === 'firmware') return 'pending';
  return now - Date.parse(c.createdAt) > UNANSWERED_GRACE_MS ? 'lost' : 'pending';
}

/** What the holder reads on a change that never reached the ACS. */
export const LOST_REASON = '设备管理平台未收到该操作，设置未生效，请重新提交';
