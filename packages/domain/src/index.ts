export * from './format';
export * from './safeUrl';
export * from './rem';
export * from './realName';
export * from './cardGate';
export * from './commerce';
export * from './residentId';
// validity, network and cardNickname are imported by their own paths (@portal/domain/validity …):
// re-exported here they would ride in the web's entry chunk, which /login's first load pays for.
export * from './device';
export * from './alerts';
export * from './upgrade';
export * from './priceOutlier';
export * from './writeLimits';
