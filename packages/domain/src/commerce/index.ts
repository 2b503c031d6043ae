export * from './pricing';
export * from './channels';
export * from './orderState';
export * from './packageEffect';
export * from './purchaseEffect';
export * from './refund';
export * from './afterSales';
