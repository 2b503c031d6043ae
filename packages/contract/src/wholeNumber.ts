// Whole numbers in requests (docs/decisions/0028): a JSON number, or plain digits (a query string or a form
// field carries numbers as text) — never `true` (which z.coerce took for 1), "1e2" (100), " 12",
// "0x10" or "". Refused with the field's own message like any other bad value.
import { z } from 'zod';

export function wholeNumber(message: string, opts: { min?: number; max?: number } = {}) {
  let n = z.number({ error: message }).int(message);
  if (opts.min !== undefined) n = n.min(opts.min, message);
  if (opts.max !== undefined) n = n.max(opts.max, message);
  return z
    .union(
      [
        z.number({ error: message }),
        z
          .string({ error: message })
          .regex(/^\d{1,10}$/, message)
          .transform(Number),
      ],
      { error: message },
    )
    .pipe(n);
}
