// A fake GenieACS NBI: a real HTTP server on 127.0.0.1 that answers the calls the adapter makes the
// way genieacs-nbi does (lib/nbi.ts of GenieACS 1.2):
//   GET  /devices/?query=<JSON>&projection=a,b   devices as nested objects whose leaves are
//                                                {"_value","_type","_timestamp"}; _id, _deviceId,
//                                                _lastInform as GenieACS keeps them
//   POST /devices/<id>/tasks?timeout=&connection_request
//        the id is decoded ONCE from the path: an id holding "%2D" must arrive as "%252D".
//        200 and the task: the device was reached and ran it. 202: queued for the next inform
//        ("Task queued but not processed"), or the device faulted ("Task faulted": the task stays,
//        a fault <device>:task_<id> is recorded). 404 "No such device".
//   GET  /tasks/?query=  GET /faults/?query=       (equality on top-level fields)
//   DELETE /tasks/<id>  (its fault too; 404 "Task not found")   POST /tasks/<id>/retry
// A download task (firmware) goes as GenieACS 1.2 runs it (lib/cwmp.ts, lib/session.ts): the
// device accepts the Download RPC and the task is done (gone from /tasks); the transfer completes
// later, when the device has fetched the file from the ACS's file server (`addFile`), flashed it and
// informs again after its reboot (TRANSFER COMPLETE): the virtual Downloads.1.* parameters and
// the new SoftwareVersion are recorded. A file the file server does not hold fails that transfer
// with a fault cwmp.9010 ("Download failure") on the task's channel, the task itself being gone.
// Devices are kept as flat parameter paths. A device is online (answers connection requests) or
// not; `inform` is the device calling in: it runs what is queued. One that "never comes back" is
// simply never informed. Optional basic auth, as the NBI behind a proxy has it.
//
// A slow device: `holdSessions` keeps its connection-request POSTs open (the task stored first, as
// GenieACS stores it before asking the device to connect) until `releaseSessions` runs the session
// and answers them — GenieACS may hold such a POST until the session's end, about 120 s. A device
// that reads passwords back as "" (TR-069 hides them: *Password, *Passphrase, *PreSharedKey,
// *KeyPassphrase) does so on every getParameterValues / refreshObject, as real routers do. A
// fault may carry a FaultStruct detail with per-parameter faults (setParameterValuesFault).
// _lastBoot / _lastBootstrap move when the device reboots / is reset, as GenieACS records its
// BOOT and BOOTSTRAP informs.
//
// It knows nothing of the adapter or the model maps (no shared code): a wrong path or escape there
// makes a test fail here.
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type FakeValue = string | number | boolean;

export interface FakeAcsDeviceSpec {
  manufacturer: string;
  oui: string;
  productClass: string;
  serial: string;
  /** path → value (type xsd:string / xsd:boolean / xsd:unsignedInt / xsd:int from the JS type) */
  parameters: Record<string, FakeValue>;
  online: boolean;
  /** when it last informed (ms); now when absent */
  lastInform?: number;
}

interface Param {
  value: FakeValue;
  type: string;
  timestamp: number;
}

interface FakeDevice {
  id: string;
  spec: FakeAcsDeviceSpec;
  params: Map<string, Param>;
  factory: Map<string, Param>;
  online: boolean;
  lastInform: number;
  registered: number;
  /** the next task this device runs faults with this */
  faultNext: { code: string; message: string; detail?: unknown } | null;
  lastBoot: number;
  lastBootstrap: number;
  /** connection-request POSTs held open until releaseSessions (null: answered at once) */
  held: (() => void)[] | null;
  /** a download it accepted and has not completed: completes at its next inform */
  transfer: { taskId: string; fileType: string; fileName: string; startedAt: number } | null;
}

export interface FakeAcsFile {
  /** the file's name on the file server (what a download task names) */
  fileName: string;
  fileType: string;
  /** the SoftwareVersion a device reports once it runs this image */
  version: string;
  /** GenieACS files carry the product class they are for; a device of another class refuses it */
  productClass?: string;
}

