// One shape for every endpoint, the portal's and the console's (docs/decisions/0050-one-endpoint-registry.md):
// its route, who may call it, and its schemas, declared once in portal/<area>.ts or admin/<area>.ts.
// The zod-free route constants a browser bundle imports (routes/*.ts, so it carries only the
// strings it calls) are derived from these (./routesFile.ts); the server registers every endpoint
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

/** A GET has no body: a declaration whose route is a GET and that has one is a type error. */
export type NoBodyOnGet<D> = D extends { readonly route: `GET ${string}` } ? { readonly body?: never; readonly upload?: never } : unknown;

/** An endpoint as the server registers it: its declaration with its route taken apart. */
export type Bound<K, D extends { readonly route: Route }> = D & {
  readonly name: K;
  readonly method: MethodOf<D['route']>;
  readonly path: PathOf<D['route']>;
};

/**
 * An area's endpoints, each declared once with its route: the name is the key. The zod-free route
 * constants the browsers import (routes/<area>.ts) are written from these by `npm run routes`
 * (./routesFile.ts), and a unit test fails when they differ.
 */
export function declareArea<const D extends { readonly [name: string]: EndpointDeclaration }>(
  declarations: D & { readonly [K in keyof D]: NoBodyOnGet<D[K]> },
): { readonly [K in keyof D & string]: Bound<K, D[K]> } {
  const out = {} as Record<string, unknown>;
  for (const [name, d] of Object.entries(declarations)) {
    out[name] = { ...d, name, method: methodOf(d.route), path: pathPatternOf(d.route) };
  }
  return out as { readonly [K in keyof D & string]: Bound<K, D[K]> };
}
