// The portal's endpoints of this area: route, who may call them and their schemas
// (../declaration.ts; ../routes/tickets.ts is derived from them); ../endpoints.ts joins the areas
// (docs/decisions/0050-one-endpoint-registry.md).
import { declareArea } from '../declaration';
import { UploadAnswer } from '../realName';
import { Ticket, TicketCreateRequest, TicketListAnswer, TicketParams } from '../tickets';

export const ticketsEndpoints = declareArea({
  ticketUpload: {
    route: 'POST /v2/complaints_suggestions/upload',
    access: 'holder',
    upload: true,
    tags: ['tickets'],
    summary: '投诉建议的图片（multipart/form-data，字段 file；JPG/PNG/WEBP/GIF，≤5MB，按内容识别）',
    answer: UploadAnswer,
  },
  ticketCreate: {
    route: 'POST /v2/complaints_suggestions',
    access: 'holder',
    tags: ['tickets'],
    summary: '提交投诉建议（网络问题附卡的最近一次检测）',
    body: TicketCreateRequest,
    answer: Ticket,
  },
  ticketList: {
    route: 'GET /v2/complaints_suggestions',
    access: 'holder',
    tags: ['tickets'],
    summary: '我的投诉建议',
    answer: TicketListAnswer,
  },
  ticketDetail: {
    route: 'GET /v2/complaints_suggestions/detail',
    access: 'holder',
    tags: ['tickets'],
    summary: '投诉建议详情：处理进度与回复（仅本人）',
    query: TicketParams,
    answer: Ticket,
  },
  ticketClose: {
    route: 'POST /v2/complaints_suggestions/close',
    access: 'holder',
    tags: ['tickets'],
    summary: '关闭自己的投诉建议（仅本人；关闭后不能重新打开）',
    body: TicketParams,
    answer: Ticket,
  },
});
