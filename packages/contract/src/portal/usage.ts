// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/usage.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import {
  CardNumBody,
  CardNumQuery,
  DailyFlowAnswer,
  DailyFlowQuery,
  FlowAnswer,
  FlowStatisticsAnswer,
  FlowSyncAnswer,
  LineAnswer,
} from '../schemas';
import { usage } from './tags';

export const usageEndpoints = declareArea({
  flow: {
    route: 'GET /v2/card/flow',
    access: 'holder',
    tags: usage,
    summary: '流量概览：今日、本月、当前套餐已用与剩余',
    query: CardNumQuery,
    answer: FlowAnswer,
  },
  cardLine: {
    route: 'GET /v2/card/line',
    access: 'holder',
    tags: usage,
    summary: '卡的线路：状态、停机原因、生效与排队的套餐、本期流量、余额、实名、问题与处理办法（各页面同一口径）',
    query: CardNumQuery,
    answer: LineAnswer,
  },
  dailyFlow: {
    route: 'GET /v2/card_flow',
    access: 'holder',
    tags: usage,
    summary: '每日流量（最近 days 天，含用量为 0 的日期）',
    query: DailyFlowQuery,
    answer: DailyFlowAnswer,
  },
  flowStatistics: {
    route: 'GET /v1/card/flow_statistics',
    access: 'holder',
    tags: usage,
    summary: '流量统计：累计与每月用量',
    query: CardNumQuery,
    answer: FlowStatisticsAnswer,
  },
  flowSync: {
    route: 'POST /v2/card/flow/sync',
    access: 'holder',
    tags: usage,
    summary: '立即从运营商同步流量（每张卡 30 秒一次）',
    body: CardNumBody,
    answer: FlowSyncAnswer,
  },
});
