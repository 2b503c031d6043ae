// Branding per agent mark (docs/spec/portal-spec.md §3, "Branding configuration"). A tiny external store
// rather than a query cache: the app shell and /login need it, and they load without TanStack.
import type { Branding, BrandingFull } from '@portal/contract';
import { safeUrl } from '@portal/domain';
import { useSyncExternalStore } from 'react';
import { fetchBrandingOfCard } from '../api/applicationInfo';
import { fetchBranding } from '../api/customerUrl';

export interface BrandingState {
  /** the mark's public branding */
  base?: Branding;
  /** the current card's agent branding, when logged in with a card */
  full?: BrandingFull;
  fullCard?: string;
}

/** What the pages show. URLs have been through safeUrl(): "" means "do not link". */
export interface BrandView {
  appName: string;
  company: string;
  email: string;
  hotline: string;
  /** when 客服 answers ("" = not configured) */
  serviceHours: string;
  logo: string;
  customerUrl: string;
  appDownloadUrl: string;
  /** the iPhone app beside appDownloadUrl (Android), "" none */
  iosDownloadUrl: string;
  guideQrcode: string;
  officialAccountQrcode: string;
  openCustomer: boolean;
  cardLogin: boolean;
  /** the agent's open_balance_recharge: the card gates' recharge prerequisite reads it */
  openBalanceRecharge: boolean;
  /** the agent takes agent applications (/agent) */
  agentForm: boolean;
}

export const FALLBACK_APP_NAME = '流量卡自助服务';

export function brandView(state: BrandingState): BrandView {
  const b: Partial<BrandingFull> = state.full ?? state.base ?? {};
  return {
    appName: b.apply_name || FALLBACK_APP_NAME,
    company: b.enterprise_name ?? '',
    email: b.contact_email ?? '',
    hotline: b.hotline ?? '',
    serviceHours: b.service_hours ?? '',
    logo: safeUrl(b.logo),
    customerUrl: safeUrl(b.customer_url),
    appDownloadUrl: safeUrl(b.app_url),
    iosDownloadUrl: safeUrl(b.ios_url),
    guideQrcode: safeUrl(b.guide_qrcode),
    officialAccountQrcode: safeUrl(b.official_account_qrcode),
    openCustomer: b.open_customer ?? false,
    // Card login stays offered until the agent's branding says otherwise.
    cardLogin: b.card_login ?? true,
    openBalanceRecharge: b.open_balance_recharge ?? false,
    agentForm: b.agent_form ?? false,
  };
}

let state: BrandingState = {};
let view = brandView(state);
const listeners = new Set<() => void>();
let wantedMark: string | undefined;
let wantedCard: string | undefined;

function update(next: BrandingState) {
  state = next;
  view = brandView(state);
  listeners.forEach((l) => l());
}

/** On the server: the branding of the rendering under way (src/firstScreen), its own. */
let serverBranding: (() => BrandingState | undefined) | undefined;
const serverViews = new WeakMap<BrandingState, BrandView>();

/** Each server rendering of a holder's first screen shows its own agent's branding. */
export function brandingOnServer(current: () => BrandingState | undefined): void {
  serverBranding = current;
}

function viewNow(): BrandView {
  const s = serverBranding?.();
  if (!s) return view;
  let v = serverViews.get(s);
  if (!v) serverViews.set(s, (v = brandView(s)));
  return v;
}

export const brandingStore = {
  view: viewNow,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => void listeners.delete(listener);
  },
  async loadForMark(mark: string): Promise<void> {
    if (wantedMark === mark) return;
    wantedMark = mark;
    try {
      const base = await fetchBranding(mark);
      if (wantedMark === mark) update({ ...state, base });
    } catch {
      // Branding is decoration: the fallback name and no service button until it loads.
      if (wantedMark === mark) wantedMark = undefined;
    }
  },
  /** Takes over a request for the mark's branding already under way (the first page's inline
   *  script starts it with the HTML, see apps/web/build/firstPaint.ts); a failed one is asked
   *  again the usual way. */
  adopt(mark: string, pending: Promise<Branding>): void {
    wantedMark = mark;
    pending.then(
      (base) => {
        if (wantedMark === mark) update({ ...state, base });
      },
      () => {
        if (wantedMark !== mark) return;
        wantedMark = undefined;
        void brandingStore.loadForMark(mark);
      },
    );
  },
  async loadForCard(customNum: string | undefined): Promise<void> {
    if (wantedCard === customNum) return;
    wantedCard = customNum;
    if (!customNum) {
      if (state.full) update({ ...state, full: undefined, fullCard: undefined });
      return;
    }
    try {
      const full = await fetchBrandingOfCard(customNum);
      if (wantedCard === customNum) update({ ...state, full, fullCard: customNum });
    } catch {
      if (wantedCard === customNum) wantedCard = undefined;
    }
  },
};

export function useBrand(): BrandView {
  return useSyncExternalStore(brandingStore.subscribe, brandingStore.view, brandingStore.view);
}
