import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { serve } from '../../lib/endpoint';
import { authOf } from '../auth';
import { bindDevice, unbindDevice } from './binding';
import { blockClient, cancelChange, changeWifi, restart, setNetworkMode, switchSim } from './changes';
import { deviceChange, deviceChanges, deviceClients, deviceList, deviceSims, deviceStatus, deviceWifi } from './reads';

export async function devicesRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  serve(api, 'deviceList', async (req) => ({ list: await deviceList(ctx, authOf(req)) }));
  serve(api, 'deviceStatus', async (req) => deviceStatus(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceBind', async (req) => bindDevice(ctx, authOf(req), req.body, req.ip));
  serve(api, 'deviceUnbind', async (req) => unbindDevice(ctx, authOf(req), req.body.custom_num));
  serve(api, 'deviceWifi', async (req) => deviceWifi(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceWifiChange', async (req) => changeWifi(ctx, authOf(req), req.body));
  serve(api, 'deviceClients', async (req) => deviceClients(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceClientBlock', async (req) => blockClient(ctx, authOf(req), req.body.custom_num, req.body.mac, true));
  serve(api, 'deviceClientUnblock', async (req) => blockClient(ctx, authOf(req), req.body.custom_num, req.body.mac, false));
  serve(api, 'deviceSims', async (req) => deviceSims(ctx, authOf(req), req.query.custom_num));
  serve(api, 'deviceSimSwitch', async (req) => switchSim(ctx, authOf(req), req.body.custom_num, req.body.iccid));
  serve(api, 'deviceNetworkMode', async (req) => setNetworkMode(ctx, authOf(req), req.body.custom_num, req.body.mode));
  serve(api, 'deviceReboot', async (req) => restart(ctx, authOf(req), req.body.custom_num, 'reboot'));
  serve(api, 'deviceReset', async (req) => restart(ctx, authOf(req), req.body.custom_num, 'reset'));
  serve(api, 'deviceChanges', async (req) => ({ list: await deviceChanges(ctx, authOf(req), req.query.custom_num) }));
  serve(api, 'deviceChange', async (req) => deviceChange(ctx, authOf(req), req.query.custom_num, req.query.id));
  serve(api, 'deviceChangeCancel', async (req) => cancelChange(ctx, authOf(req), req.body.custom_num, req.body.id));
}
