// Turning what the app met into reports (docs/decisions/0037-errors-from-phones.md), and holding
// them until they are sent: pure, tested table by table. Every text is scrubbed here, before it
// leaves the phone (@portal/domain/errorReport); the server scrubs again.
import { scrubRoute, scrubText } from '@portal/domain/errorReport';

export interface Report {
  kind: 'error' | 'chunk' | 'api';
  message: string;
  route: string;
  status?: number;
  code?: number;
}

/** Something the app met, as noted before the reporter's code is here (./start.ts). */
export interface Noted {
  /** an error, a rejection's reason, or a failed call */
  what: unknown;
}

/** A page's code that failed to load, as browsers word it: app/pageLoad.ts's CHUNK_ERROR (lib/ cannot
 *  import app/, and importing it would add an export to /login's first load); a test keeps the two alike. */
export const CHUNK_ERROR = /dynamically imported module|Importing a module script failed|Unable to preload CSS|error loading dynamically/i;

/** A failed API call as the API client notes it. */
export interface FailedCall {
  route: string;
  status: number;
  code?: number;
}

const isFailedCall = (x: unknown): x is FailedCall =>
  typeof x === 'object' && x !== null && typeof (x as FailedCall).route === 'string' && typeof (x as FailedCall).status === 'number';

/** The first line of a stack that names where the error was thrown (Chromium's "at …", WebKit's "fn@…"). */
function topFrame(stack: string | undefined, message: string): string {
  if (!stack) return '';
  const line = stack
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l && !l.includes(message) && (l.startsWith('at ') || l.includes('@')));
  return line ? line.replace(/^at /, '') : '';
}

/**
 * The report of one thing noted, or null when it is not worth one: a failed call already reported
 * as such (an ApiError thrown on), a login that expired (401: not a fault), a call given up.
 * `page`: the page's path, which becomes the report's route.
 */
export function reportOf(what: unknown, page: string): Report | null {
  if (isFailedCall(what)) {
    if (what.status === 401) return null;
    const route = scrubRoute(what.route);
    return { kind: 'api', message: route, route, status: what.status, ...(what.code !== undefined ? { code: what.code } : {}) };
  }
  let message: string;
  if (what instanceof Error) {
    if (what.name === 'ApiError' || what.name === 'AbortError') return null;
    const frame = topFrame(what.stack, what.message);
    message = `${what.name}: ${what.message}${frame ? ` @ ${frame}` : ''}`;
  } else if (typeof what === 'string') message = what;
  else if (what === undefined || what === null) message = 'unknown error';
  else message = Object.prototype.toString.call(what);
  message = scrubText(message) || 'unknown error';
  const chunk = what instanceof Error && CHUNK_ERROR.test(what.message);
  return { kind: chunk ? 'chunk' : 'error', message, route: scrubRoute(page) };
}

/** Reports waiting to be sent: `add` says when the batch is full; at most `perPage` in a page's life. */
export class ReportBuffer {
  private held: Report[] = [];
  private seen = 0;
  declare readonly size: number;
  declare readonly perPage: number;

  constructor(size: number, perPage: number) {
    this.size = size;
    this.perPage = perPage;
  }

  /** Keeps the report (unless this page reported enough already); true when the batch is full. */
  add(r: Report): boolean {
    if (this.seen >= this.perPage) return false;
    this.seen += 1;
    this.held.push(r);
    return this.held.length >= this.size;
  }

  /** The reports held, which are then no longer held. */
  take(): Report[] {
    const out = this.held;
    this.held = [];
    return out;
  }

  get length(): number {
    return this.held.length;
  }
}

/** The release a page runs: VITE_RELEASE when the build was given one, else its entry file's hash. */
export function releaseOf(given: string | undefined, entrySrc: string | undefined): string {
  const fromEntry = entrySrc ? /\/index-([\w-]+)\.js/.exec(entrySrc)?.[1] : undefined;
  const release = (given || fromEntry || 'dev').replace(/[^\w.+-]/g, '').slice(0, 64);
  return release || 'dev';
}
