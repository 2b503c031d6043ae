// The levels as the console says them (docs/decisions/0067-agents-in-levels.md), and a share typed
// as a percentage (70 or 70.5) carried as basis points.
import { LEVEL_NAMES, MAX_AGENT_LEVELS } from '@portal/domain/commissionLevels';

export const levelName = (level: number) => LEVEL_NAMES[level] ?? `${level} 级`;

/** Whether an agent of this level may take sub-agents. */
export const mayHaveSubAgents = (level: number) => level < MAX_AGENT_LEVELS;

/** 70.5 (%) → 7050 basis points. */
export const percentToBp = (percent: number) => Math.round(percent * 100);
export const bpToPercent = (bp: number) => bp / 100;

/** 70.00% */
export const shareText = (bp: number) => `${(bp / 100).toFixed(2)}%`;
