// What a change sets on a device model (./modelMap.ts): the parameter paths and values its map
// names for ours, refused before anything is sent where the map names none, and a task's fault in
// the holder's words (./faults.ts).
import type { ParameterKey } from '../capabilities';
import { DeviceUnsupported } from '../gateway';
import type { AcsFault } from './client';
import { PARAMETER_LABEL, readFault, type FaultVerdict } from './faults';
import type { ModelMap } from './modelMap';
import { str } from './deviceDocument';

/** One parameter a setParameterValues task sets: its path, the value, its xsd type. */
export type Change = [path: string, value: string | number | boolean, type: string];

/** TR-069's FileType of a firmware image (A.3.2.8 Download). */
export const FIRMWARE_FILE_TYPE = '1 Firmware Upgrade Image';

/** The model's path of one of our parameters; DeviceUnsupported where the map names none. */
export function pathFor(m: ModelMap, key: ParameterKey): string {
  const path = m.parameters[key];
  // the pages hide what a model cannot do; a request that gets here anyway is refused, nothing sent
  if (!path) throw new DeviceUnsupported(`device model ${m.productClass} has no parameter "${key}"`);
  return path;
}

/** The model's value for ours (its map's table); DeviceUnsupported where the map has none. */
export function deviceValue(m: ModelMap, key: ParameterKey, ourValue: string): string {
  const v = m.values[key]?.[ourValue];
  if (v === undefined) throw new DeviceUnsupported(`device model ${m.productClass}: no value for ${key} = ${ourValue}`);
  return v;
}

/** A fault in the holder's words, naming the parameters by what the pages call them. */
export function faultVerdict(m: ModelMap, fault: AcsFault): FaultVerdict {
  const keyOf = new Map(Object.entries(m.parameters).map(([k, path]) => [path, k as ParameterKey]));
  const blocked = m.parameters['host.blocked'];
  return readFault({ code: str(fault.code), detail: fault.detail }, (path) => {
    const key = keyOf.get(path) ?? (blocked && path.endsWith(`.${blocked}`) ? 'host.blocked' : undefined);
    return key ? PARAMETER_LABEL[key] : undefined;
  });
}
