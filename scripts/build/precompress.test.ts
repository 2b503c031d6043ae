// The build's compressed copies (precompress.mjs): a .br and a .gz beside each text asset of 1 kB or
// more, each decompressing to the file itself; nothing for small files or images.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';

const dist = mkdtempSync(join(tmpdir(), 'precompress-'));
afterAll(() => rmSync(dist, { recursive: true, force: true }));

describe('precompress.mjs', () => {
  it('writes .br and .gz beside text assets of 1 kB or more, and only there', () => {
    mkdirSync(join(dist, 'assets'));
    const js = `export const rows = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => ({ id: i, name: `套餐 ${i}` })))};\n`;
    const files: Record<string, string | Buffer> = {
      'index.html': `<!doctype html><html><body>${'<p>登录</p>'.repeat(300)}</body></html>`,
      'assets/app-1a2b.js': js,
      'assets/app-1a2b.css': `.a{color:red}`.repeat(200),
      'assets/small.js': 'console.log(1)',
      'assets/logo.png': Buffer.alloc(4096, 7),
    };
    for (const [name, body] of Object.entries(files)) writeFileSync(join(dist, name), body);
    const out = execFileSync(process.execPath, [join(import.meta.dirname, 'precompress.mjs'), dist], { encoding: 'utf8' });
    expect(out).toMatch(/precompressed \d+ files/);
    for (const name of ['index.html', 'assets/app-1a2b.js', 'assets/app-1a2b.css']) {
      const raw = readFileSync(join(dist, name));
      expect(brotliDecompressSync(readFileSync(join(dist, `${name}.br`))).equals(raw), name).toBe(true);
      expect(gunzipSync(readFileSync(join(dist, `${name}.gz`))).equals(raw), name).toBe(true);
    }
    for (const name of ['assets/small.js', 'assets/logo.png'])
      expect(existsSync(join(dist, `${name}.br`)) || existsSync(join(dist, `${name}.gz`)), name).toBe(false);
  });

  it('refuses to run without a directory', () => {
    expect(() => execFileSync(process.execPath, [join(import.meta.dirname, 'precompress.mjs')], { stdio: 'pipe' })).toThrow();
  });
});
