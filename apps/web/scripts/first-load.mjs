#!/usr/bin/env node
// First-load size of a route: the entry chunk, its static imports, the route's lazy page chunk
// with its static imports, and all their CSS, gzip-sized (level 9, like a static gzip).
// Usage: node apps/web/scripts/first-load.mjs [pageModule] [--json]
//   pageModule defaults to src/routes/account/Login.tsx (the /login budget: e2e/journeys/firstLoad.e2e.test.ts).
// Needs a build with build.manifest (vite build).
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const dist = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8'));
const page = process.argv.slice(2).find((a) => !a.startsWith('--')) ?? 'src/routes/account/Login.tsx';
const asJson = process.argv.includes('--json');

const js = new Set();
const css = new Set();
function collect(key) {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`${key} is not in the manifest`);
  if (js.has(chunk.file)) return;
  js.add(chunk.file);
  (chunk.css ?? []).forEach((f) => css.add(f));
  (chunk.imports ?? []).forEach(collect);
}
collect('index.html');
collect(page);

const size = (file) => {
  const buf = readFileSync(join(dist, file));
  return { file, raw: buf.length, gzip: gzipSync(buf, { level: 9 }).length };
};
const jsFiles = [...js].map(size);
const cssFiles = [...css].map(size);
const sum = (files, k) => files.reduce((n, f) => n + f[k], 0);
const report = {
  page,
  js: { files: jsFiles, raw: sum(jsFiles, 'raw'), gzip: sum(jsFiles, 'gzip') },
  css: { files: cssFiles, raw: sum(cssFiles, 'raw'), gzip: sum(cssFiles, 'gzip') },
  html: size('index.html'),
};
report.totalGzip = report.js.gzip + report.css.gzip;

if (asJson) {
  console.log(JSON.stringify(report, null, 2));
} else {
  const kb = (n) => `${(n / 1024).toFixed(1)} KB`;
  console.log(`First load of ${page}`);
  for (const f of [...jsFiles, ...cssFiles])
    console.log(`  ${f.file.padEnd(44)} ${kb(f.raw).padStart(10)} raw ${kb(f.gzip).padStart(9)} gzip`);
  console.log(
    `  JS  ${kb(report.js.gzip)} gzip · CSS ${kb(report.css.gzip)} gzip · JS+CSS ${kb(report.totalGzip)} gzip (html ${kb(report.html.gzip)})`,
  );
}
