// Where a user goes after logging in (docs/spec/portal-spec.md §4; docs/spec/decisions.md "first URL").
import { safeRedirect } from '../../../lib/navigation';

export interface LandingInput {
  /** the login page's `redirect` query */
  redirect: string | null | undefined;
  /** the first URL of this visit (docs/spec/decisions.md: where a forced re-login without redirect returns) */
  firstUrl: string | undefined;
  /** a path the user may land on: a built page that is not the login flow itself */
  isLandable(path: string): boolean;
}

export function landingPath({ redirect, firstUrl, isLandable }: LandingInput): string {
  const target = safeRedirect(redirect);
  if (target && isLandable(target.split(/[?#]/)[0])) return target;
  const first = safeRedirect(firstUrl);
  if (first && isLandable(first.split(/[?#]/)[0])) return first;
  return '/';
}
