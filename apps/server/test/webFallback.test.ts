// The web app's history fallback: every page path answers with index.html, compressed (it carries
// /login's prerendered markup and inlined CSS: ~47 kB plain, docs/decisions/0025-first-load.md);
// API paths and file names that do not exist stay a JSON 404.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { useTestApp } from './harness';

const dist = mkdtempSync(join(tmpdir(), 'portal-web-'));
mkdirSync(join(dist, 'assets'));
const html = `<!doctype html><html><body><div id="root">${'<p>登录</p>'.repeat(400)}</div></body></html>`;
writeFileSync(join(dist, 'index.html'), html);
writeFileSync(join(dist, 'assets', 'app.js'), 'console.log(1)');
// what the build writes beside an asset (scripts/build/precompress.mjs)
const bundle = `export const x = ${JSON.stringify('流量'.repeat(2000))};`;
writeFileSync(join(dist, 'assets', 'bundle-1a2b.js'), bundle);
writeFileSync(join(dist, 'assets', 'bundle-1a2b.js.br'), brotliCompressSync(bundle));
writeFileSync(join(dist, 'assets', 'bundle-1a2b.js.gz'), gzipSync(bundle, { level: 9 }));
const consoleDist = mkdtempSync(join(tmpdir(), 'portal-console-'));
const consoleHtml = '<!doctype html><html><body><div id="console">运营后台</div></body></html>';
writeFileSync(join(consoleDist, 'index.html'), consoleHtml);
afterAll(() => {
  rmSync(dist, { recursive: true, force: true });
  rmSync(consoleDist, { recursive: true, force: true });
});

describe('web history fallback', () => {
  const t = useTestApp('sqlite', { webDist: dist, consoleDist });

  it('answers a page path with index.html, gzip when the browser takes it, revalidated every time', async () => {
    for (const url of ['/login', '/', '/flow?mark=acme', '/mine/']) {
      const res = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.headers['content-encoding'], url).toBe('gzip');
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(gunzipSync(res.rawPayload).toString()).toBe(html);
    }
    const plain = await t.inject({ method: 'GET', url: '/login' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('sends the build’s compressed copies as they are, brotli first, and says the answer varies by encoding', async () => {
    const url = '/assets/bundle-1a2b.js';
    const br = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.rawPayload.equals(readFileSync(join(dist, 'assets', 'bundle-1a2b.js.br')))).toBe(true);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(bundle);
    const gz = await t.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bundle);
    const plain = await t.inject({ method: 'GET', url });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(bundle);
  });

  it('leaves unknown API paths and missing files a JSON 404; real files are served', async () => {
    for (const url of ['/api/v1/nope', '/favicon.ico', '/assets/gone.js']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json().code, url).toBeTypeOf('number');
    }
    const js = await t.inject({ method: 'GET', url: '/assets/app.js' });
    expect(js.statusCode).toBe(200);
    expect(js.body).toBe('console.log(1)');
    // a hashed asset is cached for good (the plugin's own `public, max-age=0` used to replace this)
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it("leaves the console's pages to the console's own index.html", async () => {
    for (const url of ['/admin', '/admin/', '/admin/cards', '/admin/audit?x=1']) {
      const res = await t.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(consoleHtml);
    }
  });
});
