// Pure rules of agent applications (table-tested in rules.test.ts).
import type { AgentApplicationStatus } from '@portal/contract';

/** Open applications block a new one for the same mobile; a rejected one may be filed again. */
export const isOpen = (status: AgentApplicationStatus) => status !== 'rejected';

/** 138****0001: the state page never shows the whole mobile. */
export function maskMobile(mobile: string): string {
  return mobile.length === 11 ? `${mobile.slice(0, 3)}****${mobile.slice(7)}` : '****';
}

/** A + yymmdd (China time) + 6 random digits. */
export function applicationNoOf(now: Date, random6: number): string {
  const china = new Date(now.getTime() + 8 * 3600_000);
  return `A${china.toISOString().slice(2, 10).replaceAll('-', '')}${String(random6).padStart(6, '0')}`;
}
