// Commerce throughput, against the payment sandbox of the bench's server:
//   - orders created per second: POST /api/v1/order/create (a package, paid by channel 1, so each
//     request inserts an order and a sandbox payment), a fresh request_id per request, CONNECTIONS
//     in flight from this process for SECONDS; GET /healthz is driven the same way for the ratio;
//   - notifications settled per second: N pending orders are paid at the sandbox cashier with the
//     notification dropped, then their signed notifications are posted from this process with
//     CONNECTIONS in flight; each settles one order (payment row, state change, package) in one
//     transaction. Every order is checked to be fulfilled exactly once afterwards.
import { createHmac } from 'node:crypto';
import type { Portal } from '../../e2e/harness';

export const BENCH_PAY_SECRET = 'bench-sandbox-secret';

export interface Throughput {
  requests: number;
  seconds: number;
  perSecond: number;
  failures: number;
}

export interface CommerceBench {
  orders: Throughput;
  /** GET /healthz driven by the same client as the orders (for a like-for-like ratio) */
  bareSameClient: Throughput;
  notifications: { count: number; seconds: number; perSecond: number; settledOnce: boolean; failures: number };
}

function sign(fields: Record<string, string | number>): string {
  const canonical = Object.keys(fields)
    .sort()
    .map((k) => `${k}=${fields[k]}`)
    .join('&');
  return createHmac('sha256', BENCH_PAY_SECRET).update(canonical).digest('hex');
}

async function api(p: Portal, path: string, token: string, body: unknown) {
  const res = await fetch(`${p.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  const json = (await res.json()) as { code: number; message: string; data: { order_no: string; pay: { kind: string; url?: string } } };
  if (!res.ok || json.code !== 0) throw new Error(`${path}: HTTP ${res.status} ${json.message}`);
  return json.data;
}

/** Run `fn` with `width` in flight for `seconds`; requests per second and failures. */
async function timed(fn: () => Promise<void>, seconds: number, width: number): Promise<Throughput> {
  const end = performance.now() + seconds * 1000;
  let done = 0;
  let failures = 0;
  const t0 = performance.now();
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (performance.now() < end) {
        try {
          await fn();
          done++;
        } catch {
          failures++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - t0) / 1000;
  return { requests: done, seconds: elapsed, perSecond: done / elapsed, failures };
}

async function pool<T>(items: T[], width: number, fn: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(width, items.length) }, async () => {
      while (next < items.length) await fn(items[next++]!);
    }),
  );
}

export async function benchCommerce(
  p: Portal,
  token: string,
  o: { seconds: number; connections: number; card: string; notifications: number },
): Promise<CommerceBench> {
  const pkg = p.sql<{ id: number }>("SELECT id FROM packages WHERE name = '畅享100G月包'") as { id: number }[];
  if (!pkg[0]) throw new Error('demo package 畅享100G月包 missing');
  const packageId = pkg[0].id;
  // autocannon's --idReplacement sends a wrong content-length (the id is longer than its
  // placeholder) and the server waits for bytes that never come; so orders, like notifications,
  // are driven from this process, and the bare route is measured the same way for a fair ratio.
  let seq = 0;
  const createOne = async () => {
    await api(p, '/api/v1/order/create', token, {
      custom_num: o.card,
      goods_type: 'package',
      package_id: packageId,
      pay_channel: 1,
      request_id: `bencho-${process.pid}-${seq++}`,
    });
  };
  const healthz = async () => {
    const r = await fetch(`${p.baseUrl}/healthz`);
    await r.arrayBuffer();
  };
  await timed(createOne, 2, o.connections); // warm-up
  const orders = await timed(createOne, o.seconds, o.connections);
  const bareSameClient = await timed(healthz, o.seconds, o.connections);

  // Prepare N pending orders paid at the gateway, notifications dropped (not measured).
  const prepared: { order_no: string; payment_id: string }[] = [];
  await pool(
    Array.from({ length: o.notifications }, (_, i) => i),
    o.connections,
    async (i) => {
      const d = await api(p, '/api/v1/order/create', token, {
        custom_num: o.card,
        goods_type: 'package',
        package_id: packageId,
        pay_channel: 1,
        request_id: `benchn-${Date.now()}-${i}`,
      });
      const paymentId = d.pay.url!.split('/').pop()!;
      const r = await fetch(`${p.baseUrl}${d.pay.url}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'action=pay&drop_notify=1',
        redirect: 'manual',
      });
      if (r.status !== 303) throw new Error(`cashier answered ${r.status}`);
      prepared.push({ order_no: d.order_no, payment_id: paymentId });
    },
  );
  const bodies = prepared.map(({ payment_id }) => {
    const row = (
      p.sql('SELECT payment_id, order_no, transaction_id, amount_fen FROM sim_payments WHERE payment_id = ?', [payment_id]) as Record<
        string,
        string | number
      >[]
    )[0]!;
    const fields: Record<string, string | number> = {
      payment_id: row.payment_id!,
      order_no: row.order_no!,
      transaction_id: row.transaction_id!,
      amount_fen: row.amount_fen!,
      status: 'SUCCESS',
      notify_time: new Date().toISOString(),
      nonce: Math.random().toString(36).slice(2),
    };
    return { ...fields, sign: sign(fields) };
  });

  let failures = 0;
  const t0 = performance.now();
  await pool(bodies, o.connections, async (b) => {
    const r = await fetch(`${p.baseUrl}/api/v1/pay/notify/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(b),
    });
    if (!r.ok) failures++;
    await r.arrayBuffer();
  });
  const seconds = (performance.now() - t0) / 1000;

  const nos = prepared.map((x) => x.order_no);
  const marks = nos.map(() => '?').join(',');
  const fulfilled = (
    p.sql(`SELECT COUNT(*) AS n FROM orders WHERE state = 'fulfilled' AND order_no IN (${marks})`, nos) as { n: number }[]
  )[0]!.n;
  const payments = (p.sql(`SELECT COUNT(*) AS n FROM payments WHERE order_no IN (${marks})`, nos) as { n: number }[])[0]!.n;
  return {
    orders,
    bareSameClient,
    notifications: {
      count: bodies.length,
      seconds,
      perSecond: bodies.length / seconds,
      settledOnce: fulfilled === bodies.length && payments === bodies.length,
      failures,
    },
  };
}
