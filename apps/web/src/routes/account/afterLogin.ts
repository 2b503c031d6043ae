// What /login and /bind_user do once the user is signed in: choose the current card, load its info,
// and (on /login) where to land. Not on /login's first load (docs/decisions/0025-first-load.md): the login page fetches it
// beside the login request, so it is there by the time the answer is.
import { routedRouteOf } from '../../config/routes';
import { landingPath } from '../../features/auth/model/landing';
import { fetchBindList } from '../../features/cards/api/bindList';
import { fetchCardInfo } from '../../features/cards/api/cardInfo';
import { chooseCurrentCard, rememberCardInfo, switchCard } from '../../features/cards/model/currentCard';
import { local } from '../../lib/storage';

const NOT_LANDABLE = new Set(['/login', '/forgot', '/404']);
const isLandable = (path: string) => Boolean(routedRouteOf(path)) && !NOT_LANDABLE.has(path);

/** Where a login lands: the login page's redirect, else the visit's first URL, else home. */
export function landingAfterLogin(redirect: string | null): string {
  return landingPath({ redirect, firstUrl: local.get('firstUrl'), isLandable });
}

/** The card to make current: the card of a card-number login; else keep the stored card while
 *  still bound, or the first bound card; none when the user has no cards yet. */
export async function currentCardAfterLogin(loginCard: string | undefined): Promise<string | undefined> {
  if (loginCard) return loginCard;
  const list = await fetchBindList();
  return chooseCurrentCard(local.get('customNum'), list);
}

/** Makes a card current with its info up front, so the guard lets a deep-link redirect (/flow …)
 *  through; without the info (it failed to load) the guard loads it again. */
export async function openCard(card: string): Promise<void> {
  switchCard(card, local);
  await fetchCardInfo(card)
    .then((info) => rememberCardInfo(info, local))
    .catch(() => undefined);
}
