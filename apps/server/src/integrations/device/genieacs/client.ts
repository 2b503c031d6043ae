// The GenieACS northbound interface (NBI, port 7557): the few calls the adapter makes, over the
// injected HttpTransport. Queries are MongoDB-style JSON in ?query=, projections a comma list.
// A device id (OUI-ProductClass-Serial, whose parts GenieACS already %-escapes: "-" → "%2D") is
// escaped once more in a path, because the NBI decodes the path once ("%2D" → "%252D").
// The NBI answers a task 200 when the device ran it and 202 when it did not (queued for the next
// inform, or faulted): which of the two is read from /faults, not from the status text.
// A task POST with a connection request is held open while the device's session runs: ?timeout=
// bounds only the wait for the session to START, then GenieACS waits up to 120 s for it to END
// (lib/nbi.ts). So the HTTP client may give up first, after the NBI stored the task: that answer
// is "no answer" (task null), never an error, since the device may run it (docs/decisions/0061).
import { TransportError, type HttpTransport } from '../../http/transport';

export interface AcsConnection {
  /** e.g. http://acs.example.com:7557 */
  baseUrl: string;
  username?: string;
  password?: string;
  transport: HttpTransport;
  /** how long the NBI waits for the device to take a connection request (?timeout=) */
  taskTimeoutMs: number;
  /** the HTTP client's own limit: ?timeout= is kept below it (nbiTaskTimeout); absent = not known */
  httpTimeoutMs?: number;
}

/** What ?timeout= leaves the HTTP client to read the answer of a session that started at the last moment. */
export const NBI_TIMEOUT_MARGIN_MS = 2000;

/**
 * The ?timeout= to send: the configured wait for the device's session, kept NBI_TIMEOUT_MARGIN_MS
 * below the HTTP client's limit (at least 1 s), so that a device that does not answer is reported
 * by the NBI (202 queued) rather than by our client timing out.
 */
export function nbiTaskTimeout(taskTimeoutMs: number, httpTimeoutMs?: number): number {
  if (httpTimeoutMs === undefined) return taskTimeoutMs;
  return Math.max(1000, Math.min(taskTimeoutMs, httpTimeoutMs - NBI_TIMEOUT_MARGIN_MS));
}

/** The ACS could not be used: unreachable, refused our credentials, or answered nonsense. */
export class AcsError extends Error {
  constructor(
    /** unanswered: the request went out and no answer came in time (it may have been acted on) */
    readonly kind: 'unavailable' | 'unanswered' | 'auth' | 'malformed' | 'not_found',
    message: string,
  ) {
    super(message);
    this.name = 'AcsError';
  }
}

export interface AcsTask {
  _id: string;
  device: string;
  name: string;
  timestamp?: string;
}

export interface AcsFault {
  _id: string;
  device: string;
  channel: string;
  code: string;
  message: string;
  /** the CWMP FaultStruct (faultCode, faultString, setParameterValuesFault[]) or a script error */
  detail?: unknown;
  timestamp?: string;
}

export type AcsDocument = Record<string, unknown>;

export interface TaskAnswer {
  /** 200: the device ran it; 202: it did not (yet); no answer: not known */
  applied: boolean;
  /** null: the NBI took the request but did not answer in time (it may hold the task, and run it) */
  task: AcsTask | null;
}

/** A device id as a path segment: escaped once more than GenieACS keeps it. */
export const devicePath = (deviceId: string) => encodeURIComponent(deviceId);

export class GenieAcsClient {
  private readonly base: string;
  constructor(private readonly c: AcsConnection) {
    this.base = c.baseUrl.replace(/\/+$/, '');
  }

  private headers(json: boolean): Record<string, string> {
    const h: Record<string, string> = { accept: 'application/json' };
    if (json) h['content-type'] = 'application/json';
    if (this.c.username !== undefined)
      h.authorization = `Basic ${Buffer.from(`${this.c.username}:${this.c.password ?? ''}`).toString('base64')}`;
    return h;
  }

  private async call(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown) {
    let res;
    try {
      res = await this.c.transport({
        method,
        url: `${this.base}${path}`,
        headers: this.headers(body !== undefined),
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
      });
    } catch (err) {
      if (err instanceof TransportError && err.timedOut)
        throw new AcsError('unanswered', `GenieACS NBI did not answer in time: ${(err as Error).message}`);
      // the message never holds the URL's query (it can name a device) nor the credentials
      throw new AcsError('unavailable', `GenieACS NBI unreachable: ${(err as Error).message}`);
    }
    if (res.status === 401 || res.status === 403) throw new AcsError('auth', `GenieACS NBI refused the credentials (HTTP ${res.status})`);
    return res;
  }

