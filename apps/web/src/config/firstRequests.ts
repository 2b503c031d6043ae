// The reads a page makes as it first renders, for a logged-in visit: index.html's inline script
// starts them beside the page's code instead of after it has run and rendered (build/firstPaint.ts),
// and the API client takes their answers over (lib/earlyAnswers.ts) —
// docs/decisions/0078-a-cold-visit-asks-for-its-data-at-once.md.
// Plain data, no imports: the build's config loader reads it. Each entry is a contract GET route's
// path under /api with the query the page sends; {customNum} is the current card, {mark} the agent
// mark. firstRequests.test.ts holds every entry to a GET route of @portal/contract. Reads only: a
// visit the guards send elsewhere has asked for them for nothing, and nothing changed.

/** Asked on every logged-in visit with a current card (the shell's branding of the card). */
export const EVERY_PAGE_FIRST_REQUESTS = ['/v2/application/info?custom_num={customNum}'] as const;

/** What each page asks for first (its largest paint waits for it), by path. */
export const FIRST_REQUESTS: Readonly<Record<string, readonly string[]>> = {
  '/': ['/v2/card/info?custom_num={customNum}', '/v2/card/flow?custom_num={customNum}'],
  '/card_list': ['/v1/card/bind_list'],
  '/flow': ['/v2/card/flow?custom_num={customNum}', '/v2/card_flow?custom_num={customNum}&days=30'],
  '/cpe': ['/v1/device/list'],
  '/shopping': ['/v2/shop/products?mark={mark}'],
  '/order': ['/v1/order/list?custom_num={customNum}&page=1&status=all&scope=card'],
  '/chat': ['/v2/chat'],
  '/messages': ['/v2/messages'],
  '/combo': ['/v1/package/list?custom_num={customNum}'],
  '/mine': ['/v2/card/info?custom_num={customNum}'],
};
