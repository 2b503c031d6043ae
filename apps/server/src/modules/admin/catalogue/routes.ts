import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../../context';
import { serve } from '../../../lib/endpoint';
import * as s from './service';
import * as vouchers from './vouchers';
import { catalogueExports } from './exports';

export async function catalogueRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'adminSeriesList', async (req, _r, op) => s.listSeries(ctx, op, req.query));
  serve(api, 'adminSeriesSave', async (req, _r, op) => s.saveSeries(ctx, op, req.body));
  serve(api, 'adminPackageList', async (req, _r, op) => s.listPackages(ctx, op, req.query));
  serve(api, 'adminPackageSave', async (req, _r, op) => s.savePackage(ctx, op, req.body));
  serve(api, 'adminPriceSave', async (req, _r, op) => s.savePrice(ctx, op, req.body));
  serve(api, 'adminCouponPackageList', async (_req, _r, op) => s.listCouponPackages(ctx, op));
  serve(api, 'adminCouponPackageSave', async (req, _r, op) => s.saveCouponPackage(ctx, op, req.body));
  serve(api, 'adminRechargeOfferList', async (_req, _r, op) => s.listOffers(ctx, op));
  serve(api, 'adminRechargeOfferSave', async (req, _r, op) => s.saveOffer(ctx, op, req.body));
  serve(api, 'adminVoucherIssue', async (req, _r, op) => vouchers.issueVouchers(ctx, op, req.body));
  serve(api, 'adminVoucherBatches', async (req, _r, op) => vouchers.listBatches(ctx, op, req.query));
  serve(api, 'adminVoucherBatchRevoke', async (req, _r, op) => vouchers.revokeBatch(ctx, op, req.body));
  // the area's CSV exports, beside its lists
  catalogueExports(api, ctx);
}
