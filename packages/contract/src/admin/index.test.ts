import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ROUTES } from '../endpoints';
import { adminArea } from './define';
import { ADMIN_ENDPOINTS } from './index';

describe('admin endpoint declarations', () => {
  const entries = Object.entries(ADMIN_ENDPOINTS);

  it('give each route one endpoint, under /admin, apart from the portal routes', () => {
    const routes = entries.map(([, e]) => e.route);
    expect(new Set(routes).size).toBe(routes.length);
    const portal = new Set<string>(Object.values(ROUTES));
    for (const [name, e] of entries) {
      expect(e.route, name).toMatch(/^(GET|POST) \/admin\//);
      expect(portal.has(e.route), name).toBe(false);
      expect(e.summary.length, name).toBeGreaterThan(0);
      if (e.route.startsWith('GET')) expect('body' in e, `${name} is a GET with a body`).toBe(false);
    }
  });

  it('refuses a route outside /admin', () => {
    expect(() => adminArea({ x: { route: 'GET /v1/x', access: 'open', tags: ['x'], summary: 'x' } })).toThrow(/under \/admin/);
  });

  it('takes the name from the key and the method and path from the route', () => {
    const area = adminArea({ x: { route: 'POST /admin/x/:id', access: 'self', tags: ['x'], summary: 'x' } });
    expect(area.x).toMatchObject({ name: 'x', method: 'POST', path: '/admin/x/:id' });
    // @ts-expect-error: a GET has no body
    adminArea({ y: { route: 'GET /admin/y', access: 'self', tags: ['y'], summary: 'y', body: z.object({}) } });
  });
});
