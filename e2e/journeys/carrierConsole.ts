// The set-up of the console journeys against a fake CTWing gateway (the carrier accounts, the fleet
// view): the fake with the account's keys, a portal whose sync round and bulk jobs run only when the
// journey runs them (SIM_CONTROLS, ./simJobs.ts), and a 1440×900 desktop on it.
import { FakeCtwing } from '../../apps/server/src/integrations/carrier/ctwing/fake';
import { openDesktop, startPortal, type Phone, type Portal } from '../harness';

export interface ConsoleOnFake {
  fake: FakeCtwing;
  portal: Portal;
  desk: Phone;
  /** closes the desktop, stops the portal, closes the fake */
  close(): Promise<void>;
}

export async function consoleOnCtwingFake(
  account: { appKey: string; secret: string; custNumber: string },
  env: Record<string, string> = {},
): Promise<ConsoleOnFake> {
  const fake = await FakeCtwing.start({ ...account });
  let portal: Portal | undefined;
  let desk: Phone | undefined;
  const close = async () => {
    await desk?.close();
    await portal?.stop();
    await fake.close();
  };
  try {
    portal = await startPortal({ env: { SIM_CONTROLS: '1', CARRIER_SYNC_INTERVAL_SECONDS: '0', ...env } });
    desk = await openDesktop(portal);
    return { fake, portal, desk, close };
  } catch (err) {
    await close();
    throw err;
  }
}
