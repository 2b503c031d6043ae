// An endpoint's route is one string, "METHOD /path" (declared with the endpoint, derived into
// routes/*.ts for the browsers): the smallest thing the web
// client needs at run time, and a literal type the checker can take apart. Zod-free: the login
// page's first load uses it.

export type HttpMethod = 'GET' | 'POST';
/** "GET /v2/card/info"; in the path, `:name` marks a parameter. */
export type Route = `${HttpMethod} /${string}`;

export type MethodOf<R extends Route> = R extends `${infer M extends HttpMethod} ${string}` ? M : never;
export type PathOf<R extends Route> = R extends `${HttpMethod} ${infer P}` ? P : never;

export function methodOf<R extends Route>(route: R): MethodOf<R> {
  return route.slice(0, route.indexOf(' ')) as MethodOf<R>;
}

/** The route's path under /api, `:name` parameters and all. */
export function pathPatternOf<R extends Route>(route: R): PathOf<R> {
  return route.slice(route.indexOf(' ') + 1) as PathOf<R>;
}

/** The route's path (under /api) with its `:name` parameters filled in, each URI-encoded. */
export function pathOf(route: Route, params: Record<string, string | number> = {}): string {
  return pathPatternOf(route).replace(/:([A-Za-z_]+)/g, (_, key: string) => {
    const v = params[key];
    if (v === undefined) throw new Error(`${route}: no ${key}`);
    return encodeURIComponent(String(v));
  });
}
