// The bench's peer of /login: the same login form in Vue 3 + Vant 4 (./peer-vue), built with Vite
// into .bench/peer-vue and served from loopback the way the portal serves its own build: gzip at
// zlib's default level (the server's @fastify/compress), the page's HTML for any path (history
// fallback), immutable assets. Lighthouse then loads both with the same flags, alternately.
import { createServer, type Server } from 'node:http';
import { existsSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { extname, join, normalize, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import vue from '@vitejs/plugin-vue';
import { build } from 'vite';
import { entryFiles, sizeFiles, sum, type Manifest } from './bundle';

export const peerSource = join(import.meta.dirname, 'peer-vue');

/** Builds the peer; returns its dist folder. */
export async function buildPeer(outDir: string): Promise<string> {
  await build({
    root: peerSource,
    configFile: false,
    logLevel: 'warn',
    plugins: [vue()],
    // Same targets as apps/web (vite.config.ts): a fair comparison of what each framework ships.
    build: { outDir, emptyOutDir: true, manifest: true, target: 'es2020', modulePreload: { polyfill: false } },
  });
  return outDir;
}

/** First-load JS and CSS of the peer: its entry and everything the entry imports statically. */
export function peerFirstLoad(dist: string) {
  const manifest = JSON.parse(readFileSync(join(dist, '.vite/manifest.json'), 'utf8')) as Manifest;
  // The peer has no lazy pages: the entry is its whole first load.
  const fl = entryFiles(manifest);
  const js = sizeFiles(dist, fl.js);
  const css = sizeFiles(dist, fl.css);
  return { js, css, jsGzip: sum(js), cssGzip: sum(css) };
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.woff2': 'font/woff2',
  '.png': 'image/png',
};

export interface PeerServer {
  url: string;
  close(): Promise<void>;
}

/** A static server for the peer's build on 127.0.0.1 (a free port). */
export async function servePeer(dist: string): Promise<PeerServer> {
  const root = normalize(dist + sep);
  const server: Server = createServer((req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname);
    let file = normalize(join(root, path));
    if (!file.startsWith(root) || !existsSync(file) || !extname(file)) file = join(root, 'index.html');
    const body = readFileSync(file);
    const type = TYPES[extname(file)] ?? 'application/octet-stream';
    const gzip = /\bgzip\b/.test(String(req.headers['accept-encoding'] ?? '')) && body.length >= 1024;
    res.writeHead(200, {
      'content-type': type,
      'cache-control': file.endsWith('index.html') ? 'no-cache' : 'public, max-age=31536000, immutable',
      ...(gzip ? { 'content-encoding': 'gzip', vary: 'accept-encoding' } : {}),
    });
    res.end(gzip ? gzipSync(body) : body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
