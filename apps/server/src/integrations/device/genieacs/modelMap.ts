// Parameter maps as data: which TR-069 parameter holds the SSID, the signal, the clients… for each
// router model. The TR-181 and TR-098 base maps (./models/) are imported, so the build bundles them
// into the server (a file read beside the running code is one the build must remember to copy, and
// it once did not: docs/decisions/0055); one JSON file
// per model (deploy/device-models/, or DEVICE_MODELS_DIR) names the model and what differs from its
// base, vendor extensions (X_…) included, so a reseller adds a model without a release. Everything
// is checked when the server starts, and a problem names the file, the model and the parameter
// (docs/decisions/0032-routers-through-genieacs.md).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  capabilitiesOf,
  ENUMERATED,
  PARAMETER_KEYS,
  ROW_FIELDS,
  VENDOR_ONLY,
  type DeviceCapabilities,
  type ParameterKey,
} from '../capabilities';
import tr098 from './models/tr098.json' with { type: 'json' };
import tr181 from './models/tr181.json' with { type: 'json' };

export type DataModel = 'tr181' | 'tr098';
const ROOTS: Record<DataModel, string> = { tr181: 'Device', tr098: 'InternetGatewayDevice' };

export interface ModelMap {
  /** the file it came from (for messages) */
  file: string;
  manufacturer: string;
  /** GenieACS's _deviceId._ProductClass: how a device finds its map */
  productClass: string;
  /** the name the portal shows */
  name: string;
  /** card_mold (spec §3) */
  cardMold: number;
  portable: boolean;
  supports5g: boolean;
  base: DataModel;
  /** the model takes a firmware image over CWMP (the Download RPC); absent = no */
  download: boolean;
  parameters: Partial<Record<ParameterKey, string>>;
  /** our value → the device's, per enumerated parameter */
  values: Partial<Record<ParameterKey, Record<string, string>>>;
  capabilities: DeviceCapabilities;
}

interface BaseMap {
  base: DataModel;
  parameters: Partial<Record<ParameterKey, string | null>>;
  values: Partial<Record<ParameterKey, Record<string, string>>>;
}

/** A map that cannot be used; the message names the file, the model and the parameter. */
export class ModelMapError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ModelMapError';
  }
}

const BASE_JSON: Record<DataModel, unknown> = { tr181, tr098 };
const KEYS: ReadonlySet<string> = new Set(PARAMETER_KEYS);
const PATH = /^[A-Za-z_][A-Za-z0-9_-]*(\.[A-Za-z0-9_-]+)*$/;
const FIELD = /^[A-Za-z_][A-Za-z0-9_-]*$/;

const isObject = (v: unknown): v is Record<string, unknown> => v !== null && typeof v === 'object' && !Array.isArray(v);

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (err) {
    throw new ModelMapError(`device model map ${file}: cannot be read (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  try {
    return JSON.parse(text);
  } catch (err) {
    throw new ModelMapError(`device model map ${file}: not valid JSON (${(err as Error).message})`);
  }
}

/** The checks one parameter entry must pass; `where` names the file and model. */
function checkParameter(where: string, base: DataModel, key: string, path: unknown): string | null {
  if (!KEYS.has(key)) throw new ModelMapError(`${where}: unknown parameter "${key}" (known: ${PARAMETER_KEYS.join(', ')})`);
  const k = key as ParameterKey;
  if (path === null) return null;
  if (typeof path !== 'string' || path === '') throw new ModelMapError(`${where}: parameter "${key}" must be a parameter path or null`);
  if (ROW_FIELDS.has(k)) {
    if (!FIELD.test(path)) throw new ModelMapError(`${where}: parameter "${key}" is a field of a table row, a single name, not "${path}"`);
  } else {
    if (!PATH.test(path)) throw new ModelMapError(`${where}: parameter "${key}" is not a parameter path: "${path}"`);
    const root = ROOTS[base];
    if (!path.startsWith(`${root}.`))
      throw new ModelMapError(`${where}: parameter "${key}" must start with ${root}. (a ${base} device), not "${path}"`);
  }
  if (VENDOR_ONLY.has(k) && !path.split('.').some((seg) => seg.startsWith('X_')))
    throw new ModelMapError(
      `${where}: parameter "${key}" is no standard parameter; name the vendor extension (an X_… segment), not "${path}"`,
    );
  return path;
}

function checkValues(where: string, raw: unknown): Partial<Record<ParameterKey, Record<string, string>>> {
  if (raw === undefined) return {};
  if (!isObject(raw)) throw new ModelMapError(`${where}: "values" must be an object`);
  const out: Partial<Record<ParameterKey, Record<string, string>>> = {};
  for (const [key, table] of Object.entries(raw)) {
    if (!ENUMERATED.has(key as ParameterKey))
      throw new ModelMapError(`${where}: "values" of "${key}": only ${[...ENUMERATED].join(', ')} take values`);
    if (!isObject(table) || !Object.values(table).every((v) => typeof v === 'string'))
      throw new ModelMapError(`${where}: "values" of "${key}" must map our values to the device's strings`);
    out[key as ParameterKey] = table as Record<string, string>;
  }
  return out;
}

