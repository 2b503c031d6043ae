// How many first screens a process renders at once, and what becomes of one past its budget
// (docs/decisions/0082): against a renderer of the test's own, in a build folder of its own, whose
// renderings end when the test says.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gunzipSync } from 'node:zlib';
import { join } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyRequest } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { FIRST_SCREEN_COOKIE, FIRST_SCREEN_HEAD_MARK, FIRST_SCREEN_MARK } from '@portal/contract/firstScreen';
import { processRegistry } from '../../lib/metrics';
import { firstScreens, type FirstScreenLimits, type FirstScreens, type PaintedAnswer } from '.';

interface Input {
  path: string;
  read: (pathAndQuery: string) => Promise<Response>;
  signal?: AbortSignal;
}
interface Pending {
  input: Input;
  end(markup: string | undefined): void;
}

/** the renderings under way, in the order they began; each ends when the test ends it */
const pending: Pending[] = [];
const hook = globalThis as { __firstScreenTestRender?: (input: Input) => Promise<unknown> };
hook.__firstScreenTestRender = (input) =>
  new Promise((resolve) =>
    pending.push({ input, end: (markup) => resolve(markup === undefined ? undefined : { markup, pictures: [], owner: 'o' }) }),
  );

let dir: string;
const apps: FastifyInstance[] = [];
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'first-screens-'));
  writeFileSync(join(dir, 'index.html'), `<html><head>${FIRST_SCREEN_HEAD_MARK}</head><body>${FIRST_SCREEN_MARK}</body></html>`);
  writeFileSync(join(dir, 'firstScreenStyles.json'), JSON.stringify({ '/flow': ['flow.css'] }));
  writeFileSync(join(dir, 'flow.css'), '._remaining_1n402_44{font-size:28px}');
  writeFileSync(join(dir, 'firstScreen.mjs'), 'export const renderFirstScreen = (input) => globalThis.__firstScreenTestRender(input);\n');
});
afterAll(async () => {
  await Promise.all(apps.map((a) => a.close()));
  rmSync(dir, { recursive: true, force: true });
});
beforeEach(() => void pending.splice(0));

async function screensWith(limits: FirstScreenLimits) {
  const app = Fastify();
  apps.push(app);
  const screens = firstScreens(app, dir, dir, limits)!;
  const refusedBefore = await count('refused');
  await app.ready();
  // the renderer loads in the background once the app is ready: asked until a rendering begins
  for (let i = 0; i < 200; i++) {
    const asked = ask(screens);
    await new Promise((r) => setTimeout(r, 10));
    pending.splice(0).forEach((p) => p.end(undefined));
    if ((await asked) === undefined && (await count('refused')) > refusedBefore) break;
  }
  return screens;
}

const asked = (s: FirstScreens, acceptEncoding?: string) =>
  s.indexFor({
    headers: {
      cookie: `${FIRST_SCREEN_COOKIE}=${'t'.repeat(20)}.1000000001.demo`,
      ...(acceptEncoding ? { 'accept-encoding': acceptEncoding } : {}),
    },
    url: '/flow',
    log: console,
  } as unknown as FastifyRequest);

/** the page's HTML as the phone reads it (unzipped), undefined for the plain page */
const htmlOf = (a: PaintedAnswer | undefined) => a && (a.gzip ? gunzipSync(a.body) : a.body).toString();
const ask = async (s: FirstScreens) => htmlOf(await asked(s));

async function count(outcome: string): Promise<number> {
  const line = (await processRegistry.metrics()).split('\n').find((l) => l.startsWith(`portal_first_screens_total{outcome="${outcome}"}`));
  return line ? Number(line.slice(line.lastIndexOf(' ') + 1)) : 0;
}

const turn = () => new Promise((r) => setImmediate(r));

/** The next page asked is rendered (its place is free) and comes with `markup`. */
async function expectRendered(screens: FirstScreens, markup: string) {
  const began = pending.length;
  const answer = ask(screens);
  await turn();
  expect(pending).toHaveLength(began + 1);
  pending.at(-1)!.end(markup);
  expect(await answer).toContain(markup);
}

describe('first screens rendered at once', () => {
  it('beyond the limit a page is the plain one at once (busy); a rendering that ended frees its place', async () => {
    const screens = await screensWith({ budgetMs: 10_000, concurrency: 1 });
    const busy = await count('busy');
    const first = ask(screens);
    await turn();
    expect(pending).toHaveLength(1);
    // the second is not rendered, and not kept waiting behind the first
    expect(await ask(screens)).toBeUndefined();
    expect(pending).toHaveLength(1);
    expect(await count('busy')).toBe(busy + 1);
    pending[0]!.end('<p>93.16GB</p>');
    expect(await first).toContain('<div id="page-snapshot" inert=""><p>93.16GB</p></div>');
    await expectRendered(screens, '<p>again</p>');
  });

  it('a rendering past its budget is told to stop: its reads refused, its place kept until it has ended', async () => {
    const screens = await screensWith({ budgetMs: 30, concurrency: 1 });
    const late = await count('late');
    expect(await ask(screens)).toBeUndefined();
    expect(await count('late')).toBe(late + 1);
    const [stalled] = pending;
    expect(stalled!.input.signal?.aborted).toBe(true);
    await expect(stalled!.input.read('/api/v2/card/flow?custom_num=1000000001')).rejects.toThrow(/abort/i);
    // still under way: the next page is plain rather than a second rendering beside it
    expect(await ask(screens)).toBeUndefined();
    expect(pending).toHaveLength(1);
    stalled!.end(undefined);
    await turn();
    await expectRendered(screens, '<p>in time</p>');
  });

  it('goes gzipped to a phone that takes gzip: the same page, bytes for bytes', async () => {
    const screens = await screensWith({ budgetMs: 10_000, concurrency: 4 });
    const plain = asked(screens);
    const zipped = asked(screens, 'gzip, deflate, br');
    const refused = asked(screens, 'gzip;q=0, identity');
    await turn();
    pending.forEach((p) => p.end('<p>剩余流量 93.16GB</p>'));
    const [a, b, c] = await Promise.all([plain, zipped, refused]);
    expect(a?.gzip).toBe(false);
    expect(b?.gzip).toBe(true);
    expect(c?.gzip).toBe(false);
    expect(gunzipSync(b!.body).equals(a!.body)).toBe(true);
    expect(htmlOf(a)).toBe(
      '<html><head><meta name="first-screen" content="/flow" data-owner="o"><style data-snapshot-css="">._remaining_1n402_44{font-size:28px}</style></head>' +
        '<body><div id="page-snapshot" inert=""><p>剩余流量 93.16GB</p></div></body></html>',
    );
  });
});
