// The console's overview: figures and the queues waiting for someone.
import { z } from 'zod';
import { adminArea } from './define';

export const DashboardAnswer = z.object({
  /** cards per state (the portal's card state codes) with its label */
  cards_by_state: z.array(z.object({ state: z.number().int(), label: z.string(), count: z.number().int() })),
  /** the last 30 China-time days, oldest first, every day present */
  daily: z.array(
    z.object({
      day: z.string(),
      /** cards bound to a user for the first time that day */
      activations: z.number().int(),
      /** paid orders' amounts, fen (gross) */
      revenue_fen: z.number().int(),
      orders: z.number().int(),
      /** money refunded that day (refunds done, by when they were done), fen */
      refunds_fen: z.number().int(),
      refunds: z.number().int(),
      /** what the day earned: revenue − refunds, fen (negative on a day that refunded more than it took) */
      net_fen: z.number().int(),
    }),
  ),
  /** the cards that used the most data in the last 30 days */
  top_data_users: z.array(z.object({ custom_num: z.string(), used_kb: z.number() })),
  /**
   * work waiting for the operator: how much, and since when — only the queues their role can act on
   * (tickets: those waiting for the platform, not those replied to)
   */
  queues: z.array(
    z.object({
      key: z.string(),
      label: z.string(),
      count: z.number().int(),
      /** the oldest waiting item's time; null when none waits */
      oldest_at: z.string().nullable(),
    }),
  ),
});

export const adminDashboardEndpoints = adminArea({
  adminDashboard: {
    route: 'GET /admin/dashboard',
    access: 'dashboard.view',
    tags: ['admin dashboard'],
    summary: '概览：卡片状态、近 30 天激活与收入、用量排行、待处理事项（代理管理员仅本代理）',
    answer: DashboardAnswer,
  },
});
