// The page each gate reason sends the user to (docs/spec/portal-spec.md §4 "Card gating"). The
// domain knows the reasons and their messages; the pages are the web app's. These routes never
// run the gates themselves (their meta says `gate: 'none'`, or they need no gate anyway), or a
// user could never reach the page that lets them pass: config/routeRules.test.ts checks it.
import type { GateReason } from '@portal/domain';

export const GATE_TARGET_PATH: Readonly<Record<GateReason, string>> = {
  bind: '/bind_card',
  replace: '/replace_info',
  series: '/select',
  collect: '/collect',
  recharge: '/recharge',
  combo: '/combo',
  realName: '/remind',
};
