// The first load of one portal page, from the last build's manifest: `npm run size` (/login) or
// `npm run size -- Packages` (a page module's name, matched in routes/*/<name>.tsx). The same count
// as `npm run bench` (a) and the /login budget journey (./bundle.ts): the entry and the page's lazy
// chunk with their static imports, gzip-sized. Run `npm run build -w apps/web` first.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_LOGIN_SRC, firstLoadFiles, sizeFiles, sum, type Manifest } from './bundle';
import { LOGIN_JS_BUDGET } from './pages';

const webDist = fileURLToPath(new URL('../../apps/web/dist', import.meta.url));
const manifestPath = join(webDist, '.vite/manifest.json');
if (!existsSync(manifestPath)) {
  console.error(`${manifestPath} is missing: build the web app first (npm run build -w apps/web)`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8')) as Manifest;
const name = process.argv[2];
const page = name ? new RegExp(`(^|/)routes/[^/]+/${name.replace(/[^\w]/g, '')}\\.tsx$`) : DEFAULT_LOGIN_SRC;

const pages = Object.keys(manifest).filter((k) => manifest[k]!.isDynamicEntry && /(^|\/)routes\/.*\.tsx$/.test(k));
if (!pages.some((k) => page.test(k))) {
  console.error(`No page ${name} in the build. Pages: ${pages.map((k) => k.replace(/^.*\/(\w+)\.tsx$/, '$1')).join(' ')}`);
  process.exit(1);
}
const files = firstLoadFiles(manifest, page);
const js = sizeFiles(webDist, files.js);
const css = sizeFiles(webDist, files.css);
const kb = (n: number) => `${n.toLocaleString('en')} B`;
console.log(`First load of ${files.routeKeys.join(', ')} (gzip)`);
for (const f of [...js, ...css]) console.log(`  ${f.file.padEnd(48)} ${kb(f.gzip).padStart(10)}`);
console.log(
  `  JavaScript ${kb(sum(js))} · CSS ${kb(sum(css))}${name ? '' : ` · /login budget: JavaScript ≤ ${kb(LOGIN_JS_BUDGET.gzipBytes)}`}`,
);
