// Errors from phones (docs/decisions/0037-errors-from-phones.md): the groups the H5's reports fall into,
// by message and release, with their counts. Nothing changes them here; old groups are pruned.
import { z } from 'zod';
import { adminArea } from './define';

export const ErrorGroupsQuery = z.object({
  release: z.string().trim().max(64, '版本号过长').optional(),
  limit: z.coerce.number({ error: '分页参数有误' }).int('分页参数有误').min(1, '分页参数有误').max(500, '最多 500 条').default(200),
});

export const ErrorRelease = z.object({
  release: z.string(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** reports of this release (every group's count) */
  count: z.number().int(),
  groups: z.number().int(),
  /** the release of the H5 build this server serves (what 最新版本 shows), not one a phone only claims */
  served: z.boolean(),
});

export const ErrorGroup = z.object({
  id: z.number().int(),
  kind: z.enum(['error', 'chunk', 'api']),
  kind_label: z.string(),
  message: z.string(),
  release: z.string(),
  count: z.number().int(),
  first_seen_at: z.string(),
  last_seen_at: z.string(),
  /** pages or API route templates it was met on (the first few) */
  routes: z.array(z.string()),
  /** one phone's user agent, as an example */
  sample_user_agent: z.string(),
});

export const ErrorGroupsAnswer = z.object({
  /**
   * the release of the H5 build this server serves (its entry file's hash), null when it serves
   * none: the console's 最新版本 — releases are otherwise the phones' word (docs/decisions/0057)
   */
  served_release: z.string().nullable(),
  /** newest release first (by when its first report came) */
  releases: z.array(ErrorRelease),
  /** newest release first, then the most recently seen */
  items: z.array(ErrorGroup),
});

export const adminErrorReportEndpoints = adminArea({
  adminErrorGroups: {
    route: 'GET /admin/error_reports',
    access: 'errorReports.view',
    tags: ['admin error reports'],
    summary: '手机端错误：按错误信息与版本分组的次数、首次与最近出现时间（新版本在前，可按版本筛选）',
    query: ErrorGroupsQuery,
    answer: ErrorGroupsAnswer,
  },
});
