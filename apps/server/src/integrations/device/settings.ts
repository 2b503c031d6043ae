// The wifi devices' settings (docs/decisions/0012, 0032-routers-through-genieacs.md), as config.ts composes them.
import { resolve } from 'node:path';
import { z } from 'zod';
import { number, text } from '../../lib/envKinds';

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

/** The devices' variables (config.ts composes them into the one schema). */
export const DEVICE_ENV = z.object({
  DEVICE_CHECKIN_SECONDS: number(5, { min: 0.1 }),
  DEVICE_REBOOT_SECONDS: number(20),
  DEVICE_MODELS_DIR: text('deploy/device-models'),
  ACS_URL: z.url({ protocol: /^https?$/, error: 'must be the NBI address, e.g. http://acs.example.com:7557' }).optional(),
  ACS_USERNAME: z.string().trim().min(1).optional(),
  ACS_PASSWORD_FILE: z.string().trim().min(1, { error: 'must be a path' }).optional(),
  ACS_AGENTS: z.string().trim().optional(),
  ACS_FILE: z.string().trim().min(1, { error: 'must be a path' }).optional(),
  ACS_TIMEOUT_SECONDS: number(10, { min: 1 }),
  ACS_TASK_TIMEOUT_SECONDS: number(3, { min: 1, max: 60 }),
  ACS_INFORM_INTERVAL_SECONDS: number(300, { min: 1 }),
  ACS_ONLINE_WINDOW_SECONDS: number(900, { min: 1 }),
  ACS_MAX_VALUE_AGE_SECONDS: number(300),
});

/** `repoRoot`: where DEVICE_MODELS_DIR is read from when relative. */
export function deviceSettings(e: z.output<typeof DEVICE_ENV>, repoRoot: string): DeviceSettings {
  return {
    deviceCheckinMs: e.DEVICE_CHECKIN_SECONDS * 1000,
    deviceRebootMs: e.DEVICE_REBOOT_SECONDS * 1000,
    deviceModelsDir: resolve(repoRoot, e.DEVICE_MODELS_DIR),
    acs: {
      url: e.ACS_URL ?? null,
      username: e.ACS_USERNAME ?? null,
      passwordFile: e.ACS_PASSWORD_FILE ? resolve(e.ACS_PASSWORD_FILE) : null,
      agents: (e.ACS_AGENTS ?? '')
        .split(',')
        .map((a) => a.trim())
        .filter(Boolean),
      file: e.ACS_FILE ? resolve(e.ACS_FILE) : null,
      timeoutMs: e.ACS_TIMEOUT_SECONDS * 1000,
      taskTimeoutMs: e.ACS_TASK_TIMEOUT_SECONDS * 1000,
      informIntervalMs: e.ACS_INFORM_INTERVAL_SECONDS * 1000,
      onlineWindowMs: e.ACS_ONLINE_WINDOW_SECONDS * 1000,
      maxValueAgeMs: e.ACS_MAX_VALUE_AGE_SECONDS * 1000,
    },
  };
}
