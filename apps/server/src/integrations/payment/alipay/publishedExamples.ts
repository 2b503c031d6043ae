// Alipay's published examples, shared by the signing tests (./alipay.test.ts, ./sdkCrossCheck.test.ts).
import type { Params } from './sign';

/** The asynchronous notification example of the Alipay documentation (异步通知参数说明), as published. */
export const DOCUMENTED_NOTIFICATION: Params = {
  total_amount: '2.00',
  buyer_id: '2088102116773037',
  body: '大乐透2.1',
  trade_no: '2016071921001003030200089909',
  refund_fee: '0.00',
  notify_time: '2016-07-19 14:10:49',
  subject: '大乐透2.1',
  sign_type: 'RSA2',
  charset: 'utf-8',
  notify_type: 'trade_status_sync',
  out_trade_no: '0719141034-6418',
  gmt_close: '2016-07-19 14:10:46',
  gmt_payment: '2016-07-19 14:10:47',
  trade_status: 'TRADE_SUCCESS',
  version: '1.0',
  sign: 'kPbQIjX+xQc8F0/A6/AocELIjhhZnGbcBN6G4MM/HmfWL4ZiHM6fWl5NQhzXJusaklZ1LFuMo+lHQUELAYeugH8LYFvxnNajOvZhuxNFbN2LhF0l/KL8ANtj8oyPM4NN7Qft2kWJTDJUpQOzCzNnV9hDxh5AaT9FPqRS6ZKxnzM=',
  gmt_create: '2016-07-19 14:10:44',
  app_id: '2015102700040153',
  seller_id: '2088102119685838',
  notify_id: '4a91b7a78a503640467525113fb7d8bg8e',
};