export interface FakeTask {
  _id: string;
  device: string;
  name: string;
  timestamp: string;
  parameterValues?: [string, FakeValue, string?][];
  parameterNames?: string[];
  objectName?: string;
  [k: string]: unknown;
}

export interface FakeFault {
  _id: string;
  device: string;
  channel: string;
  code: string;
  message: string;
  detail: unknown;
  retries: number;
  timestamp: string;
}

export interface FakeAcsCall {
  method: string;
  /** the raw path as sent (escapes kept) */
  rawPath: string;
  query: Record<string, string>;
  body: string;
}

export interface FakeAcs {
  /** e.g. http://127.0.0.1:40123 */
  readonly baseUrl: string;
  /** GenieACS's device id: OUI-ProductClass-Serial, each part escaped as GenieACS does ("-" → "%2D") */
  addDevice(spec: FakeAcsDeviceSpec): string;
  /** the device is reachable (connection requests work) or not */
  setOnline(serial: string, online: boolean): void;
  /** the device calls in: it runs every queued task without a fault, in order */
  inform(serial: string): void;
  /** the device will fault the next task it runs; `detail` is GenieACS's FaultStruct (per-parameter faults) */
  faultNext(serial: string, code: string, message: string, detail?: unknown): void;
  /** the device's sessions take long: connection-request POSTs stay open (their tasks stored) until releaseSessions */
  holdSessions(serial: string): void;
  /** the held session runs now (the device runs what is queued) and the held POSTs are answered */
  releaseSessions(serial: string): void;
  /** a file on the ACS's file server (GET /files/ in GenieACS) */
  addFile(file: FakeAcsFile): void;
  value(serial: string, path: string): FakeValue | undefined;
  tasks(): FakeTask[];
  faults(): FakeFault[];
  calls(): FakeAcsCall[];
  /** HTTP 503 for everything */
  setDown(down: boolean): void;
  close(): Promise<void>;
}

export interface FakeAcsOptions {
  username?: string;
  password?: string;
  now?: () => number;
  /** the port to listen on (default: any free one); 7557 is GenieACS's, for a stand-in a server is pointed at by hand */
  port?: number;
}

