// A replacement application's states as the queue shows them: the contract's words, the console's colours.
import { REPLACEMENT_STATUS_LABEL, type ReplacementStatus } from '@portal/contract/admin';
import { labelled } from '../../../lib/labels';

export const REPLACEMENT_STATES = labelled<ReplacementStatus>(REPLACEMENT_STATUS_LABEL, {
  submitted: 'gold',
  shipped: 'blue',
  done: 'green',
  rejected: 'red',
});
