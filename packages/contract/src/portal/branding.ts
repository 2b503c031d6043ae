// The portal's endpoints of ../routes/branding.ts bound to who may call them and their schemas
// (../declaration.ts); ../endpoints.ts joins the areas (docs/decisions/0050-one-endpoint-registry.md).
import { bindRoutes } from '../declaration';
import * as ROUTES from '../routes/branding';
import { Branding, BrandingFull, CardNumQuery, CustomerUrlQuery } from '../schemas';

export const brandingEndpoints = bindRoutes(ROUTES, {
  customerUrl: {
    access: 'open',
    tags: ['branding'],
    summary: '按代理标识取品牌配置（无需登录；不传 mark 为默认品牌）',
    query: CustomerUrlQuery,
    answer: Branding,
  },
  applicationInfo: { access: 'holder', tags: ['branding'], summary: '卡所属代理的完整品牌配置', query: CardNumQuery, answer: BrandingFull },
});