/** GenieACS escapes the parts of a device id like this (lib/common.ts escape-like): "-" and "%" and non-word characters. */
function escapePart(s: string): string {
  return s.replace(/[^A-Za-z0-9_.~ ]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
}

/** Parameters a router reads back as "" (TR-069 A.3.2.1: a password's value reads back empty). */
const HIDDEN = /(Password|Passphrase|PreSharedKey)$/;

const typeOf = (v: FakeValue) =>
  typeof v === 'boolean' ? 'xsd:boolean' : typeof v === 'number' ? (v < 0 ? 'xsd:int' : 'xsd:unsignedInt') : 'xsd:string';

/** Mongo-ish equality on dotted paths; `{"$in":[…]}` too. */
function matches(doc: (path: string) => unknown, query: Record<string, unknown>): boolean {
  return Object.entries(query).every(([k, want]) => {
    const got = doc(k);
    if (want !== null && typeof want === 'object' && Array.isArray((want as { $in?: unknown[] }).$in))
      return (want as { $in: unknown[] }).$in.includes(got);
    return got === want;
  });
}

function setIn(tree: Record<string, unknown>, parts: string[], leaf: unknown): void {
  let node = tree;
  for (const p of parts.slice(0, -1)) {
    node[p] ??= { _object: true };
    node = node[p] as Record<string, unknown>;
  }
  node[parts[parts.length - 1]!] = leaf;
}

export async function startFakeAcs(options: FakeAcsOptions = {}): Promise<FakeAcs> {
  const now = options.now ?? Date.now;
  const devices = new Map<string, FakeDevice>(); // by id
  const bySerial = new Map<string, FakeDevice>();
  let tasks: FakeTask[] = [];
  let faults: FakeFault[] = [];
  const files = new Map<string, FakeAcsFile>();
  const log: FakeAcsCall[] = [];
  let down = false;

  const iso = (ms: number) => new Date(ms).toISOString();

  function deviceDoc(d: FakeDevice, projection: string[] | null): Record<string, unknown> {
    const doc: Record<string, unknown> = { _id: d.id };
    const want = (path: string) => !projection || projection.some((p) => path === p || path.startsWith(`${p}.`));
    if (want('_deviceId'))
      doc._deviceId = {
        _Manufacturer: d.spec.manufacturer,
        _OUI: d.spec.oui,
        _ProductClass: d.spec.productClass,
        _SerialNumber: d.spec.serial,
      };
    if (want('_lastInform')) doc._lastInform = iso(d.lastInform);
    if (want('_registered')) doc._registered = iso(d.registered);
    if (want('_lastBoot')) doc._lastBoot = iso(d.lastBoot);
    if (want('_lastBootstrap')) doc._lastBootstrap = iso(d.lastBootstrap);
    for (const [path, p] of d.params)
      if (want(path)) setIn(doc, path.split('.'), { _value: p.value, _type: p.type, _timestamp: iso(p.timestamp), _writable: true });
    return doc;
  }

  function flatOf(d: FakeDevice): (path: string) => unknown {
    return (path) => {
      if (path === '_id') return d.id;
      if (path.startsWith('_deviceId.'))
        return (deviceDoc(d, ['_deviceId'])._deviceId as Record<string, unknown>)[path.slice('_deviceId.'.length)];
      const p = d.params.get(path.endsWith('._value') ? path.slice(0, -7) : path);
      return p?.value;
    };
  }

  /** Run one task on the device: undefined when done, a fault otherwise. */
  function run(d: FakeDevice, task: FakeTask): { code: string; message: string; detail?: unknown } | undefined {
    if (d.faultNext) {
      const f = d.faultNext;
      d.faultNext = null;
      return f;
    }
    const t = now();
    switch (task.name) {
      case 'setParameterValues': {
        const values = task.parameterValues ?? [];
        const unknown = values.find(([path]) => !d.params.has(path));
        if (unknown) return { code: 'cwmp.9005', message: 'Invalid parameter name', detail: { parameterName: unknown[0] } };
        for (const [path, value, type] of values) d.params.set(path, { value, type: type ?? typeOf(value), timestamp: t });
        return undefined;
      }
      case 'getParameterValues':
      case 'refreshObject':
        for (const [path, p] of d.params)
          if ((task.parameterNames ?? [task.objectName ?? '']).some((n) => n === '' || path === n || path.startsWith(`${n}.`))) {
            p.timestamp = t;
            // what the router answers for a password: nothing
            if (HIDDEN.test(path)) p.value = '';
          }
        return undefined;
      case 'reboot':
        for (const [path, p] of d.params) if (path.endsWith('DeviceInfo.UpTime')) d.params.set(path, { ...p, value: 0, timestamp: t });
        d.lastBoot = t;
        return undefined;
      case 'factoryReset':
        d.params = new Map([...d.factory].map(([k, p]) => [k, { ...p, timestamp: t }]));
        d.lastBoot = t;
        d.lastBootstrap = t;
        return undefined;
      case 'download':
        // accepted (DownloadResponse status 1): the transfer completes after the device's reboot
        d.transfer = { taskId: task._id, fileType: String(task.fileType ?? ''), fileName: String(task.fileName ?? ''), startedAt: t };
        return undefined;
      default:
        return { code: 'cwmp.9000', message: 'Method not supported' };
    }
  }

  function recordFault(d: FakeDevice, taskId: string, fault: { code: string; message: string; detail?: unknown }): void {
    faults = faults.filter((f) => f._id !== `${d.id}:task_${taskId}`);
    faults.push({
      _id: `${d.id}:task_${taskId}`,
      device: d.id,
      channel: `task_${taskId}`,
      code: fault.code,
      message: fault.message,
      detail: fault.detail ?? null,
      retries: 0,
      timestamp: iso(now()),
    });
  }

  /** The device, back from flashing, reports its download (TransferComplete): the new version, or the fault. */
  function transferComplete(d: FakeDevice): void {
    const x = d.transfer;
    if (!x) return;
    d.transfer = null;
    const t = now();
    const file = files.get(x.fileName);
    if (!file || (file.productClass !== undefined && file.productClass !== d.spec.productClass)) {
      recordFault(d, x.taskId, { code: 'cwmp.9010', message: 'Download failure', detail: { faultCode: '9010' } });
      return;
    }
    const set = (path: string, value: FakeValue, type?: string) => d.params.set(path, { value, type: type ?? typeOf(value), timestamp: t });
    for (const path of [...d.params.keys()]) {
      if (path.endsWith('DeviceInfo.SoftwareVersion')) set(path, file.version);
      if (path.endsWith('DeviceInfo.UpTime')) set(path, 0);
    }
    set('Downloads.1.LastFileType', x.fileType);
    set('Downloads.1.LastFileName', x.fileName);
    set('Downloads.1.LastDownload', iso(x.startedAt), 'xsd:dateTime');
    set('Downloads.1.CompleteTime', iso(t), 'xsd:dateTime');
  }

  /** A session with the device: runs its queued tasks that have no fault; answers the first fault of `only`. */
  function session(d: FakeDevice): void {
    d.lastInform = now();
    for (const task of tasks.filter((x) => x.device === d.id)) {
      if (faults.some((f) => f._id === `${d.id}:task_${task._id}`)) continue;
      const fault = run(d, task);
      if (fault) recordFault(d, task._id, fault);
      else tasks = tasks.filter((x) => x._id !== task._id);
    }
  }

  const send = (res: ServerResponse, status: number, body: unknown, statusText?: string) => {
    const text = typeof body === 'string' ? body : JSON.stringify(body);
    if (statusText) res.writeHead(status, statusText, { 'content-type': 'application/json' });
    else res.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
    res.end(text);
  };

  const parseQuery = (raw: string | undefined): Record<string, unknown> | null => {
    if (!raw) return {};
    try {
      const q = JSON.parse(raw) as unknown;
      return q !== null && typeof q === 'object' && !Array.isArray(q) ? (q as Record<string, unknown>) : null;
    } catch {
      return null;
    }
  };

  function handle(req: IncomingMessage, res: ServerResponse, body: string): void {
    const raw = req.url ?? '/';
    const qIndex = raw.indexOf('?');
    const rawPath = qIndex < 0 ? raw : raw.slice(0, qIndex);
    const search = new URLSearchParams(qIndex < 0 ? '' : raw.slice(qIndex + 1));
    log.push({ method: req.method ?? '', rawPath, query: Object.fromEntries(search), body });
    if (down) return send(res, 503, 'Service Unavailable');
    if (options.username !== undefined) {
      const want = `Basic ${Buffer.from(`${options.username}:${options.password ?? ''}`).toString('base64')}`;
      if (req.headers.authorization !== want) {
        res.writeHead(401, { 'www-authenticate': 'Basic realm="GenieACS"' });
        return void res.end('Unauthorized');
      }
    }
    let m: RegExpExecArray | null;
    if ((m = /^\/devices\/([a-zA-Z0-9\-_%]+)\/tasks\/?$/.exec(rawPath))) {
      if (req.method !== 'POST') return send(res, 405, '405 Method Not Allowed');
      const id = decodeURIComponent(m[1]!);
      let task: FakeTask;
      try {
        task = JSON.parse(body) as FakeTask;
      } catch (err) {
        return send(res, 400, `SyntaxError: ${(err as Error).message}`);
      }
      const d = devices.get(id);
      if (!d) return send(res, 404, 'No such device');
      task = { ...task, device: id, _id: randomBytes(12).toString('hex'), timestamp: iso(now()) };
      tasks.push(task);
      if (!search.has('connection_request') || !d.online) return send(res, 202, task, 'Task queued but not processed');
      const answer = () => {
        if (faults.some((f) => f._id === `${id}:task_${task._id}`)) return send(res, 202, task, 'Task faulted');
        return send(res, 200, task);
      };
      // a slow session: the task is stored, the answer waits for the session's end
      if (d.held) return void d.held.push(answer);
      session(d);
      return answer();
    }
    if ((m = /^\/tasks\/([a-zA-Z0-9\-_%]+)(\/[a-zA-Z_]*)?$/.exec(rawPath))) {
      const taskId = decodeURIComponent(m[1]!);
      const task = tasks.find((t) => t._id === taskId);
      if (!m[2] || m[2] === '/') {
        if (req.method !== 'DELETE') return send(res, 405, '405 Method Not Allowed');
        if (!task) return send(res, 404, 'Task not found');
        tasks = tasks.filter((t) => t._id !== taskId);
        faults = faults.filter((f) => f._id !== `${task.device}:task_${taskId}`);
        return send(res, 200, '');
      }
      if (m[2] === '/retry' && req.method === 'POST') {
        if (!task) return send(res, 404, 'Task not found');
        faults = faults.filter((f) => f._id !== `${task.device}:task_${taskId}`);
        return send(res, 200, '');
      }
      return send(res, 404, '');
    }
    if ((m = /^\/([a-zA-Z0-9_]+)\/?$/.exec(rawPath))) {
      if (req.method !== 'GET') return send(res, 405, '405 Method Not Allowed');
      const q = parseQuery(search.get('query') ?? undefined);
      if (!q) return send(res, 400, 'SyntaxError: bad query');
      const projection =
        search
          .get('projection')
          ?.split(',')
          .map((p) => p.trim()) ?? null;
      switch (m[1]) {
        case 'devices':
          return send(
            res,
            200,
            [...devices.values()].filter((d) => matches(flatOf(d), q)).map((d) => deviceDoc(d, projection)),
          );
        case 'tasks':
          return send(
            res,
            200,
            tasks.filter((t) => matches((k) => t[k], q)),
          );
        case 'faults':
          return send(
            res,
            200,
            faults.filter((f) => matches((k) => (f as unknown as Record<string, unknown>)[k], q)),
          );
        default:
          return send(res, 404, '404 Not Found');
      }
    }
    send(res, 404, '404 Not Found');
  }

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => handle(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;

  const device = (serial: string) => {
    const d = bySerial.get(serial);
    if (!d) throw new Error(`fake ACS: no device ${serial}`);
    return d;
  };

  return {
    baseUrl: `http://127.0.0.1:${port}`,
    addDevice(spec) {
      const id = [spec.oui, spec.productClass, spec.serial].map(escapePart).join('-');
      const t = spec.lastInform ?? now();
      const params = new Map(Object.entries(spec.parameters).map(([k, v]) => [k, { value: v, type: typeOf(v), timestamp: t }]));
      const d: FakeDevice = {
        id,
        spec,
        params,
        factory: new Map(params),
        online: spec.online,
        lastInform: t,
        registered: t,
        faultNext: null,
        transfer: null,
        lastBoot: t,
        lastBootstrap: t,
        held: null,
      };
      devices.set(id, d);
      bySerial.set(spec.serial, d);
      return id;
    },
    setOnline(serial, online) {
      device(serial).online = online;
    },
    inform(serial) {
      const d = device(serial);
      d.online = true;
      // a download under way ends with this inform: the device rebooted into the image (or failed to fetch it)
      transferComplete(d);
      session(d);
    },
    faultNext(serial, code, message, detail) {
      device(serial).faultNext = { code, message, ...(detail !== undefined ? { detail } : {}) };
    },
    holdSessions(serial) {
      device(serial).held ??= [];
    },
    releaseSessions(serial) {
      const d = device(serial);
      const waiting = d.held ?? [];
      d.held = null;
      session(d);
      // an answer to a client that gave up goes nowhere, as with the real NBI
      for (const answer of waiting) answer();
    },
    addFile(file) {
      files.set(file.fileName, { ...file });
    },
    value: (serial, path) => device(serial).params.get(path)?.value,
    tasks: () => tasks.map((t) => ({ ...t })),
    faults: () => faults.map((f) => ({ ...f })),
    calls: () => [...log],
    setDown(d) {
      down = d;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        // a POST still held (a test that never released its device) must not keep the server open
        server.closeAllConnections();
      }),
  };
}
