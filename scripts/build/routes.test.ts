import { describe, expect, it } from 'vitest';
import { routeFiles, routeFilesOnDisk } from './routes';

describe('the route constants (packages/contract/src/routes/)', () => {
  it('are what `npm run routes` writes from the declarations', async () => {
    const want = await routeFiles();
    const have = routeFilesOnDisk();
    expect([...have.keys()].sort(), 'run `npm run routes`').toEqual([...want.keys()].sort());
    for (const [path, text] of want) expect(have.get(path), `${path}: run \`npm run routes\``).toBe(text);
  });
});
