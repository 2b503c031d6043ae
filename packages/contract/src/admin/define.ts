// The operator console's endpoints (docs/decisions/0018), declared like the portal's in one shape
// (../declaration.ts, docs/decisions/0050-one-endpoint-registry.md): each admin area has a
// file here declaring its endpoints' routes, who may call them (a permission from
// ./permissions.ts, or 'open') and their schemas; index.ts combines the areas, and
// ../routes/admin/<area>.ts holds the routes alone for the console's bundle, derived from these
// (../routesFile.ts). Routes are under /api like the portal's, all under /admin.
import { declareArea, type EndpointDeclaration, type NoBodyOnGet } from '../declaration';

/** Declares an admin area's endpoints (../declaration.ts), checking that each route is under /admin. */
export function adminArea<const D extends { readonly [name: string]: EndpointDeclaration }>(
  declarations: D & { readonly [K in keyof D]: NoBodyOnGet<D[K]> },
) {
  for (const [name, { route }] of Object.entries(declarations)) {
    if (!/^(GET|POST) \/admin\//.test(route)) throw new Error(`${name}: an admin route is under /admin: ${route}`);
  }
  return declareArea<D>(declarations);
}
