import { describe, expect, it } from 'vitest';
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
    expect(() => adminArea({ x: 'GET /v1/x' }, { x: { access: 'open', tags: ['x'], summary: 'x' } })).toThrow(/under \/admin/);
  });

  it('refuses a declaration without a route, and a route without a declaration', () => {
    const declaration = { access: 'self', tags: ['x'], summary: 'x' } as const;
    // @ts-expect-error: y has no route
    expect(() => adminArea({ x: 'GET /admin/x' }, { x: declaration, y: declaration })).toThrow(/y has no route/);
    // @ts-expect-error: y has no declaration
    expect(() => adminArea({ x: 'GET /admin/x', y: 'GET /admin/y' }, { x: declaration })).toThrow(/y has no declaration/);
  });
});
