// The kinds of environment variable the configuration reads (config.ts and each integration's
// settings.ts): a wrong value is refused with a message naming what is expected, never turned into
// NaN or "off".
import { z } from 'zod';

const DECIMAL = /^\d+(\.\d+)?$/;

/** a non-negative number written in decimal; `int` and bounds as the variable needs */
export function number(dflt: number, o: { int?: boolean; min?: number; max?: number } = {}) {
  let n = z.number();
  if (o.int) n = n.int({ error: 'must be a whole number' });
  if (o.min !== undefined) n = n.min(o.min, { error: `must be at least ${o.min}` });
  if (o.max !== undefined) n = n.max(o.max, { error: `must be at most ${o.max}` });
  return z.string().trim().regex(DECIMAL, { error: 'must be a number (digits only, e.g. 30)' }).transform(Number).pipe(n).default(dflt);
}

/** the same without a default: undefined when not set */
export function optionalNumber(o: { int?: boolean; min?: number; max?: number } = {}) {
  return number(0, o).unwrap().optional();
}

/** a switch: 1/0 (true/false also read); anything else is a typo, not "off" */
export const onOff = z
  .string()
  .trim()
  .toLowerCase()
  .refine((v) => ['0', '1', 'true', 'false'].includes(v), { error: 'must be 1 or 0' })
  .transform((v) => v === '1' || v === 'true');
export const flag = (dflt: boolean) => onOff.default(dflt);

export const text = (dflt: string) => z.string().trim().min(1).default(dflt);

/** The variables a chosen provider needs, each with what it is (config.ts names every one missing). */
export interface ProviderNeeds<E> {
  when: (e: E) => boolean;
  choice: string;
  needs: [keyof E & string, string][];
}
