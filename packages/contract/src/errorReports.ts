// What the H5's error reporter sends (docs/decisions/0037-errors-from-phones.md): a batch of reports
// of one release, each an uncaught error, a page's code that failed to load, or a failed API call.
// Never a card number, mobile or token: the phone scrubs its texts and the server scrubs them again
// (@portal/domain/errorReport) — the schema only bounds what may be sent.
import { z } from 'zod';

/** The most reports in one batch (the H5 sends when it has this many). */
export const ERROR_REPORT_BATCH = 20;

export const ErrorReportKind = z.enum(['error', 'chunk', 'api'], { error: '报告类型有误' });

export const ErrorReport = z.object({
  kind: ErrorReportKind,
  /** the error's message (scrubbed); for a failed call, the route template, status and code */
  message: z.string({ error: '报告内容有误' }).trim().min(1, '报告内容有误').max(1000, '报告内容过长'),
  /** the page's path (no query) or the API route's template, never a URL with its values */
  route: z.string({ error: '页面路径有误' }).max(200, '页面路径过长').default(''),
  /** a failed call's HTTP status (0: no answer) */
  status: z.number({ error: '状态码有误' }).int('状态码有误').min(0, '状态码有误').max(999, '状态码有误').optional(),
  /** a failed call's business code from the envelope */
  code: z.number({ error: '业务码有误' }).int('业务码有误').min(0, '业务码有误').max(999_999, '业务码有误').optional(),
});

export const ErrorReportBatch = z.object({
  /** the build the phone runs: its entry file's hash, or VITE_RELEASE */
  release: z.string({ error: '版本号有误' }).regex(/^[\w.+-]{1,64}$/, '版本号有误'),
  reports: z
    .array(ErrorReport, { error: '报告列表有误' })
    .min(1, '报告列表为空')
    .max(ERROR_REPORT_BATCH, `每次最多 ${ERROR_REPORT_BATCH} 条`),
});

export const ErrorReportAnswer = z.object({
  /** reports counted (all of the batch) */
  accepted: z.number().int(),
});
