import type { BindCheckAnswer } from '@portal/contract';
import * as api from '@portal/contract/routes/cardPassword';
import { call } from '../../../lib/api';

/** Before binding: which card a typed or scanned number (or ICCID) names, and whether binding it
 *  asks for its card password. A form call: the page shows a refusal at the card number. */
export function checkBind(numOrIccid: string, signal?: AbortSignal): Promise<BindCheckAnswer> {
  return call(api.bindCheck, { custom_num: numOrIccid }, { form: true, signal });
}
