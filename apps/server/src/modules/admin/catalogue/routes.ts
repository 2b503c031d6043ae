import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serveAdmin } from '../access/guard';
import * as s from './service';
import { catalogueExports } from './exports';

export async function catalogueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serveAdmin(api, ctx, 'adminSeriesList', 'prices.view', async (req, _r, op) => s.listSeries(ctx, op, req.query));
  serveAdmin(api, ctx, 'adminSeriesSave', 'catalogue.manage', async (req, _r, op) => s.saveSeries(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminPackageList', 'prices.view', async (req, _r, op) => s.listPackages(ctx, op, req.query));
  serveAdmin(api, ctx, 'adminPackageSave', 'catalogue.manage', async (req, _r, op) => s.savePackage(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminPriceSave', 'prices.manage', async (req, _r, op) => s.savePrice(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminCouponPackageList', 'prices.view', async (_req, _r, op) => s.listCouponPackages(ctx, op));
  serveAdmin(api, ctx, 'adminCouponPackageSave', 'catalogue.manage', async (req, _r, op) => s.saveCouponPackage(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminRechargeOfferList', 'prices.view', async (_req, _r, op) => s.listOffers(ctx, op));
  serveAdmin(api, ctx, 'adminRechargeOfferSave', 'catalogue.manage', async (req, _r, op) => s.saveOffer(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminVoucherIssue', 'vouchers.issue', async (req, _r, op) => s.issueVouchers(ctx, op, req.body));
  serveAdmin(api, ctx, 'adminVoucherBatches', 'vouchers.issue', async (req, _r, op) => s.listBatches(ctx, op, req.query));
  serveAdmin(api, ctx, 'adminVoucherBatchRevoke', 'vouchers.issue', async (req, _r, op) => s.revokeBatch(ctx, op, req.body));
  // the area's CSV exports, beside its lists
  catalogueExports(api, ctx);
}
