// The card gates in the running app (docs/spec/portal-spec.md §4; docs/spec/decisions.md "Where
// gates run" and "Redirect prompt"). Lazy: the shell loads this module once a user is logged in
// with a card, so neither it nor antd-mobile weighs on the first load of /login.
//   NavGate    wraps the page being navigated to; a gated page never renders: the user is put
//              back where they were and asked (or told, for a cancelled card).
//   CardGates  shows the one prompt, and runs the gates 1 s after card info loads on home and
//              mine (start-up, card switched, page visible again).
import { cardGate } from '@portal/domain';
import { Suspense, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from '../lib/router';
import { gateModeOf, type RouteDef } from '../config/routeRules';
import { brandingStore } from '../features/branding/model/brandingStore';
import { cardInfoKey, fetchCardInfo } from '../features/cards/api/cardInfo';
import { fetchHasPassword } from '../features/cards/api/hasPassword';
import { rememberCardInfo } from '../features/cards/model/currentCard';
import { afterLoadStep, needsPassword, promptFor, RECHECK_DELAY_MS, setPasswordPrompt } from '../features/gating/model/prompt';
import { promptStore, type OpenPrompt } from '../features/gating/model/promptStore';
import { queryClient } from '../lib/query';
import { local } from '../lib/storage';
import { retryableLazy } from './retryableLazy';

// The prompts are antd-mobile dialogs: their code (and antd-mobile's) comes when one opens, not with
// every gated page (docs/decisions/0063-every-page-as-light-as-login.md). The prompt shows a round
// trip later; its countdown starts when it shows.
const loadPrompts = () => import('../features/gating/components/GatePrompt');
const BlockPrompt = retryableLazy(() => loadPrompts().then((m) => ({ default: m.BlockPrompt })));
const RedirectPrompt = retryableLazy(() => loadPrompts().then((m) => ({ default: m.RedirectPrompt })));

const here = (l: { pathname: string; search: string }) => l.pathname + l.search;

/** The gates on navigation to a guarded page. */
export function NavGate({ route, children }: { route: RouteDef; children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const navigationType = useNavigationType();

  // Decided once per navigation (spec: "evaluated on navigation"), from what is stored now.
  const prompt = useMemo(() => {
    if (gateModeOf(route) !== 'navigate') return null;
    const customNum = local.get('customNum');
    if (!customNum) return null; // no card: the navigation guards already send the user home
    const stored = local.get('cardInfo');
    const card = stored?.custom_num === customNum ? stored : undefined;
    return promptFor(cardGate(card, { openBalanceRecharge: brandingStore.view().openBalanceRecharge }), {
      customNum,
      routeName: route.name,
    });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- one decision per navigation (location.key)
  }, [location.key, route]);

  useEffect(() => {
    const target = here(location);
    if (!prompt) {
      promptStore.settle(target);
      return;
    }
    promptStore.open(prompt, { navigation: true });
    // Cancel leaves the user where they were (docs/spec/decisions.md): undo this navigation now, so the
    // prompt stands over that page; on a first load that page is home.
    const origin = promptStore.settledAt();
    const idx = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (navigationType === 'PUSH' && origin && origin !== target && idx > 0) navigate(-1);
    else navigate(origin && origin !== target ? origin : '/', { replace: true });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per navigation
  }, [prompt, location.key]);

  return prompt ? null : children;
}

interface CardGatesProps {
  /** the route being shown (undefined while a guard redirects) */
  route: RouteDef | undefined;
  customNum: string;
}

export default function CardGates({ route, customNum }: CardGatesProps) {
  const location = useLocation();
  const open = useSyncExternalStore(promptStore.subscribe, promptStore.current, promptStore.current);

  // Keep-alive pages (home, mine, lt_real_name) are never gated on navigation: they are where a
  // cancelled prompt leaves the user.
  useEffect(() => {
    if (route?.meta.keepAlive) promptStore.settle(here(location));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- per navigation
  }, [route, location.key]);

  useGatesAfterLoad(customNum, route);

  // Logged out (or the session ended) with a prompt showing: it belonged to that session.
  useEffect(
    () => () => {
      const current = promptStore.current();
      if (current) promptStore.close(current.id);
      promptStore.forgetAsked();
    },
    [],
  );

  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <Prompt open={open} />
    </Suspense>
  );
}

function Prompt({ open: { id, spec } }: { open: OpenPrompt }) {
  const navigate = useNavigate();
  if (spec.kind === 'block') {
    return (
      <BlockPrompt
        key={id}
        spec={spec}
        onClose={() => promptStore.close(id)}
        onService={() => {
          promptStore.close(id);
          navigate(`/customer?form=${encodeURIComponent(spec.serviceForm)}`);
        }}
      />
    );
  }
  return (
    <RedirectPrompt
      key={id}
      spec={spec}
      onCancel={() => promptStore.close(id)}
      onGo={() => {
        promptStore.close(id);
        navigate(spec.to);
      }}
    />
  );
}

/**
 * Spec "After loading card info": start-up, a switched card and the page becoming visible again
 * each load card info once more; 1 s later, on home or mine, the gates run. A load that happens
 * while the user is elsewhere waits until they are back on home or mine.
 */
function useGatesAfterLoad(customNum: string, route: RouteDef | undefined) {
  const pending = useRef(true); // start-up
  const [wake, setWake] = useState(0);
  const lastCard = useRef(customNum);

  useEffect(() => {
    if (lastCard.current === customNum) return;
    lastCard.current = customNum;
    pending.current = true;
    promptStore.forgetAsked();
    setWake((n) => n + 1);
  }, [customNum]);

  useEffect(() => {
    const onVisible = () => {
      if (document.visibilityState !== 'visible') return;
      pending.current = true;
      promptStore.forgetAsked();
      setWake((n) => n + 1);
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, []);

  const routeName = route && gateModeOf(route) === 'afterLoad' ? route.name : undefined;

  useEffect(() => {
    if (!pending.current || !routeName) return;
    const controller = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    void (async () => {
      let info;
      try {
        // Shares the request home is making for the same card (same query key).
        const answer = await queryClient.fetchQuery({
          queryKey: cardInfoKey(customNum),
          queryFn: ({ signal }) => fetchCardInfo(customNum, signal),
          staleTime: 2_000,
        });
        rememberCardInfo(answer, local);
        info = answer.info;
      } catch {
        // docs/spec/portal-spec.md §8: a card-info call that fails stops the gating flow.
        if (!controller.signal.aborted) pending.current = false;
        return;
      }
      if (controller.signal.aborted) return;
      timer = setTimeout(() => {
        pending.current = false;
        const ctx = { customNum, routeName };
        const step = afterLoadStep(info, { openBalanceRecharge: brandingStore.view().openBalanceRecharge }, ctx);
        if (step.kind === 'prompt') promptStore.open(step.prompt);
        if (step.kind !== 'checkPassword') return;
        fetchHasPassword(customNum, controller.signal).then(
          (answer) => {
            if (!controller.signal.aborted && needsPassword(answer)) promptStore.open(setPasswordPrompt(customNum));
          },
          () => undefined,
        );
      }, RECHECK_DELAY_MS);
    })();
    return () => {
      controller.abort();
      clearTimeout(timer);
    };
  }, [customNum, routeName, wake]);
}
