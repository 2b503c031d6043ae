// What the root screen reads from the landing URL (docs/spec/portal-spec.md §2): the agent mark
// and the app context flag; and the first URL visited (docs/spec/decisions.md "Layout").
import { markFromQuery } from '../features/branding/model/mark';
import type { LocalStorage } from '../lib/storage';

const MESSAGING_APP_UA = /MicroMessenger|QQ\//i;

export function rememberLanding(url: URL, userAgent: string, store: LocalStorage): void {
  const mark = markFromQuery(url.search);
  if (mark) store.set('mark', mark);
  const isApp = url.searchParams.get('isApp');
  if (isApp !== null) store.set('isApp', isApp === '1' || isApp === 'true');
  store.set('inMessagingApp', MESSAGING_APP_UA.test(userAgent));
  // Every page load's landing URL: in-app browsers on iOS sign JS-SDK calls against it.
  store.set('firstUrl', url.pathname + url.search);
}
