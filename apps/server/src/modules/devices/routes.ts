import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import * as svc from './service';

export async function devicesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'deviceList', async (req) => ({ list: await svc.deviceList(ctx, authOf(req)) }));
  serve(api, 'deviceStatus', async (req) => svc.deviceStatus(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceBind', async (req) => svc.bindDevice(ctx, authOf(req), req.body, req.ip));
  serve(api, 'deviceUnbind', async (req) => svc.unbindDevice(ctx, authOf(req), req.body.custom_num));
  serve(api, 'deviceWifi', async (req) => svc.deviceWifi(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceWifiChange', async (req) => svc.changeWifi(ctx, authOf(req), req.body));
  serve(api, 'deviceClients', async (req) => svc.deviceClients(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceClientBlock', async (req) => svc.blockClient(ctx, authOf(req), req.body.custom_num, req.body.mac, true));
  serve(api, 'deviceClientUnblock', async (req) => svc.blockClient(ctx, authOf(req), req.body.custom_num, req.body.mac, false));
  serve(api, 'deviceSims', async (req) => svc.deviceSims(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceSimSwitch', async (req) => svc.switchSim(ctx, authOf(req), req.body.custom_num, req.body.iccid));
  serve(api, 'deviceNetworkMode', async (req) => svc.setNetworkMode(ctx, authOf(req), req.body.custom_num, req.body.mode));
  serve(api, 'deviceReboot', async (req) => svc.restart(ctx, authOf(req), req.body.custom_num, 'reboot'));
  serve(api, 'deviceReset', async (req) => svc.restart(ctx, authOf(req), req.body.custom_num, 'reset'));
  serve(api, 'deviceChanges', async (req) => ({ list: await svc.deviceChanges(ctx, authOf(req), req.query.custom_num) }));
  serve(api, 'deviceChange', async (req) => svc.deviceChange(ctx, authOf(req), req.query.custom_num, req.query.id));
  serve(api, 'deviceChangeCancel', async (req) => svc.cancelChange(ctx, authOf(req), req.body.custom_num, req.body.id));
}
