/** What the user is told when the network failed (a request, a page's code): in the first load
 *  without the error catalogue (./errorCatalogue.ts, loaded when an answer is not a success). */
export const NETWORK_FAILED = '网络连接失败，请检查网络后重试';
