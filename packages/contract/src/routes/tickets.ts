// Written by `npm run routes` from ../portal/tickets.ts, where each endpoint is declared: do not edit.

export const ticketUpload = 'POST /v2/complaints_suggestions/upload';
export const ticketCreate = 'POST /v2/complaints_suggestions';
export const ticketList = 'GET /v2/complaints_suggestions';
export const ticketDetail = 'GET /v2/complaints_suggestions/detail';
export const ticketClose = 'POST /v2/complaints_suggestions/close';
