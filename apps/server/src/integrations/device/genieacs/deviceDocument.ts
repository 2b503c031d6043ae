// Reading a device's stored GenieACS document through its model map (./modelMap.ts): which
// parameters to project, our value of each, the radio signal, the SIMs, whether the device is
// online, each client's band. Pure but for the clock; the gateway (./adapter.ts) fetches the
// documents and writes nothing here.
import { issuerCarrierOf } from '@portal/domain/network';
import { clock } from '../../../lib/clock';
import type { ParameterKey } from '../capabilities';
import type { RadioSignal } from '../gateway';
import { instancesAt, valueAt, type AcsDocument } from './client';
import { rowPath, type ModelMap } from './modelMap';

/** The single-valued parameters a device's document is read with. */
const SCALARS: ParameterKey[] = [
  'deviceInfo.firmware',
  'deviceInfo.uptime',
  'wifi.ssid',
  'wifi.password',
  'wifi.security',
  'wifi.advertised',
  'wifi.maxClients',
  'wifi.band',
  'cell.imei',
  'cell.iccid',
  'cell.rsrp',
  'cell.rsrq',
  'cell.sinr',
  'cell.band',
  'cell.technology',
  'cell.preferredTechnology',
  'sim.activeSlot',
  'battery',
];

/** The network that issued a Chinese ICCID (8986 II…): 1 China Mobile, 2 China Unicom, 3 China Telecom (the one table, @portal/domain/network). */
export const carrierOfIccid = (iccid: string): number | null => issuerCarrierOf(iccid);

export const num = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : NaN;
  return Number.isFinite(n) ? n : null;
};
export const bool = (v: unknown): boolean | null =>
  v === true || v === 'true' || v === '1' || v === 1 ? true : v === false || v === 'false' || v === '0' || v === 0 ? false : null;
export const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));

/** Our value for the device's, by the map's table (first match); undefined when the device says something unmapped. */
export function ours<T extends string>(table: Record<string, string> | undefined, theirs: unknown): T | undefined {
  const s = str(theirs);
  return Object.entries(table ?? {}).find(([, v]) => v === s)?.[0] as T | undefined;
}

export const timeOf = (v: unknown): number => (typeof v === 'number' ? v : Date.parse(str(v)));

/** The parameters a device's document is read with (its scalars and tables by the map). */
export function projection(m: ModelMap): string[] {
  const p = m.parameters;
  const paths = SCALARS.map((k) => p[k]).filter((x): x is string => !!x);
  if (p.hosts) paths.push(p.hosts);
  if (p.sims) paths.push(p.sims);
  return ['_id', '_lastInform', ...paths];
}

/** A device whose last inform is within `windowMs` is online. */
export function isOnline(doc: AcsDocument, windowMs: number): boolean {
  const last = Date.parse(str(doc._lastInform));
  return Number.isFinite(last) && clock.now().getTime() - last <= windowMs;
}

/** The device's value of one of our parameters, by its map; undefined where the map names none. */
export function valueFor(doc: AcsDocument, m: ModelMap, key: ParameterKey): unknown {
  const path = m.parameters[key];
  return path ? valueAt(doc, path) : undefined;
}

export function signalOf(doc: AcsDocument, m: ModelMap): RadioSignal | null {
  const rsrp = num(valueFor(doc, m, 'cell.rsrp'));
  const sinr = num(valueFor(doc, m, 'cell.sinr'));
  // no SINR, no verdict: the signal rule needs both (docs/decisions/0012); the map shows no signal rather than half of one
  if (rsrp === null || sinr === null) return null;
  return {
    networkType: ours<string>(m.values['cell.technology'], valueFor(doc, m, 'cell.technology')) ?? '4G',
    band: str(valueFor(doc, m, 'cell.band')),
    rsrp,
    sinr,
    rsrq: num(valueFor(doc, m, 'cell.rsrq')) ?? 0,
  };
}

/** The SIMs the device holds, by slot (one slot where the map names no SIM table). */
export function simRows(doc: AcsDocument, m: ModelMap): { slot: number; iccid: string }[] {
  const table = m.parameters.sims;
  const field = m.parameters['sim.iccid'];
  if (table && field)
    return instancesAt(doc, table)
      .map((i) => ({ slot: Number(i), iccid: str(valueAt(doc, rowPath(table, i, field))) }))
      .filter((s) => s.iccid !== '');
  const iccid = str(valueFor(doc, m, 'cell.iccid'));
  return iccid ? [{ slot: 1, iccid }] : [];
}

export function activeIccid(doc: AcsDocument, m: ModelMap): string {
  const rows = simRows(doc, m);
  const slot = num(valueFor(doc, m, 'sim.activeSlot'));
  return (slot === null ? rows[0] : rows.find((r) => r.slot === slot))?.iccid ?? '';
}

/**
 * Each associated client's band, by MAC: the access point it is associated with, that access
 * point's SSID, the SSID's radio and the radio's band (TR-181), read from a document holding the
 * access points, SSIDs and radios (`bandsProjection`). Empty where the map does not name the chain
 * (TR-098 keeps no radio per client): the page says the band is unknown.
 */
export function bandsProjection(m: ModelMap): string[] | null {
  const p = m.parameters;
  const aps = p['wifi.accessPoints'];
  if (!aps || !p['ap.ssid'] || !p['ap.clients'] || !p['apClient.mac'] || !p['ssid.radio'] || !p['wifi.band']) return null;
  // the SSID and radio tables sit beside the access points (Device.WiFi.SSID, Device.WiFi.Radio)
  const wifiRoot = aps.slice(0, aps.lastIndexOf('.'));
  return ['_id', aps, `${wifiRoot}.SSID`, `${wifiRoot}.Radio`];
}

/** The clients' bands, by MAC, in a document read with `bandsProjection` (whose map names the chain). */
export function clientBands(doc: AcsDocument, m: ModelMap): Map<string, string> {
  const p = m.parameters;
  const aps = p['wifi.accessPoints']!;
  const out = new Map<string, string>();
  const band = (radioPath: string) => {
    const field = p['wifi.band']!.slice(p['wifi.band']!.lastIndexOf('.') + 1);
    return ours<string>(m.values['wifi.band'], valueAt(doc, `${radioPath.replace(/\.$/, '')}.${field}`)) ?? '';
  };
  for (const i of instancesAt(doc, aps)) {
    const ssid = str(valueAt(doc, rowPath(aps, i, p['ap.ssid']!))).replace(/\.$/, '');
    const radio = ssid
      ? str(valueAt(doc, `${ssid}.${p['ssid.radio']!}`))
          .split(',')[0]!
          .trim()
      : '';
    const b = radio ? band(radio) : '';
    const clients = rowPath(aps, i, p['ap.clients']!);
    for (const j of instancesAt(doc, clients)) {
      const mac = str(valueAt(doc, rowPath(clients, j, p['apClient.mac']!))).toUpperCase();
      if (mac && b) out.set(mac, b);
    }
  }
  return out;
}
