import { describe, expect, it } from 'vitest';
import { addressLine, regionLine } from './region';

describe('regionLine / addressLine', () => {
  it.each([
    [{ province: '广东省', city: '深圳市', district: '南山区' }, '广东省 深圳市 南山区'],
    [{ province: '北京市', city: '北京市', district: '朝阳区' }, '北京市 朝阳区'],
    [{ province: '浙江省', city: '杭州市', district: '' }, '浙江省 杭州市'],
    [{ province: '', city: '', district: '' }, ''],
  ])('%o reads %s', (r, line) => expect(regionLine(r)).toBe(line));

  it('puts the street after the region', () => {
    expect(addressLine({ province: '上海市', city: '上海市', district: '浦东新区', address: '张江路 100 号' })).toBe(
      '上海市 浦东新区 张江路 100 号',
    );
    // an application from before the picker kept the whole address in the street
    expect(addressLine({ province: '', city: '', district: '', address: '北京市朝阳区建国路88号' })).toBe('北京市朝阳区建国路88号');
  });
});
