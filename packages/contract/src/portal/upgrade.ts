// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/upgrade.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { UpgradeOption, UpgradeOptionsAnswer, UpgradeOptionsQuery, UpgradeQuoteQuery } from '../upgrade';
import { upgrade } from './tags';

export const upgradeEndpoints = declareArea({
  upgradeOptions: {
    route: 'GET /v1/upgrade/options',
    access: 'holder',
    tags: upgrade,
    summary: '当前套餐与可升级的套餐（每项附服务端报价：变化、抵扣、补差价）',
    query: UpgradeOptionsQuery,
    answer: UpgradeOptionsAnswer,
  },
  upgradeQuote: {
    route: 'GET /v1/upgrade/quote',
    access: 'holder',
    tags: upgrade,
    summary: '升级到某个套餐的报价，或不能升级的原因',
    query: UpgradeQuoteQuery,
    answer: UpgradeOption,
  },
});
