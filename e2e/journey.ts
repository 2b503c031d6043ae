// The setup every journey file shares: one portal (real server, its own database) and one phone
// (Chromium at 375×667) for the file, page errors collected, both closed afterwards.
//   const j = useJourney();            // then j.portal, j.phone, j.errors inside hooks and tests
//   const j = useJourney(async ({ portal, phone }) => { … });   // extra setup once both exist
import { afterAll, beforeAll } from 'vitest';
import { openPhone, startPortal, type Phone, type Portal } from './harness';

export interface Journey {
  readonly portal: Portal;
  readonly phone: Phone;
  /** uncaught errors of the phone's page, for the file's last test to expect none */
  readonly errors: string[];
}

export function useJourney(setup?: (j: Journey) => Promise<void> | void): Journey {
  const j = { errors: [] as string[] } as { portal: Portal; phone: Phone; errors: string[] };
  beforeAll(async () => {
    j.portal = await startPortal();
    j.phone = await openPhone(j.portal);
    j.phone.page.on('pageerror', (e) => j.errors.push(String(e)));
    await setup?.(j);
  });
  afterAll(async () => {
    await j.phone?.close();
    await j.portal?.stop();
  });
  return j;
}
