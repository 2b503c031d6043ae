// A firmware push's state as its tag: the contract's words (待生效, 已生效, 失败, 已撤销), the console's colours.
import { DEVICE_CHANGE_STATE_LABEL } from '@portal/contract/enums';
import { labelled } from '../../../lib/labels';

export const PUSH_STATES = labelled(DEVICE_CHANGE_STATE_LABEL, {
  pending: 'orange',
  applied: 'green',
  failed: 'red',
  cancelled: 'default',
});
