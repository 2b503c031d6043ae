// The deployment files cannot be run here (no Docker engine), so what they must agree on with the
// project is checked instead: the image builds with CI's build script and runs what `npm start`
// runs, on the runtime the project pins; nginx admits the largest upload; compose sets only
// variables the server reads, with every production secret required.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ENV_NAMES } from '../../apps/server/src/config';
import { MAX_UPLOAD_BYTES } from '../../apps/server/src/modules/upload/rules';
import { REQUIRED_NODE_MAJOR } from '../../apps/server/src/runtime';

const root = join(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');
const rootPackage = JSON.parse(read('package.json')) as {
  workspaces: string[];
  scripts: Record<string, string>;
  devDependencies: Record<string, string>;
};
const dockerfile = read('Dockerfile');
const stages = dockerfile.split(/^FROM /m).slice(1);

describe('Dockerfile', () => {
  it('has a build stage and a runtime stage on the Node major the project runs on', () => {
    expect(stages).toHaveLength(2);
    const pinned = Number(/\d+/.exec(rootPackage.devDependencies.node!)![0]);
    expect(pinned).toBe(REQUIRED_NODE_MAJOR);
    for (const stage of stages) expect(stage).toMatch(new RegExp(`^node:${REQUIRED_NODE_MAJOR}[-\\w.]*`));
  });

  it('builds with the same script as CI and runs the compiled server that `npm start` serves', () => {
    const [build, runtime] = stages as [string, string];
    expect(build).toMatch(/^RUN npm ci\b/m);
    expect(build).toMatch(/^RUN npm run build$/m);
    expect(rootPackage.scripts.build).toContain('build:server');
    expect(rootPackage.scripts.serve).toBe('node apps/server/dist/main.js');
    expect(runtime).toContain('CMD ["node", "apps/server/dist/main.js"]');
    expect(runtime).toMatch(/--omit=dev/);
  });

  it('runs as a non-root user in production mode', () => {
    const runtime = stages[1]!;
    expect(runtime).toMatch(/^USER node$/m);
    expect(runtime).toMatch(/NODE_ENV=production/);
  });

  it('copies every workspace manifest before npm ci in both stages (a new workspace breaks the lockfile install otherwise)', () => {
    for (const stage of stages) {
      const beforeInstall = stage.slice(0, stage.indexOf('RUN npm ci'));
      for (const ws of rootPackage.workspaces) expect(beforeInstall).toContain(`${ws}/package.json`);
    }
  });

  it('ships the built web apps the server serves', () => {
    const runtime = stages[1]!;
    expect(runtime).toContain('apps/web/dist');
  });
});

describe('deploy/nginx.conf', () => {
  const nginx = read('deploy/nginx.conf');

  it('admits the largest upload with its multipart envelope', () => {
    const m = /client_max_body_size\s+(\d+)([km]?);/i.exec(nginx);
    expect(m).not.toBeNull();
    const unit = { '': 1, k: 1024, m: 1024 * 1024 }[m![2]!.toLowerCase() as '' | 'k' | 'm'];
    expect(Number(m![1]) * unit).toBeGreaterThan(MAX_UPLOAD_BYTES);
  });

  it('overwrites X-Forwarded-For so that the one trusted hop is the client', () => {
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-For \$remote_addr;/);
  });

  it("passes the browser's Host with its port, which the console's Origin check compares (lib/sameOrigin.ts)", () => {
    expect(nginx).toMatch(/proxy_set_header Host \$http_host;/);
    expect(nginx).toMatch(/proxy_set_header X-Forwarded-Proto \$scheme;/);
  });
});

describe('deploy/compose.yaml', () => {
  const compose = read('deploy/compose.yaml');
  const portalEnv = compose.slice(compose.indexOf('  environment:'), compose.indexOf('services:'));
  const names = [...portalEnv.matchAll(/^ {4}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]!);

  it('sets only variables the server reads', () => {
    expect(names.length).toBeGreaterThan(3);
    for (const name of names) expect(ENV_NAMES).toContain(name);
  });

  it('runs in production with the secrets required, not defaulted', () => {
    expect(portalEnv).toMatch(/NODE_ENV: production/);
    for (const secret of ['PERSONAL_DATA_KEY', 'PAY_SANDBOX_SECRET']) {
      expect(portalEnv).toMatch(new RegExp(`${secret}: \\$\\{${secret}:\\?`));
    }
    expect(portalEnv).toMatch(/TRUST_PROXY: ['"]1['"]/);
  });

  it('starts two portal processes behind the proxy', () => {
    expect(compose).toMatch(/^ {2}portal1:/m);
    expect(compose).toMatch(/^ {2}portal2:/m);
    expect(read('deploy/nginx.conf')).toMatch(/server portal1:3000[\s\S]*server portal2:3000/);
  });
});

describe('deploy/providers.env.example', () => {
  it('names only variables the server reads', () => {
    const names = [...read('deploy/providers.env.example').matchAll(/^([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!);
    expect(names.length).toBeGreaterThan(10);
    for (const name of names) expect(ENV_NAMES).toContain(name);
  });
});

describe('the manifests the image installs from', () => {
  type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
  const manifest = (path: string) => JSON.parse(read(path)) as Manifest;

  it("installs no development tool with the server's production dependencies (the runtime stage runs the compiled bundle)", () => {
    const server = manifest('apps/server/package.json');
    for (const tool of ['tsx', 'esbuild', 'vite', 'typescript']) expect(server.dependencies ?? {}).not.toHaveProperty(tool);
  });

  it("keeps the bench's Vue + Vant peer in the bench's own workspace", () => {
    const root = manifest('package.json');
    for (const name of ['vue', 'vant', '@vitejs/plugin-vue']) {
      expect({ ...root.dependencies, ...root.devDependencies }).not.toHaveProperty(name);
      expect(manifest('scripts/bench/package.json').devDependencies).toHaveProperty(name);
    }
  });

  it("declares the runtime in devEngines without failing npm on the machine's older Node (docs/decisions/0023)", () => {
    const { devEngines } = JSON.parse(read('package.json')) as {
      devEngines: { runtime: { name: string; version: string; onFail: string } };
    };
    expect(devEngines.runtime.name).toBe('node');
    expect(Number(/\d+/.exec(devEngines.runtime.version)![0])).toBe(REQUIRED_NODE_MAJOR);
    expect(['ignore', 'warn']).toContain(devEngines.runtime.onFail);
  });
});
