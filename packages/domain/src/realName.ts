import { PreStoreMold, RealNameMode, Supplier } from '@portal/contract/enums';

/** Real-name mode by supplier (docs/spec/portal-spec.md §4): Telecom, CME and Broadcast by URL; China Mobile
 *  by the carrier's mobile_real_name_mold; Unicom and the rest by applet. */
export function realNameModeOf(supplier: number, mobileRealNameMold?: number | null): number {
  if (supplier === Supplier.Telecom || supplier === Supplier.CME || supplier === 13) return RealNameMode.Url;
  if (supplier === Supplier.Mobile) return mobileRealNameMold === RealNameMode.Url ? RealNameMode.Url : RealNameMode.Applet;
  return RealNameMode.Applet;
}

/** Balance recharge channel visibility (docs/spec/portal-spec.md §4): shown for mix or balance pre-store
 *  mode, hidden for recharge mode, otherwise follows the agent's open_balance_recharge. */
export function balanceRechargeShown(preStoreMold: number, openBalanceRecharge: boolean): boolean {
  if (preStoreMold === PreStoreMold.Mix || preStoreMold === PreStoreMold.Balance) return true;
  if (preStoreMold === PreStoreMold.Recharge) return false;
  return openBalanceRecharge;
}

/** A card counts as verified when it has no fake real-name flag and the supplier has authenticated it. */
export function isVerified(fakeRealName: boolean, supplierAuthState: boolean): boolean {
  return !fakeRealName && supplierAuthState;
}
