// Routers: which device holds which card, the changes asked of them, ACS commands, firmware.
// Table types for Kysely; ../schema.ts has the conventions and joins every area in Database.
import type { Generated } from 'kysely';

/** Which device holds which card (008): the card's owner owns the device. */
export interface DevicesTable {
  id: Generated<number>;
  serial: string;
  card_id: number;
  created_at: string;
}

/** Every change an owner asked of a device, and its result (008). */
export interface DeviceChangesTable {
  id: Generated<number>;
  device_id: number;
  user_id: number;
  actor: string;
  kind: string;
  summary: string;
  command_id: string;
  state: string;
  reason: Generated<string>;
  created_at: string;
  settled_at: string | null;
  /** a firmware push: the catalogue image it installs (048); null for every other change */
  firmware_id: Generated<number | null>;
}

/** Changes sent to a GenieACS auto-configuration server as tasks, and their fate (026). */
export interface AcsCommandsTable {
  id: Generated<number>;
  serial: string;
  /** the ACS's name in the configuration */
  acs: string;
  /** GenieACS's device id (OUI-ProductClass-Serial, as GenieACS escapes it) */
  device_id: string;
  task_id: string;
  kind: string;
  /** pending | applied | failed | cancelled */
  state: string;
  reason: string;
  /** the device's CWMP fault code (cwmp.9007 …), '' none */
  fault_code: string;
  created_at: string;
  settled_at: string | null;
  /** a firmware download: the file's name and the version the router reports once it runs it (034); '' otherwise */
  file_name: Generated<string>;
  target_version: Generated<string>;
  /** a setParameterValues task: the JSON list of [path, value] it sets, a passphrase's value null (045); '[]' otherwise */
  parameters: Generated<string>;
}

/** The platform's firmware catalogue (034, docs/decisions/0040-firmware-through-the-acs.md). */
export interface FirmwareImagesTable {
  id: Generated<number>;
  /** GenieACS's product class, or the simulator's model name */
  model: string;
  version: string;
  /** the file's name on the ACS's file server */
  file_name: string;
  /** where the device fetches it when not from the ACS's file server; '' = the ACS's */
  url: Generated<string>;
  size_bytes: number;
  notes: Generated<string>;
  /** the operator who registered it, in words */
  created_by: string;
  created_at: string;
  withdrawn_at: string | null;
}
