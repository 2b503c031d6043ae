import * as api from '@portal/contract/routes';
import { describe, expect, it } from 'vitest';
import { EVERY_PAGE_FIRST_REQUESTS, FIRST_REQUESTS } from './firstRequests';
import { routeOf } from './routes';

const getPaths = new Set(
  Object.values(api as Record<string, string>)
    .filter((r) => r.startsWith('GET '))
    .map((r) => r.slice(4)),
);

describe('the first reads index.html starts for a page', () => {
  it.each([...EVERY_PAGE_FIRST_REQUESTS, ...Object.values(FIRST_REQUESTS).flat()])('%s is a GET route of the contract', (request) => {
    const [path, query = ''] = request.split('?');
    expect(getPaths.has(path!), `${path} is not a GET route`).toBe(true);
    // a placeholder the inline script fills, or a fixed value: never a value of one phone
    for (const pair of query.split('&').filter(Boolean)) expect(pair).toMatch(/^[a-z_]+=([a-z0-9]+|\{customNum\}|\{mark\})$/);
  });

  it.each(Object.keys(FIRST_REQUESTS))('%s is a route of the table', (path) => {
    expect(routeOf(path)?.path).toBe(path);
  });
});
