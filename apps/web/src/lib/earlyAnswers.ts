// The reads index.html's inline script started for this visit's page beside its code
// (config/firstRequests.ts, build/firstPaint.ts): the API client takes an answer over instead of
// asking again, once, if it was asked with the token the client would send now and not long ago —
// docs/decisions/0078-a-cold-visit-asks-for-its-data-at-once.md.

/** What the inline script leaves on window: the token it asked with, when, and each answer by URL. */
export interface EarlyRequests {
  token: string;
  at: number;
  answers: Record<string, Promise<Response>>;
}

declare global {
  interface Window {
    __portalEarly?: EarlyRequests;
  }
}

/** An answer older than this is asked for again (the page's own staleness rules start from it). */
export const EARLY_ANSWER_FOR_MS = 10_000;

/** The same request whatever the order of its query (the script writes its own). */
const sameRequest = (a: string, b: string) => {
  const [pa, qa = ''] = a.split('?');
  const [pb, qb = ''] = b.split('?');
  return pa === pb && qa.split('&').sort().join('&') === qb.split('&').sort().join('&');
};

/** The early answer of GET `url` (path and query) asked with `token`, taken at most once. */
export function takeEarlyAnswer(url: string, token: string | undefined, now = Date.now()): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__portalEarly;
  if (!early || !token || early.token !== token || now - early.at > EARLY_ANSWER_FOR_MS) return undefined;
  const key = Object.keys(early.answers).find((k) => sameRequest(k, url));
  if (key === undefined) return undefined;
  const answer = early.answers[key];
  delete early.answers[key];
  return answer;
}
