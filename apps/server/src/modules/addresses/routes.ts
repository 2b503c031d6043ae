import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { deleteAddress, listAddresses, saveAddress, setDefaultAddress } from './service';

export async function addressesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'addressList', async (req) => listAddresses(ctx, authOf(req)));
  serve(api, 'addressSave', async (req) => saveAddress(ctx, authOf(req), req.body));
  serve(api, 'addressDelete', async (req) => deleteAddress(ctx, authOf(req), req.body));
  serve(api, 'addressSetDefault', async (req) => setDefaultAddress(ctx, authOf(req), req.body));
}
