// The link an alert carries: a page of the portal, on the portal's configured public origin. Built
// from configuration and a fixed list of paths, never from the alert's text, and refused unless it
// stays an https URL on that origin — so a message can never carry a javascript: or foreign link.

/** `origin` + `path` when both are what they should be; the portal's home otherwise. */
export function alertLink(origin: string, path: string | null): string {
  const base = new URL(origin);
  if (base.protocol !== 'https:' || base.pathname !== '/' || base.search || base.hash || base.username || base.password)
    throw new Error('the public origin must be a bare https origin');
  const safePath = path && /^\/[a-z_]+(\/[a-z0-9_]+)*$/.test(path) ? path : '/';
  const url = new URL(safePath, base);
  if (url.origin !== base.origin) throw new Error('an alert link leaves the portal');
  return url.href;
}
