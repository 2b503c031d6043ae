// The region part of an address as the pickers hold it, and how it reads on one line.

export interface RegionValue {
  province: string;
  city: string;
  /** "" where the form asks for province and city only */
  district: string;
}

export const NO_REGION: RegionValue = { province: '', city: '', district: '' };

/** 广东省 深圳市 南山区; a municipality is its own city, so 北京市 北京市 reads once. */
export function regionLine(r: RegionValue): string {
  const city = r.city && r.city !== r.province ? r.city : '';
  return [r.province, city, r.district].filter(Boolean).join(' ');
}

/** A whole address on one line: the region, then the street. */
export function addressLine(a: RegionValue & { address: string }): string {
  return [regionLine(a), a.address].filter(Boolean).join(' ');
}
