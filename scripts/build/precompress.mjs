// Writes `<file>.br` (quality 11) and `<file>.gz` (level 9) beside every text asset of a built
// app, once at build time: the server sends them as they are (@fastify/static's preCompressed,
// apps/server/src/app.ts) instead of compressing the same files on every request at its default
// level. For a phone on a slow network that is a smaller /login (brotli ~15 % under gzip); for the
// server, no compression work per visit. A compressed copy that is not smaller is not written.
//   node scripts/build/precompress.mjs <dist> [<dist> …]
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const TEXT = /\.(js|mjs|css|html|svg|json|webmanifest|txt|map)$/;
/** below this the headers outweigh the saving (@fastify/compress's threshold too) */
const MIN_BYTES = 1024;

function* files(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* files(path);
    else if (TEXT.test(entry.name)) yield path;
  }
}

export function precompress(dist) {
  let written = 0;
  for (const path of files(dist)) {
    const raw = readFileSync(path);
    if (raw.length < MIN_BYTES) continue;
    const br = brotliCompressSync(raw, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
    });
    const gz = gzipSync(raw, { level: 9 });
    for (const [ext, copy] of [
      ['br', br],
      ['gz', gz],
    ]) {
      if (copy.length >= raw.length) continue;
      writeFileSync(`${path}.${ext}`, copy);
      written++;
    }
  }
  return written;
}

if (process.argv[1] && import.meta.url === new URL(`file://${process.argv[1]}`).href) {
  const dirs = process.argv.slice(2);
  if (dirs.length === 0) throw new Error('usage: precompress.mjs <dist> [<dist> …]');
  for (const dir of dirs) {
    if (!statSync(dir).isDirectory()) throw new Error(`${dir} is not a directory`);
    console.log(`precompressed ${precompress(dir)} files in ${dir}`);
  }
}
