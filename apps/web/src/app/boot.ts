// What the root screen reads from the landing URL (spec section 2): the agent mark and the
// app context flag; and the first URL visited (decisions.md).
import type { LocalStorage } from '../lib/storage';

const MARK = /^[A-Za-z0-9_-]{1,32}$/;
const MESSAGING_APP_UA = /MicroMessenger|QQ\//i;

/** The agent mark of a query string, if it has a well-formed one: the same shape the server
 *  accepts (contract AgentMark); anything else would only be refused later. */
export function markFromQuery(search: string): string | undefined {
  const mark = new URLSearchParams(search).get('mark');
  return mark && MARK.test(mark) ? mark : undefined;
}

export function rememberLanding(url: URL, userAgent: string, store: LocalStorage): void {
  const mark = markFromQuery(url.search);
  if (mark) store.set('mark', mark);
  const isApp = url.searchParams.get('isApp');
  if (isApp !== null) store.set('isApp', isApp === '1' || isApp === 'true');
  store.set('inMessagingApp', MESSAGING_APP_UA.test(userAgent));
  // Every page load's landing URL: in-app browsers on iOS sign JS-SDK calls against it.
  store.set('firstUrl', url.pathname + url.search);
}
