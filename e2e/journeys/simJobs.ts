// The simulators' controls a journey drives (mounted with SIM_CONTROLS=1): a background job run when
// the journey wants its effect (a sync round, the bulk jobs' runner, the alerts), not on its timer.
import { expect } from 'vitest';
import type { Portal } from '../harness';

/** Runs the background job `name` once (POST /sim/jobs/<name>/run) and answers what it reports. */
export async function runSimJob(portal: Pick<Portal, 'baseUrl'>, name: string): Promise<unknown> {
  const res = await fetch(`${portal.baseUrl}/sim/jobs/${name}/run`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json();
}
