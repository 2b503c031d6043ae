// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/branding.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { Branding, BrandingFull, CardNumQuery, CustomerUrlQuery } from '../schemas';

export const brandingEndpoints = declareArea({
  customerUrl: {
    route: 'GET /v1/application/customer_url',
    access: 'open',
    tags: ['branding'],
    summary: '按代理标识取品牌配置（无需登录；不传 mark 为默认品牌）',
    query: CustomerUrlQuery,
    answer: Branding,
  },
  applicationInfo: {
    route: 'GET /v2/application/info',
    access: 'holder',
    tags: ['branding'],
    summary: '卡所属代理的完整品牌配置',
    query: CardNumQuery,
    answer: BrandingFull,
  },
});
