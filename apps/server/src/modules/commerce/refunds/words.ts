// A refund's amounts and channels in the operator's words (the report's effects).
import { PAY_CHANNEL_NAME } from '@portal/contract/enums';

export const yuan = (fen: number) => `${(fen / 100).toFixed(2)} 元`;
export const channelName = (c: number) => PAY_CHANNEL_NAME[c as keyof typeof PAY_CHANNEL_NAME] ?? `渠道${c}`;
