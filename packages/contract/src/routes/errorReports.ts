// Written by `npm run routes` from ../portal/errorReports.ts, where each endpoint is declared: do not edit.

export const errorReports = 'POST /v1/error_reports';
