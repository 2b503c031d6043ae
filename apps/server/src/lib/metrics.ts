// The process's Prometheus metrics (docs/decisions/0033-metrics-overload-backups.md). One registry
// per process: every server process exposes its own figures and Prometheus adds them up, so the
// counters here are process-wide, not per app (a test that builds several apps reads differences).
// Code that has something to count calls one of the small functions below — one line at the spot.
//
// Labels are bounded and never personal: a route's template (never the URL, which can carry a card
// number or a mobile), a status class, a pay channel number, a job's name, a carrier account's id,
// an outcome word. Never a card number, mobile, token, order number or free text.
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export const processRegistry = new Registry();
// process metrics: CPU, memory, heap, event-loop lag, handles, GC (prom-client's defaults)
collectDefaultMetrics({ register: processRegistry });
// gauges named like counters, which `promtool check metrics` refuses; the same figures stay, per
// type, in nodejs_active_handles, nodejs_active_requests and nodejs_active_resources
for (const name of ['nodejs_active_handles_total', 'nodejs_active_requests_total', 'nodejs_active_resources_total'])
  processRegistry.removeSingleMetric(name);

/** seconds: from 2.5 ms (card info on a quiet process) to 10 s (a gateway's time-out) */
const LATENCY_BUCKETS = [0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const httpDuration = new Histogram({
  name: 'portal_http_request_duration_seconds',
  help: 'HTTP requests by method, route template and status class, and how long they took',
  labelNames: ['method', 'route', 'status_class'] as const,
  buckets: LATENCY_BUCKETS,
  registers: [processRegistry],
});

/**
 * The series of each method, route and status class, bound once: `observe` with a labels object
 * hashes the labels (sorted names, a string built) on every call, and this runs on every request.
 * Bounded as the labels are (the routes' templates).
 */
const httpSeries = new Map<string, { observe(seconds: number): void }>();
/** One answered request. `route` is the matched route's template ('' when no route matched). */
export function observeRequest(method: string, route: string, status: number, seconds: number): void {
  const statusClass = status >= 100 && status < 600 ? STATUS_CLASSES[(status / 100) | 0]! : `${Math.floor(status / 100)}xx`;
  const key = `${method} ${statusClass} ${route}`;
  let series = httpSeries.get(key);
  if (!series) {
    series = httpDuration.labels({ method, route: route || 'unmatched', status_class: statusClass });
    httpSeries.set(key, series);
  }
  series.observe(seconds);
}
const STATUS_CLASSES = ['0xx', '1xx', '2xx', '3xx', '4xx', '5xx'];

const overloadRejections = new Counter({
  name: 'portal_overload_rejections_total',
  help: 'Requests answered 503 because the process was past its limits (event-loop delay, heap)',
  labelNames: ['reason'] as const,
  registers: [processRegistry],
});

export function countOverloadRejection(reason: string): void {
  overloadRejections.inc({ reason });
}

const firstScreens = new Counter({
  name: 'portal_first_screens_total',
  help: 'Logged-in page requests that asked for a first screen in the HTML (docs/decisions/0082), by outcome: painted, or the plain page because the renderer was not loaded yet, the rendering took longer than its budget, the process was rendering as many as it renders at once (busy), a read was refused (an ended session, a card of another holder) or the renderer failed',
  labelNames: ['outcome'] as const,
  registers: [processRegistry],
});

export function countFirstScreen(outcome: 'painted' | 'not_loaded' | 'late' | 'busy' | 'refused' | 'failed'): void {
  firstScreens.inc({ outcome });
}

const queryDuration = new Histogram({
  name: 'portal_db_query_duration_seconds',
  help: 'Database statements and how long they took',
  labelNames: ['dialect'] as const,
  buckets: [0.0001, 0.00025, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 1, 5],
  registers: [processRegistry],
});

/** the observer a database connection calls after each statement (db/connect: `observeQueries`) */
export const queryObserver = (dialect: string): ((seconds: number) => void) => {
  // the dialect's series bound once (no label hashing per statement)
  const series = queryDuration.labels({ dialect });
  return (seconds) => series.observe(seconds);
};

const jobRuns = new Counter({
  name: 'portal_job_runs_total',
  help: 'Scheduled job runs this process made, by job and outcome (ok, failed)',
  // not `job`: Prometheus puts its own scrape job's name in that label
  labelNames: ['job_name', 'outcome'] as const,
  registers: [processRegistry],
});
const jobDuration = new Histogram({
  name: 'portal_job_duration_seconds',
  help: 'How long the scheduled job runs of this process took',
  labelNames: ['job_name'] as const,
  buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 900],
  registers: [processRegistry],
});

