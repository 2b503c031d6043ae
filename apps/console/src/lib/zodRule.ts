// An antd form rule from a zod field of the contract: the console's field messages are the
// server's own rules and words (one source of truth for validation).
import type { Rule } from 'antd/es/form';
import type { z } from 'zod';

export function zodRule(schema: z.ZodType): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      const r = schema.safeParse(value ?? '');
      if (!r.success) throw new Error(r.error.issues[0]?.message ?? '填写有误');
    },
  };
}

/** A reason, 2–200 characters: every change asks for one. */
export const REASON_RULES: Rule[] = [
  { required: true, whitespace: true, message: '请填写原因' },
  { min: 2, message: '原因至少 2 个字' },
  { max: 200, message: '原因最多 200 字' },
];

/** Fen from a yuan input (two decimals), and back. */
export const toFen = (yuan: number | null | undefined) => Math.round((yuan ?? 0) * 100);
export const toYuan = (fen: number) => fen / 100;

/** A retail price (yuan) beside a `cost` field: required, and never below the cost (checked again when the cost changes). */
export const RETAIL_RULES: Rule[] = [
  { required: true, message: '请填写零售价' },
  ({ getFieldValue }) => ({
    validator: async (_r, v: number) => {
      if (typeof v === 'number' && toFen(v) < toFen(getFieldValue('cost') as number)) throw new Error('零售价不能低于成本价');
    },
  }),
];

/**
 * A form's validateFields() refused: each field already says why under itself, so the refusal is
 * handled here (not left as an unhandled rejection in the browser's console).
 */
export const fieldsSaidWhy = (): void => undefined;
