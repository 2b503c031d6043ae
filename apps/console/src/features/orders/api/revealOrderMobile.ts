import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/** The buyer's full mobile, for an operator who gives a reason (audited; docs/decisions/0028). */
export const revealOrderMobile = (orderNo: string, reason: string): Promise<string> =>
  call(admin.adminOrderMobileReveal, { order_no: orderNo, reason }).then((a) => a.mobile);
