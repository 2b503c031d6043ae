// A device order's shipping states as 发货 shows them: the contract's words (the export says the same).
import { SHIP_STATE_LABEL, SHIP_STATES } from '@portal/contract/patterns/shop';

export const SHIP_STATE_OPTIONS = SHIP_STATES.map((value) => ({ value, label: SHIP_STATE_LABEL[value] }));
