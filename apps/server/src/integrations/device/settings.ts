// The wifi devices' settings (docs/decisions/0012, 0032-routers-through-genieacs.md), as config.ts composes them.

export interface AcsSettings {
  /** one GenieACS NBI (ACS_URL); null = none */
  url: string | null;
  username: string | null;
  /** a file holding the NBI password (ACS_PASSWORD_FILE) */
  passwordFile: string | null;
  /** agent marks whose devices this ACS manages; [] = every agent */
  agents: string[];
  /** several ACS: a JSON file (ACS_FILE); null = none */
  file: string | null;
  timeoutMs: number;
  taskTimeoutMs: number;
  informIntervalMs: number;
  onlineWindowMs: number;
  maxValueAgeMs: number;
}

export interface DeviceSettings {
  /** the device simulator: how often a device checks in and picks up queued changes */
  deviceCheckinMs: number;
  /** the device simulator: how long a reboot or factory reset keeps a device offline */
  deviceRebootMs: number;
  /** the per-model parameter maps (JSON), checked at start-up */
  deviceModelsDir: string;
  /** the auto-configuration servers; the simulator alone when neither url nor file is set */
  acs: AcsSettings;
}
