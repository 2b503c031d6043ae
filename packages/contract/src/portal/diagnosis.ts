// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/diagnosis.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { CardDiagnosis, DiagnosisQuery, LineTestAnswer } from '../diagnosis';
import { CardNumBody } from '../schemas';

export const diagnosisEndpoints = declareArea({
  cardDiagnosis: {
    route: 'GET /v2/go_card_diagnosis',
    access: 'open',
    tags: ['diagnosis'],
    summary: '智能检测：卡状态与停机原因、实名、套餐与流量、余额、设备与信号（免登录；访客只看到不含个人信息的结论，卡主看到全部）',
    query: DiagnosisQuery,
    answer: CardDiagnosis,
  },
  cardLineTest: {
    route: 'POST /v1/card/check',
    access: 'holder',
    tags: ['diagnosis'],
    summary: '卡片检测：经运营商测试网络注册、数据连接与 APN 设置',
    body: CardNumBody,
    answer: LineTestAnswer,
  },
});
