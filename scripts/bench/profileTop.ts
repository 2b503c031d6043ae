// `node --import tsx scripts/bench/profileTop.ts <file.cpuprofile> [lastSeconds]` — where a V8 CPU
// profile (BENCH_PROFILE=1 of bench:card) spent its busy time: self time by function and by
// package or source folder, as shares of the non-idle samples, over the last `lastSeconds` (the
// load phase; default the whole profile).
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
interface Profile {
  nodes: Node[];
  samples: number[];
  timeDeltas: number[];
  startTime: number;
  endTime: number;
}

export function summarize(profile: Profile, lastSeconds = Infinity, top = 30) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  // sample times
  const times: number[] = [];
  let t = profile.startTime;
  for (const d of profile.timeDeltas) times.push((t += d));
  const from = profile.endTime - lastSeconds * 1e6;
  const self = new Map<string, number>();
  const pkg = new Map<string, number>();
  const inclusive = new Map<string, number>();
  let busy = 0;
  let idle = 0;
  profile.samples.forEach((id, i) => {
    if (times[i]! < from) return;
    const dt = profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0;
    const n = byId.get(id)!;
    const name = n.callFrame.functionName;
    if (name === '(idle)' || name === '(program)') {
      idle += dt;
      return;
    }
    busy += dt;
    const key = `${name || '(anonymous)'} ${short(n.callFrame.url)}:${n.callFrame.lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + dt);
    const p = where(n.callFrame.url, name);
    pkg.set(p, (pkg.get(p) ?? 0) + dt);
    // inclusive by source area (each area counted once per sample)
    const seen = new Set<string>();
    for (let cur: number | undefined = id; cur !== undefined; cur = parent.get(cur)) {
      const area = where(byId.get(cur)!.callFrame.url, byId.get(cur)!.callFrame.functionName);
      if (!seen.has(area)) {
        seen.add(area);
        inclusive.set(area, (inclusive.get(area) ?? 0) + dt);
      }
    }
  });
  const pct = (v: number) => ((v / busy) * 100).toFixed(1).padStart(5) + ' %';
  const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
  return {
    busyMs: busy / 1000,
    idleMs: idle / 1000,
    self: sorted(self).map(([k, v]) => `${pct(v)}  ${k}`),
    byArea: sorted(pkg).map(([k, v]) => `${pct(v)}  ${k}`),
    inclusive: sorted(inclusive).map(([k, v]) => `${pct(v)}  ${k}`),
  };
}

function short(url: string) {
  return url.replace(/^file:\/\/.*?\/(node_modules|apps|packages|scripts)\//, '$1/');
}
function where(url: string, fn: string) {
  if (!url) return fn.startsWith('(') ? fn : '(native)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return 'node:' + url.slice(5).split('/')[0];
  const s = /(apps\/server\/src\/(?:[^/]+\/)?[^/]+)/.exec(url);
  if (s) return s[1]!.replace(/\.ts$/, '');
  return short(url);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const [file, last] = process.argv.slice(2);
  if (!file) throw new Error('usage: profileTop.ts <file.cpuprofile> [lastSeconds]');
  const r = summarize(JSON.parse(readFileSync(file, 'utf8')) as Profile, last ? Number(last) : Infinity);
  console.log(`busy ${r.busyMs.toFixed(0)} ms, idle ${r.idleMs.toFixed(0)} ms`);
  console.log('\nself time by function:');
  for (const l of r.self) console.log('  ' + l);
  console.log('\nself time by package / source file:');
  for (const l of r.byArea) console.log('  ' + l);
  console.log('\ninclusive time by package / source file:');
  for (const l of r.inclusive) console.log('  ' + l);
}
