// Reaching a wifi device: the device of a card the caller may reach (anybody else's, an unknown card
// and a card without a device answer alike), what its cloud reports now or — while the cloud cannot
// be reached — what the portal last knew, and what its model can do. Reads and changes start here.
import type { DeviceAbilities } from '@portal/contract';
import { Code } from '@portal/contract/codes';
import { DEVICE_MESSAGE, DeviceCode } from '@portal/contract/deviceCodes';
import type { AppContext } from '../../context';
import type { Capability, DeviceCapabilities } from '../../integrations/device/capabilities';
import { DeviceUnreachable, type DeviceState } from '../../integrations/device/gateway';
import { AppError } from '../../lib/errors';
import type { Auth } from '../auth';
import { accessibleCard } from '../cardRecord';
import * as repo from './repo';
import { deviceGateway } from './settle';

/** A device business error: its code, and its own message or the code's (contract deviceCodes). */
export function deviceError(code: DeviceCode, message?: string): AppError {
  return new AppError(code, message ?? DEVICE_MESSAGE[code]);
}

export interface Owned {
  device: repo.DeviceRow;
  customNum: string;
}

/** The device of a card the caller may reach; an unknown card, a card without a device and somebody else's card answer alike. */
export async function ownedDevice(ctx: AppContext, auth: Auth, customNum: string): Promise<Owned> {
  let cardId: number;
  try {
    cardId = (await accessibleCard(ctx, auth, customNum)).id;
  } catch (err) {
    if (err instanceof AppError && (err.code === Code.CARD_NOT_FOUND || err.code === Code.FORBIDDEN))
      throw deviceError(DeviceCode.NOT_FOUND);
    throw err;
  }
  const device = await repo.deviceByCard(ctx.db.kysely, cardId);
  if (!device) throw deviceError(DeviceCode.NOT_FOUND);
  return { device, customNum };
}

export async function stateOf(ctx: AppContext, serial: string): Promise<DeviceState> {
  const state = await deviceGateway(ctx).status(serial);
  // the portal's registry names a device its cloud does not know: a fault, not the caller's
  if (!state) throw new Error(`device cloud does not know ${serial}`);
  return state;
}

/**
 * A read while the device's cloud cannot be reached (docs/decisions/0055): the page answers with
 * what the portal knows — the state this process last read, else only the stored facts (serial,
 * card, the changes still pending) — and says so; offline, since nothing reaches it now.
 */
export interface Read {
  state: DeviceState;
  /** '' when the cloud answered; else the words the pages show */
  reachText: string;
}

const REACH_LAST = '设备暂时无法连接，显示的是上次获取的信息';
const REACH_NOTHING = '设备暂时无法连接，暂时无法获取设备信息';

/** The stored facts alone: nothing the device reported, so nothing guessed beyond the serial. */
function storedOnly(serial: string): DeviceState {
  return {
    serial,
    imei: '',
    model: 0,
    modelName: '',
    modelKey: '',
    firmware: '',
    portable: false,
    supports5g: false,
    online: false,
    onlineChangedAt: '',
    backOnlineAt: null,
    battery: null,
    uptimeSeconds: 0,
    networkMode: 'auto',
    activeIccid: '',
    carrier: null,
    signal: null,
    wifi: { ssid: '', password: '', hidden: false, security: 'wpa2', band: 'both', maxClients: 0 },
    wifiPasswordRead: false,
    checkinSeconds: 0,
  };
}

export async function readState(ctx: AppContext, serial: string): Promise<Read> {
  try {
    return { state: await stateOf(ctx, serial), reachText: '' };
  } catch (err) {
    if (!(err instanceof DeviceUnreachable)) throw err;
    const last = deviceGateway(ctx).lastKnown?.(serial);
    if (!last) return { state: storedOnly(serial), reachText: REACH_NOTHING };
    // the last values, as of then: not online now (nothing reaches it), no live signal
    return { state: { ...last, online: false, backOnlineAt: null, signal: null, carrier: null }, reachText: REACH_LAST };
  }
}

/** Nothing can be asked of a device its cloud cannot reach: the pages offer no controls. */
export const NOTHING_NOW: DeviceAbilities = {
  wifi_ssid: false,
  wifi_password: false,
  wifi_hidden: false,
  wifi_security: false,
  wifi_band: false,
  wifi_max_clients: false,
  clients_block: false,
  sims_switch: false,
  network_mode: false,
  reboot: false,
  reset: false,
  wifi_security_values: [],
  wifi_band_values: [],
};

// ---------- what the model can do (docs/decisions/0032-routers-through-genieacs.md) ----------

export async function capabilitiesOf(ctx: AppContext, serial: string): Promise<DeviceCapabilities> {
  return deviceGateway(ctx).capabilities(serial);
}

export function abilitiesOf(c: DeviceCapabilities): DeviceAbilities {
  return {
    wifi_ssid: c['wifi.ssid'],
    wifi_password: c['wifi.password'],
    wifi_hidden: c['wifi.hidden'],
    wifi_security: c['wifi.security'],
    wifi_band: c['wifi.band'],
    wifi_max_clients: c['wifi.maxClients'],
    clients_block: c['clients.block'],
    sims_switch: c['sims.switch'],
    network_mode: c.networkMode,
    reboot: c.reboot,
    reset: c.reset,
    wifi_security_values: [...c.choices.wifiSecurity],
    wifi_band_values: [...c.choices.wifiBand],
  };
}

/** A change the device's model cannot make: refused before anything is sent or written. */
export function requireCapability(c: DeviceCapabilities, capability: Capability, what: string): void {
  if (!c[capability]) throw deviceError(DeviceCode.UNSUPPORTED, `该设备型号不支持${what}`);
}
