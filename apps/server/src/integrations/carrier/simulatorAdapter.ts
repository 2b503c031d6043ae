// The simulator as a platform adapter, so that it keeps the same contract as the real ones
// (./contract.ts; apps/server/test/carrierContract.test.ts). The portal itself reaches the
// simulator's lines through the gateway (account 1, modules/carriers) — this is the proof that
// what the simulator answers is what a platform may answer.
import { randomBytes } from 'node:crypto';
import { clock } from '../../lib/clock';
import {
  CarrierError,
  type CarrierAdapter,
  type CarrierLineState,
  type CarrierLineTest,
  type CarrierOrder,
  type LineRef,
  type PlatformLimits,
  type RealNameStart,
} from './adapter';
import type { CarrierSimulator } from './simulator';

const CHINA_OFFSET_MS = 8 * 3600_000;

/** the simulator lives in our database: no platform limits to keep */
const SIMULATOR_LIMITS: PlatformLimits = { callsPerSecond: 1000, concurrency: 8, dailyBatchSize: 1000, dailyHistoryDays: 400 };

function asLineError(customNum: string) {
  return (err: unknown): never => {
    if (err instanceof Error && /unknown line/.test(err.message)) throw new CarrierError('line', `simulator: no line ${customNum}`);
    throw err;
  };
}

export class SimulatorAdapter implements CarrierAdapter {
  readonly kind = 'simulator';
  readonly limits = SIMULATOR_LIMITS;

  constructor(private readonly sim: CarrierSimulator) {}

  async ping(): Promise<void> {}

  async lineState(line: LineRef): Promise<CarrierLineState> {
    const s = await this.sim.lineStatus(line.customNum).catch(asLineError(line.customNum));
    return { state: s.status, rawState: String(s.status), stopReason: s.stopReason, rawStopReason: s.stopReason, realNamed: s.realNamed };
  }

  async monthUsage(line: LineRef): Promise<number> {
    const now = clock.now();
    const today = new Date(now.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 10);
    const days = await this.sim.usage(line.customNum, `${today.slice(0, 7)}-01`, today, now).catch(asLineError(line.customNum));
    return days.reduce((sum, d) => sum + d.usedKb, 0);
  }

  async dailyUsage(lines: LineRef[], day: string): Promise<Map<string, number>> {
    const out = new Map<string, number>();
    for (const line of lines) {
      const days = await this.sim.usage(line.customNum, day, day, clock.now()).catch(() => null);
      const kb = days?.[0]?.usedKb;
      if (kb !== undefined) out.set(line.customNum, kb);
    }
    return out;
  }

  async realNameStatus(line: LineRef): Promise<boolean> {
    return (await this.sim.realNameStatus(line.customNum).catch(asLineError(line.customNum))).realNamed;
  }

  async realNameStart(line: LineRef, mode: number): Promise<RealNameStart> {
    const ticket = randomBytes(16).toString('hex');
    const link = await this.sim.realNameLink(line.customNum, mode, ticket).catch(asLineError(line.customNum));
    return { url: link.url, reference: ticket };
  }

  lineTest(line: LineRef): Promise<CarrierLineTest> {
    return this.sim.lineTest(line.customNum).catch(asLineError(line.customNum));
  }

  async setService(line: LineRef, on: boolean): Promise<CarrierOrder> {
    await (on ? this.sim.resume(line.customNum) : this.sim.suspend(line.customNum)).catch(asLineError(line.customNum));
    return { reference: '' };
  }
}
