// The operator console's endpoints (docs/decisions/0018), declared once like the portal's
// (docs/decisions/0009): route, schemas, summary. Each admin area has its own file here
// (auth.ts, audit.ts, dashboard.ts, …) exporting one object of declarations; index.ts combines
// them. Routes are under /api like the portal's, all under /admin. Which roles may call an
// endpoint is the server's rule (modules/admin/access/permissions.ts), not the contract's.
import type { z } from 'zod';
import type { Route } from '../route';

export interface AdminEndpointDeclaration {
  /** "METHOD /admin/..." under /api */
  readonly route: Route;
  /** 'none': callable without an operator session (the login itself) */
  readonly auth?: 'none';
  /** the answer is a file (CSV), not the JSON envelope */
  readonly raw?: true;
  /** a larger request body than the server's default (a file upload), in bytes */
  readonly bodyLimit?: number;
  readonly tags: readonly string[];
  /** one line in Chinese: what the endpoint does */
  readonly summary: string;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly params?: z.ZodType;
  readonly answer?: z.ZodType;
}

/** Checks an area's declarations and keeps their literal types. */
export function adminArea<const D extends Record<string, AdminEndpointDeclaration>>(declarations: D): D {
  for (const [name, d] of Object.entries(declarations)) {
    if (!/^(GET|POST) \/admin\//.test(d.route)) throw new Error(`${name}: an admin route is under /admin: ${d.route}`);
  }
  return declarations;
}
