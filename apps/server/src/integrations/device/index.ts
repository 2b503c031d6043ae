// The device gateway a server runs with (docs/decisions/0012, 0032): the simulator alone unless
// auto-configuration servers are configured; then each serial goes to the ACS that manages it, and
// the simulator keeps the serials no ACS knows while it is mounted. Model maps and the server list
// are checked here, at start-up: a problem stops the server with a message naming what to fix.
import { ConfigError } from '../../lib/configError';
import { deviceSimulatorMounted, type SimulatorSettings } from '../simulators';
import type { DeviceSettings } from './settings';
import type { Db } from '../../db/connect';
import { fetchTransport, type HttpTransport } from '../http/transport';
import { GenieAcsGateway } from './genieacs/adapter';
import { GenieAcsClient } from './genieacs/client';
import { loadModelMaps, ModelMapError } from './genieacs/modelMap';
import { acsServers, AcsSettingsError } from './genieacs/servers';
import type { DeviceGateway } from './gateway';
import { RoutedDeviceGateway } from './routed';
import { DeviceSimulator } from './simulator';

export function deviceGatewayFor(db: Db, config: DeviceSettings & SimulatorSettings, transport?: HttpTransport): DeviceGateway {
  const simulator = deviceSimulatorMounted(config)
    ? new DeviceSimulator(db, { checkinMs: config.deviceCheckinMs, rebootMs: config.deviceRebootMs })
    : null;
  try {
    const servers = acsServers(config.acs);
    if (servers.length === 0)
      return simulator ?? new DeviceSimulator(db, { checkinMs: config.deviceCheckinMs, rebootMs: config.deviceRebootMs });
    const models = loadModelMaps(config.deviceModelsDir);
    const http = transport ?? fetchTransport(config.acs.timeoutMs);
    return new RoutedDeviceGateway(
      db,
      servers.map((s) => ({
        name: s.name,
        agents: s.agents,
        gateway: new GenieAcsGateway({
          name: s.name,
          client: new GenieAcsClient({
            baseUrl: s.url,
            ...(s.username !== undefined ? { username: s.username } : {}),
            ...(s.password !== undefined ? { password: s.password } : {}),
            transport: http,
            taskTimeoutMs: config.acs.taskTimeoutMs,
            // ?timeout= stays below it: a device that does not answer is the NBI's 202, not our timeout
            httpTimeoutMs: config.acs.timeoutMs,
          }),
          models,
          productClasses: s.productClasses,
          db,
          onlineWindowMs: config.acs.onlineWindowMs,
          informIntervalMs: config.acs.informIntervalMs,
          maxValueAgeMs: config.acs.maxValueAgeMs,
        }),
      })),
      simulator,
    );
  } catch (err) {
    if (err instanceof ModelMapError || err instanceof AcsSettingsError) throw new ConfigError([err.message]);
    throw err;
  }
}