function loadBase(name: DataModel): BaseMap {
  const file = `models/${name}.json`;
  const raw = BASE_JSON[name];
  if (!isObject(raw) || raw.base !== name || !isObject(raw.parameters))
    throw new ModelMapError(`device model map ${file}: not the ${name} base map`);
  const where = `base map ${name}`;
  const parameters: BaseMap['parameters'] = {};
  for (const [k, p] of Object.entries(raw.parameters)) parameters[k as ParameterKey] = checkParameter(where, name, k, p);
  return { base: name, parameters, values: checkValues(where, raw.values) };
}

let bases: Record<DataModel, BaseMap> | null = null;
export function baseMaps(): Record<DataModel, BaseMap> {
  bases ??= { tr181: loadBase('tr181'), tr098: loadBase('tr098') };
  return bases;
}

/** One model's map, merged over its base and checked. `file` is for messages only. */
export function parseModelMap(file: string, raw: unknown): ModelMap {
  if (!isObject(raw)) throw new ModelMapError(`device model map ${file}: must be a JSON object`);
  const label = typeof raw.productClass === 'string' && raw.productClass ? raw.productClass : '(no productClass)';
  const where = `device model map ${file} (${label})`;
  const text = (k: string) => {
    const v = raw[k];
    if (typeof v !== 'string' || v.trim() === '') throw new ModelMapError(`${where}: "${k}" must be a non-empty string`);
    return v.trim();
  };
  const flag = (k: string) => {
    if (typeof raw[k] !== 'boolean') throw new ModelMapError(`${where}: "${k}" must be true or false`);
    return raw[k];
  };
  const productClass = text('productClass');
  const manufacturer = text('manufacturer');
  const name = text('name');
  if (!Number.isInteger(raw.cardMold) || (raw.cardMold as number) < 0)
    throw new ModelMapError(`${where}: "cardMold" must be a whole number (the model's card_mold)`);
  if (raw.base !== 'tr181' && raw.base !== 'tr098') throw new ModelMapError(`${where}: "base" must be "tr181" or "tr098"`);
  const base = baseMaps()[raw.base];
  if (raw.parameters !== undefined && !isObject(raw.parameters)) throw new ModelMapError(`${where}: "parameters" must be an object`);
  const merged: Partial<Record<ParameterKey, string | null>> = { ...base.parameters };
  for (const [k, p] of Object.entries(raw.parameters ?? {})) merged[k as ParameterKey] = checkParameter(where, raw.base, k, p);
  const values = { ...base.values, ...checkValues(where, raw.values) };
  // a row field without its table (or the other way round) is a map that half-works: say so now
  if (merged['host.blocked'] && !merged.hosts)
    throw new ModelMapError(`${where}: parameter "host.blocked" needs "hosts" (the table of hosts)`);
  if ((merged.sims || merged['sim.activeSlot']) && !(merged.sims && merged['sim.iccid'] && merged['sim.activeSlot']))
    throw new ModelMapError(`${where}: parameters "sims", "sim.iccid" and "sim.activeSlot" go together`);
  for (const k of ENUMERATED)
    if (merged[k] && Object.keys(values[k] ?? {}).length === 0)
      throw new ModelMapError(`${where}: parameter "${k}" is mapped but its "values" are not (how is each of our values written?)`);
  if (raw.download !== undefined && typeof raw.download !== 'boolean')
    throw new ModelMapError(`${where}: "download" must be true or false (does the model take firmware images over TR-069?)`);
  const download = raw.download === true;
  const parameters = Object.fromEntries(Object.entries(merged).filter(([, p]) => typeof p === 'string')) as Partial<
    Record<ParameterKey, string>
  >;
  return {
    file,
    manufacturer,
    productClass,
    name,
    cardMold: raw.cardMold as number,
    portable: flag('portable'),
    supports5g: flag('supports5g'),
    base: raw.base,
    download,
    parameters,
    values,
    capabilities: capabilitiesOf(parameters, values, { download }),
  };
}

/** Every model map in a folder (*.json), keyed by product class; two files for one product class are refused. */
export function loadModelMaps(dir: string): Map<string, ModelMap> {
  let files: string[];
  try {
    files = readdirSync(dir)
      .filter((f) => f.endsWith('.json'))
      .sort();
  } catch (err) {
    throw new ModelMapError(`device model maps: cannot read the folder ${dir} (${(err as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  const maps = new Map<string, ModelMap>();
  for (const f of files) {
    const map = parseModelMap(f, readJson(join(dir, f)));
    const other = maps.get(map.productClass);
    if (other) throw new ModelMapError(`device model map ${f} (${map.productClass}): ${other.file} already maps this productClass`);
    maps.set(map.productClass, map);
  }
  return maps;
}

/** A parameter's full path inside a table row: "Device.Hosts.Host" + 3 + "PhysAddress". */
export const rowPath = (table: string, instance: string, field: string) => `${table}.${instance}.${field}`;
