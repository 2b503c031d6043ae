// `npm run routes`: writes the zod-free route constants (packages/contract/src/routes/) from the
// endpoints' declarations (packages/contract/src/routesFile.ts says why); routes.test.ts fails when
// they differ. `npm run build` runs it first.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { isDeclaredArea, routesFileText, routesIndexText } from '../../packages/contract/src/routesFile';

const CONTRACT = join(import.meta.dirname, '../../packages/contract/src');

/** Every file the routes folder should hold, by path under packages/contract/src, with its text. */
export async function routeFiles(): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  for (const console of [false, true]) {
    const dir = console ? 'admin' : 'portal';
    const areas: string[] = [];
    for (const file of readdirSync(join(CONTRACT, dir)).sort()) {
      // index.ts joins the areas; the other files are one area each, or none (tags, permissions, …)
      if (!file.endsWith('.ts') || file.endsWith('.test.ts') || file === 'index.ts') continue;
      const module: Record<string, unknown> = await import(pathToFileURL(join(CONTRACT, dir, file)).href);
      const declared = Object.values(module).filter(isDeclaredArea);
      if (declared.length === 0) continue;
      if (declared.length > 1) throw new Error(`${dir}/${file}: one area a file (it exports ${declared.length})`);
      const area = file.slice(0, -'.ts'.length);
      areas.push(area);
      files.set(console ? `routes/admin/${area}.ts` : `routes/${area}.ts`, routesFileText(area, declared[0]!, console));
    }
    files.set(console ? 'routes/admin.ts' : 'routes/index.ts', routesIndexText(areas, console));
  }
  return files;
}

/** The files of the routes folder today, by the same paths. */
export function routeFilesOnDisk(): Map<string, string> {
  const files = new Map<string, string>();
  for (const dir of ['routes', 'routes/admin']) {
    for (const entry of readdirSync(join(CONTRACT, dir), { withFileTypes: true })) {
      if (entry.isFile()) files.set(`${dir}/${entry.name}`, readFileSync(join(CONTRACT, dir, entry.name), 'utf8'));
    }
  }
  return files;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const want = await routeFiles();
  const have = routeFilesOnDisk();
  const { rmSync } = await import('node:fs');
  for (const path of have.keys()) if (!want.has(path)) rmSync(join(CONTRACT, path));
  let written = 0;
  for (const [path, text] of want) {
    if (have.get(path) === text) continue;
    writeFileSync(join(CONTRACT, path), text);
    written++;
  }
  console.log(`routes: ${want.size} files, ${written} written`);
}
