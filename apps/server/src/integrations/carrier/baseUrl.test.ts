import { describe, expect, it } from 'vitest';
import { basePathProblem, type BasePathRule } from './baseUrl';

const ONELINK: BasePathRule = { label: 'OneLink', basePath: '/v5', callPrefixes: ['/ec'] };
const CMP: BasePathRule = { label: 'CMP', basePath: '/api', callPrefixes: [] };
const CTWING: BasePathRule = { label: 'CTWing', basePath: '', callPrefixes: ['/openapi', '/api', '/5gcmp'] };
const JASPER: BasePathRule = { label: 'Jasper', basePath: '/rws/api/v1', callPrefixes: ['/devices', '/echo'] };

describe('basePathProblem: base_url is the platform documented base, path included', () => {
  it.each([
    ['OneLink documented base', ONELINK, 'https://api.iot.10086.cn/v5', null],
    ['OneLink with a trailing slash', ONELINK, 'https://api.iot.10086.cn/v5/', null],
    ['OneLink behind a proxy path', ONELINK, 'https://proxy.example.com/onelink/v5', null],
    ['CMP documented base', CMP, 'https://gwapi.10646.cn/api', null],
    ['CTWing host and port', CTWING, 'https://cmp-api.ctwing.cn:20164', null],
    ['Jasper documented base', JASPER, 'https://api.10646.cn/rws/api/v1', null],
  ])('%s: accepted', (_name, rule, url, want) => {
    expect(basePathProblem(rule, url)).toBe(want);
  });

  it.each([
    ['CMP prefix doubled', CMP, 'https://gwapi.10646.cn/api/api', '重复了接口前缀「/api」', 'https://gwapi.10646.cn/api'],
    ['OneLink prefix doubled', ONELINK, 'https://api.iot.10086.cn/v5/v5', '重复了接口前缀「/v5」', 'https://api.iot.10086.cn/v5'],
    ['CMP host only (the prefix missing)', CMP, 'https://gwapi.10646.cn', '须以接口前缀「/api」结尾', 'https://gwapi.10646.cn/api'],
    ['OneLink without /v5', ONELINK, 'https://api.iot.10086.cn', '须以接口前缀「/v5」结尾', 'https://api.iot.10086.cn/v5'],
    ['OneLink reaching into a call', ONELINK, 'https://api.iot.10086.cn/v5/ec', '含有接口路径「/ec」', 'https://api.iot.10086.cn/v5'],
    [
      'CTWing with a call prefix',
      CTWING,
      'https://cmp-api.ctwing.cn:20164/openapi',
      '含有接口路径「/openapi」',
      'https://cmp-api.ctwing.cn:20164 ',
    ],
    ['Jasper host only', JASPER, 'https://api.10646.cn', '须以接口前缀「/rws/api/v1」结尾', 'https://api.10646.cn/rws/api/v1'],
    ['a query string', ONELINK, 'https://api.iot.10086.cn/v5?x=1', '不可带查询参数', 'https://api.iot.10086.cn/v5'],
  ])('%s: refused, showing the form to write', (_name, rule, url, why, form) => {
    const problem = basePathProblem(rule, url);
    expect(problem).toContain(why);
    expect(problem).toContain(`请写成 ${form.trim()} 这样的形式`);
  });
});