  private static json<T>(text: string, what: string): T {
    try {
      return JSON.parse(text) as T;
    } catch {
      throw new AcsError('malformed', `GenieACS NBI: ${what} is not JSON`);
    }
  }

  private async list<T>(collection: 'devices' | 'tasks' | 'faults', query: Record<string, unknown>, projection?: string[]): Promise<T[]> {
    const params = new URLSearchParams({ query: JSON.stringify(query) });
    if (projection) params.set('projection', projection.join(','));
    const res = await this.call('GET', `/${collection}/?${params.toString()}`);
    if (res.status !== 200) throw new AcsError('unavailable', `GenieACS NBI GET /${collection}/: HTTP ${res.status}`);
    const rows = GenieAcsClient.json<unknown>(res.body, `/${collection}/`);
    if (!Array.isArray(rows)) throw new AcsError('malformed', `GenieACS NBI GET /${collection}/: not a list`);
    return rows as T[];
  }

  devices(query: Record<string, unknown>, projection?: string[]): Promise<AcsDocument[]> {
    return this.list<AcsDocument>('devices', query, projection);
  }

  tasks(query: Record<string, unknown>): Promise<AcsTask[]> {
    return this.list<AcsTask>('tasks', query);
  }

  faults(query: Record<string, unknown>): Promise<AcsFault[]> {
    return this.list<AcsFault>('faults', query);
  }

  /** Queue a task and ask the device to connect now; a request sent and not answered in time answers task null. */
  async postTask(deviceId: string, task: Record<string, unknown>): Promise<TaskAnswer> {
    const timeout = nbiTaskTimeout(this.c.taskTimeoutMs, this.c.httpTimeoutMs);
    let res;
    try {
      res = await this.call('POST', `/devices/${devicePath(deviceId)}/tasks?timeout=${timeout}&connection_request`, task);
    } catch (err) {
      if (err instanceof AcsError && err.kind === 'unanswered') return { applied: false, task: null };
      throw err;
    }
    if (res.status === 404) throw new AcsError('not_found', 'GenieACS NBI: no such device');
    if (res.status !== 200 && res.status !== 202) throw new AcsError('unavailable', `GenieACS NBI POST task: HTTP ${res.status}`);
    const t = GenieAcsClient.json<AcsTask>(res.body, 'the task');
    if (!t || typeof t._id !== 'string') throw new AcsError('malformed', 'GenieACS NBI POST task: no _id in the answer');
    return { applied: res.status === 200, task: t };
  }

  /** Delete a queued (or faulted) task; false when the NBI no longer has it (it ran). */
  async deleteTask(taskId: string): Promise<boolean> {
    const res = await this.call('DELETE', `/tasks/${encodeURIComponent(taskId)}`);
    if (res.status === 404) return false;
    if (res.status !== 200) throw new AcsError('unavailable', `GenieACS NBI DELETE task: HTTP ${res.status}`);
    return true;
  }

  /** Clear a task's fault so the device runs it again at its next inform; false when the task is gone. */
  async retryTask(taskId: string): Promise<boolean> {
    const res = await this.call('POST', `/tasks/${encodeURIComponent(taskId)}/retry`);
    if (res.status === 404) return false;
    if (res.status !== 200) throw new AcsError('unavailable', `GenieACS NBI retry task: HTTP ${res.status}`);
    return true;
  }
}

/** A leaf's value in a device document: {"_value": …} at a dotted path; undefined when absent. */
export function valueAt(doc: AcsDocument, path: string): unknown {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node !== null && typeof node === 'object' && '_value' in node ? (node as { _value: unknown })._value : undefined;
}

/** When a leaf was last read from the device (ms); undefined when absent. */
export function timestampAt(doc: AcsDocument, path: string): number | undefined {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  const t = node !== null && typeof node === 'object' ? (node as { _timestamp?: unknown })._timestamp : undefined;
  return typeof t === 'string' ? Date.parse(t) : undefined;
}

/** The instance numbers of a table object ("Device.Hosts.Host" → ["1", "2"]), in order. */
export function instancesAt(doc: AcsDocument, path: string): string[] {
  let node: unknown = doc;
  for (const part of path.split('.')) {
    if (node === null || typeof node !== 'object') return [];
    node = (node as Record<string, unknown>)[part];
  }
  if (node === null || typeof node !== 'object') return [];
  return Object.keys(node)
    .filter((k) => /^\d+$/.test(k))
    .sort((a, b) => Number(a) - Number(b));
}