export function countJobRun(job: string, ok: boolean, seconds: number): void {
  jobRuns.inc({ job_name: job, outcome: ok ? 'ok' : 'failed' });
  jobDuration.observe({ job_name: job }, seconds);
}

const payments = new Counter({
  name: 'portal_payments_total',
  help: 'Gateway payments by pay channel and event: created (sent to the cashier), paid, failed, late (money for an order no longer pending)',
  labelNames: ['channel', 'event'] as const,
  registers: [processRegistry],
});

export function countPayment(channel: number, event: 'created' | 'paid' | 'failed' | 'late'): void {
  payments.inc({ channel: String(channel), event });
}

const notifications = new Counter({
  name: 'portal_payment_notifications_total',
  help: "Payment gateways' notifications by pay channel and outcome (credited, duplicate, late, failed, ignored; refused: bad_signature, unknown_order, wrong_channel, wrong_amount)",
  labelNames: ['channel', 'outcome'] as const,
  registers: [processRegistry],
});

export function countNotification(channel: number, outcome: string): void {
  notifications.inc({ channel: String(channel), outcome });
}

const sms = new Counter({
  name: 'portal_sms_messages_total',
  help: 'SMS handed to the provider by template (code, notice) and outcome (sent, refused)',
  labelNames: ['template', 'outcome'] as const,
  registers: [processRegistry],
});

export function countSms(template: string, outcome: 'sent' | 'refused'): void {
  sms.inc({ template, outcome });
}

const messagingAlerts = new Counter({
  name: 'portal_messaging_app_alerts_total',
  help: "Alerts sent through the messaging app's official account by alert kind and outcome (sent, refused, failed) and the reason of a refusal or failure",
  labelNames: ['kind', 'outcome', 'reason'] as const,
  registers: [processRegistry],
});

/** One alert handed to the official account. `reason`: not_following, refused_template, token, platform, unreachable, or '' when sent. */
export function countMessagingAlert(kind: string, outcome: 'sent' | 'refused' | 'failed', reason = ''): void {
  messagingAlerts.inc({ kind, outcome, reason });
}

const carrierCalls = new Counter({
  name: 'portal_carrier_calls_total',
  help: "Calls to carrier platforms by account id and outcome (ok, or the error's kind: auth, rate, unavailable, malformed, line, unsupported)",
  labelNames: ['account', 'outcome'] as const,
  registers: [processRegistry],
});

export function countCarrierCall(accountId: number, outcome: string): void {
  carrierCalls.inc({ account: String(accountId), outcome });
}

const errorReports = new Counter({
  name: 'portal_error_reports_total',
  help: "Phones' error reports by kind (error, chunk, api) and outcome (stored; refused: rate_limited, invalid, too_large — kind unknown then)",
  labelNames: ['kind', 'outcome'] as const,
  registers: [processRegistry],
});

/** Reports from phones (docs/decisions/0037-errors-from-phones.md): `n` stored of a kind, or one batch refused. */
export function countErrorReports(kind: string, outcome: 'stored' | 'rate_limited' | 'invalid' | 'too_large', n = 1): void {
  errorReports.inc({ kind, outcome }, n);
}
