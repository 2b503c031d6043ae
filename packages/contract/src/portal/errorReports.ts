// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/errorReports.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { ErrorReportAnswer, ErrorReportBatch } from '../errorReports';

export const errorReportsEndpoints = declareArea({
  errorReports: {
    route: 'POST /v1/error_reports',
    access: 'open',
    tags: ['error reports'],
    summary: '手机端错误报告：未捕获的错误、页面代码加载失败、接口调用失败（已去除卡号、手机号、令牌；按地址限频）',
    body: ErrorReportBatch,
    answer: ErrorReportAnswer,
  },
});
