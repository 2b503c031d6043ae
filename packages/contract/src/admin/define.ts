// The operator console's endpoints (docs/decisions/0018), declared like the portal's in one shape
// (../declaration.ts, docs/decisions/0050-one-endpoint-registry.md): each admin area has a
// zod-free routes file (../routes/admin/<area>.ts) and a file here binding those routes to who may
// call them (a permission from ./permissions.ts, or 'open') and their schemas; index.ts combines
// the areas. Routes are under /api like the portal's, all under /admin.
import { bindRoutes, type DeclarationOf } from '../declaration';
import type { Route } from '../route';

/** Binds an area's routes to its declarations, checking that each route is under /admin. */
export function adminArea<const R extends Record<string, Route>, const D extends { readonly [K in keyof R]: DeclarationOf<R[K]> }>(
  routes: R,
  declarations: D & Record<Exclude<keyof D, keyof R>, never>,
) {
  for (const [name, route] of Object.entries(routes)) {
    if (!/^(GET|POST) \/admin\//.test(route)) throw new Error(`${name}: an admin route is under /admin: ${route}`);
  }
  return bindRoutes(routes, declarations);
}
