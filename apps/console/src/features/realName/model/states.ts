// The carrier's real-name state as the list shows it: the contract's words (its export says the same).
import { REAL_NAME_STATE_LABEL, type RealNameState } from '@portal/contract/admin';
import { labelled } from '../../../lib/labels';

/** 未实名 is a plain tag (no colour), as before. */
export const REAL_NAME_STATES = labelled<RealNameState>(REAL_NAME_STATE_LABEL, { yes: 'green', no: '' });
