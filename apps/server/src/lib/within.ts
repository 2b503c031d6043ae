// An optional answer within a time budget: what a page adds from another system (a router's
// presence on the card list) must not make the page wait for that system's own timeout.

/**
 * `work`'s value if it settles within `ms`, else `fallback`; a rejection is `work`'s to throw.
 * The work itself runs on (nothing here can stop it); a late answer or error is ignored.
 */
export function within<T, F>(work: Promise<T>, ms: number, fallback: F): Promise<T | F> {
  return new Promise<T | F>((resolve, reject) => {
    const timer = setTimeout(() => resolve(fallback), ms);
    work.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (err: unknown) => {
        clearTimeout(timer);
        reject(err);
      },
    );
  });
}
