import { call } from '../../../lib/api';

/** The buyer's full mobile, for an operator who gives a reason (audited; docs/decisions/0028). */
export const revealOrderMobile = (orderNo: string, reason: string): Promise<string> =>
  call('adminOrderMobileReveal', { order_no: orderNo, reason }).then((a) => a.mobile);
