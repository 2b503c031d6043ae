// One shape for every endpoint, the portal's and the console's (docs/decisions/0050-one-endpoint-registry.md):
// its route (a zod-free constant in routes/*.ts or routes/admin/*.ts, so a browser bundle carries
// only the strings it calls), who may call it, and its schemas. endpoints.ts binds the portal's
// routes to their declarations, admin/*.ts the console's; the server registers every one of them
// with one serve() that applies the guard `access` names.
import type { z } from 'zod';
import { methodOf, pathPatternOf, type MethodOf, type PathOf, type Route } from './route';
import type { Permission } from './admin/permissions';

/**
 * Who may call an endpoint: anyone ('open'; under /admin a change must still come from the
 * console's page), a signed-in holder ('holder': the portal's Bearer token), or a signed-in operator
 * whose role has the named permission (admin/permissions.ts).
 */
export type Access = 'open' | 'holder' | Permission;

export interface EndpointDeclaration {
  /** "METHOD /path" under /api */
  readonly route: Route;
  /** stated on every endpoint: no default, so a new one cannot be left open by omission */
  readonly access: Access;
  /** OpenAPI grouping */
  readonly tags: readonly string[];
  /** one line in Chinese: what the endpoint does */
  readonly summary: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
  /** the `data` of the JSON envelope; absent: the answer is the file itself (a CSV, an image) */
  readonly answer?: z.ZodType;
  /** the body is multipart/form-data with the file under `file`, not JSON */
  readonly upload?: true;
  /** a larger (or smaller) request body than the server's default, in bytes */
  readonly bodyLimit?: number;
  /**
   * A console POST that writes nothing (a read sent as a POST: a list too long for a URL, a file
   * to check). Absent: a console POST is a write, made once per Idempotency-Key
   * (docs/decisions/0041-console-writes-once.md), which adminWritesOnce.test.ts proves by a sample.
   */
  readonly writes?: false;
  /**
   * A console write already made once by itself, and where that is proven: its body's request id,
   * a conditional change a second request finds done. adminWritesOnce.test.ts then needs no sample.
   */
  readonly idempotent?: string;
}

/** What a declaration says besides its route (the route comes from its routes file); a GET has no body. */
export type DeclarationOf<R extends Route> = Omit<EndpointDeclaration, 'route'> &
  (MethodOf<R> extends 'GET' ? { readonly body?: never; readonly upload?: never } : unknown);

/** An endpoint as the server registers it: its declaration with its route taken apart. */
export type Bound<K, R extends Route, D> = D & {
  readonly name: K;
  readonly route: R;
  readonly method: MethodOf<R>;
  readonly path: PathOf<R>;
};

/**
 * Binds each route of a routes file to its declaration. A route without a declaration is a type
 * error; a declaration without a route is one too, and throws (for a caller the checker cannot see).
 */
export function bindRoutes<const R extends Record<string, Route>, const D extends { readonly [K in keyof R]: DeclarationOf<R[K]> }>(
  routes: R,
  declarations: D & Record<Exclude<keyof D, keyof R>, never>,
): { readonly [K in keyof R & string]: Bound<K, R[K], D[K]> } {
  const out = {} as Record<string, unknown>;
  for (const name of Object.keys(routes)) {
    const route = routes[name]!;
    const d = declarations[name];
    if (!d) throw new Error(`route ${name} has no declaration`);
    out[name] = { ...d, name, route, method: methodOf(route), path: pathPatternOf(route) };
  }
  for (const name of Object.keys(declarations)) if (!(name in routes)) throw new Error(`endpoint ${name} has no route`);
  return out as { readonly [K in keyof R & string]: Bound<K, R[K], D[K]> };
}
