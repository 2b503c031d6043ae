// Every endpoint declared once, in the one declaration shape (./declaration.ts): in
// portal/<area>.ts its route (method, path), who may call it (`access`) and its query, body,
// path-parameter and answer schemas; routes/<area>.ts is derived from them (./routesFile.ts). The console's are bound the same way in
// admin/<area>.ts; REGISTRY below holds both. The server registers its handlers from these declarations (guard, validation,
// serialization, OpenAPI); the web app and the console import only their types
// (docs/decisions/0050-one-endpoint-registry.md).
import type { z } from 'zod';
import type { Route } from './route';
import * as ROUTES from './routes/index';
import type * as ADMIN_ROUTES from './routes/admin';
import { ADMIN_ENDPOINTS } from './admin/index';
import { PORTAL_ENDPOINTS } from './portal/index';

export { ROUTES };
/** A portal endpoint's name: its key in portal/<area>.ts, and its export in the derived routes/*.ts. */
export type PortalEndpointName = keyof typeof ROUTES;

/** The portal's endpoints: every route of routes/index.ts with its declaration (an area left out of portal/index.ts is a type error here). */
export const ENDPOINTS = PORTAL_ENDPOINTS satisfies { readonly [K in PortalEndpointName]: unknown };

/**
 * Every endpoint, the portal's and the console's, by name: what the server's serve() registers and
 * the clients' types read (docs/decisions/0050-one-endpoint-registry.md). Names are unique across
 * both (the contract's test checks it), so a name says which endpoint.
 */
export const REGISTRY = { ...ENDPOINTS, ...ADMIN_ENDPOINTS };
export type Endpoints = typeof REGISTRY;
export type EndpointName = keyof Endpoints;
/** Every route of both registries, by endpoint name. */
type AllRoutes = typeof ROUTES & typeof ADMIN_ROUTES;
/** The name of the endpoint of a route (no two endpoints share a route). */
export type NameOf<R extends Route> = { [K in keyof AllRoutes]: AllRoutes[K] extends R ? K : never }[keyof AllRoutes];

type In<T> = T extends z.ZodType ? z.input<T> : never;
type Out<T> = T extends z.ZodType ? z.output<T> : never;

/** What a client sends: the body of a POST, else the query of a GET, else nothing. */
export type InputOf<K extends EndpointName> = Endpoints[K] extends { body: infer B }
  ? In<B>
  : Endpoints[K] extends { query: infer Q }
    ? In<Q>
    : void;
/** The `data` of a successful answer. */
export type AnswerOf<K extends EndpointName> = Endpoints[K] extends { answer: infer A } ? Out<A> : never;
/** What a handler receives after validation. */
export type QueryOf<K extends EndpointName> = Endpoints[K] extends { query: infer Q } ? Out<Q> : undefined;
export type BodyOf<K extends EndpointName> = Endpoints[K] extends { body: infer B } ? Out<B> : undefined;
export type ParamsOf<K extends EndpointName> = Endpoints[K] extends { params: infer P } ? Out<P> : undefined;
