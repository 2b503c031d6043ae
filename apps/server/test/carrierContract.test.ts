// The simulator keeps the carrier contract every platform adapter keeps (src/integrations/carrier/
// contract.ts): the same questions give the same answers in our terms. Its lines are sim_lines rows
// in a real migrated database; "down" is played by the fixture (the simulator has no network).
import { CardState } from '@portal/contract/enums';
import { CarrierError, type CarrierAdapter } from '../src/integrations/carrier/adapter';
import { describeCarrierContract, type ContractLine } from '../src/integrations/carrier/contract';
import { CarrierSimulator } from '../src/integrations/carrier/simulator';
import { SimulatorAdapter } from '../src/integrations/carrier/simulatorAdapter';
import { connect } from '../src/db/connect';
import { migrate } from '../src/db/migrate';

const STATE_OF: Record<ContractLine['service'], number> = {
  active: CardState.Activated,
  stopped: CardState.Stopped,
  cancelled: CardState.Cancelled,
  testable: CardState.Testable,
  inventory: CardState.Initial,
};
const REASON_OF = {
  arrears: '欠费停机',
  not_real_named: '未实名停机',
  sim_device_separation: '机卡分离',
  region_limit: '区域限制',
} as const;

const chinaToday = () => new Date(Date.now() + 8 * 3600_000).toISOString().slice(0, 10);

describeCarrierContract('simulator', async () => {
  const db = await connect(':memory:');
  await migrate(db);
  const inner = new SimulatorAdapter(new CarrierSimulator(db));
  let down = false;
  // the simulator has no network to lose: the fixture plays a platform that stopped answering
  const adapter = new Proxy(inner, {
    get(target, prop, receiver) {
      const value = Reflect.get(target, prop, receiver) as unknown;
      if (typeof value !== 'function' || !down) return value;
      return () => Promise.reject(new CarrierError('unavailable', 'simulator: down (fixture)'));
    },
  }) as CarrierAdapter;
  return {
    adapter,
    async addLine(line) {
      const today = chinaToday();
      const monthStart = `${today.slice(0, 7)}-01`;
      await db.kysely
        .insertInto('sim_lines')
        .values({
          custom_num: line.ref.customNum,
          carrier_status: STATE_OF[line.service],
          real_named: line.realNamed ? 1 : 0,
          networks: '[]',
          current_network: 0,
          daily_kb: 0,
          activated_on: '2020-01-01',
          stop_reason: line.service === 'stopped' && line.stopReason ? REASON_OF[line.stopReason] : '',
          apn: line.wrongApn ? 'cmnet' : '',
        })
        .execute();
      const days = { ...line.dailyKb };
      // the month figure is the sum of the days: what the given days do not explain goes on another day of the month
      const given = Object.entries(days)
        .filter(([d]) => d >= monthStart && d <= today)
        .reduce((s, [, kb]) => s + kb, 0);
      const spare = [monthStart, today].find((d) => !(d in days));
      if (spare && line.monthKb > given) days[spare] = line.monthKb - given;
      const rows = Object.entries(days).map(([day, extra_kb]) => ({ custom_num: line.ref.customNum, day, extra_kb }));
      if (rows.length) await db.kysely.insertInto('sim_usage_extra').values(rows).execute();
    },
    setDown(d) {
      down = d;
    },
    // the simulator keys lines by card number and has no IMSI of its own
    reports: { stopReasons: true, apn: true, imsi: false },
    close: () => db.close(),
  };
});
