// The cookie that lets the server render a logged-in holder's first screen into a page's HTML
// (@portal/contract/firstScreen, docs/decisions/0082-the-first-screen-in-the-html.md): in step with
// what the app keeps — written at start and whenever the token, the current card or the mark
// changes (a login, a rotated token, another card), gone with the session.
import { FIRST_SCREEN_COOKIE, FIRST_SCREEN_COOKIE_MAX_AGE_S, firstScreenCookieValue } from '@portal/contract/firstScreen';
import { local, type LocalStorage } from './storage';

export function keepFirstScreenCookie(store: LocalStorage = local, doc: Document = document): () => void {
  let written: string | undefined | null = null;
  const sync = () => {
    const token = store.get('token');
    const value = token
      ? firstScreenCookieValue({
          token,
          customNum: store.get('customNum') ?? '',
          mark: store.get('mark') ?? '',
        })
      : undefined;
    if (value === written) return;
    written = value;
    const attributes = `; Path=/; SameSite=Lax${doc.location.protocol === 'https:' ? '; Secure' : ''}`;
    doc.cookie = value
      ? `${FIRST_SCREEN_COOKIE}=${value}; Max-Age=${FIRST_SCREEN_COOKIE_MAX_AGE_S}${attributes}`
      : `${FIRST_SCREEN_COOKIE}=; Max-Age=0${attributes}`;
  };
  sync();
  return store.subscribe(sync);
}
