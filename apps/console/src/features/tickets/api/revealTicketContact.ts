import { call } from '../../../lib/api';
import * as admin from '@portal/contract/routes/admin';

/** A ticket's full contact, for an operator who gives a reason (audited; docs/decisions/0028). */
export const revealTicketContact = (id: number, reason: string): Promise<string> =>
  call(admin.adminTicketContactReveal, { id, reason }).then((a) => a.contact);
