// `npm run bench:fakes` — the carrier fakes at a fleet's scale: 100,000 lines loaded at once into the
// OneLink, Unicom CMP, Jasper and CTWing fakes, each distinct, and how long it took. The unit tests check the same
// bulk loaders on a few thousand lines; the scale lives here so a busy machine cannot time a unit
// test out. It fails (exit code 1) when a fake loses or repeats a line.
import { performance } from 'node:perf_hooks';
import { startOneLinkFake } from '../../apps/server/src/integrations/carrier/onelink/fake';
import { CmpFake } from '../../apps/server/src/integrations/carrier/unicomCmp/fake';
import { JasperFake } from '../../apps/server/src/integrations/carrier/unicomJasper/fake';
import { FakeCtwing, ctwingBenchLines } from '../../apps/server/src/integrations/carrier/ctwing/fake';

const LINES = Number(process.env.BENCH_FAKE_LINES ?? 100_000);
let failed = false;
const check = (what: string, ok: boolean) => {
  if (!ok) {
    failed = true;
    console.error(`FAIL ${what}`);
  }
};

const onelink = await startOneLinkFake();
try {
  const t0 = performance.now();
  const lines = onelink.bulkAdd(LINES);
  const ms = performance.now() - t0;
  check('OneLink: every ICCID distinct', new Set(lines.map((l) => l.iccid)).size === LINES);
  check('OneLink: every MSISDN distinct', new Set(lines.map((l) => l.msisdn)).size === LINES);
  check('OneLink: the last line is found', onelink.line(lines[LINES - 1]!.iccid) !== undefined);
  console.log(`OneLink fake: ${LINES.toLocaleString('en')} lines in ${ms.toFixed(0)} ms`);
} finally {
  await onelink.close();
}

const cmp = await CmpFake.start({ appId: 'bench', appSecret: 'bench-secret', openId: 'bench' });
try {
  const t0 = performance.now();
  cmp.addMany(LINES, (i) => ({
    iccid: `898606${String(i).padStart(14, '0')}`,
    msisdn: `1440${String(i).padStart(9, '0')}`,
    imsi: `46006${String(i).padStart(10, '0')}`,
    simStatus: '2',
    realNameStatus: '2',
    monthToDateDataUsage: '0',
    sessions: [],
  }));
  const ms = performance.now() - t0;
  check('CMP: every line kept', cmp.size === LINES);
  console.log(`Unicom CMP fake: ${LINES.toLocaleString('en')} lines in ${ms.toFixed(0)} ms`);
} finally {
  await cmp.close();
}
const jasper = await JasperFake.start({ username: 'bench', apiKey: 'bench-key' });
try {
  const t0 = performance.now();
  jasper.addMany(LINES, (i) => ({
    iccid: `898601${String(i).padStart(14, '0')}`,
    msisdn: `1440${String(i).padStart(9, '0')}`,
    imsi: `46001${String(i).padStart(10, '0')}`,
    status: 'ACTIVATED',
    ctdDataUsage: i * 1024,
    session: null,
  }));
  const ms = performance.now() - t0;
  check('Jasper: every line kept', jasper.size === LINES);
  console.log(`Unicom Jasper fake: ${LINES.toLocaleString('en')} lines in ${ms.toFixed(0)} ms`);
} finally {
  await jasper.close();
}

const ctwing = await FakeCtwing.start({ appKey: 'bench', secret: 'bench-secret', custNumber: '6000000000' });
try {
  const t0 = performance.now();
  ctwing.addLines(ctwingBenchLines(LINES));
  const ms = performance.now() - t0;
  check('CTWing: every line kept', ctwing.size === LINES);
  console.log(`CTWing fake: ${LINES.toLocaleString('en')} lines in ${ms.toFixed(0)} ms`);
} finally {
  await ctwing.close();
}
process.exit(failed ? 1 : 0);
