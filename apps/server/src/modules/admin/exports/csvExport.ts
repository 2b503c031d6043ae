// The console's CSV exports (docs/decisions/0018), the part every export shares: an export reads
// through its list's own function (the same filters, the same agent scope), walks a paged list up
// to EXPORT_MAX_ROWS, writes an `<list>.export` audit row (who, which filter, how many rows) and
// answers the file (lib of audit: China time, labelled columns). Each area declares its exports
// beside its list (catalogue/exports.ts, cards/exports.ts, …) with these helpers.
import type { FastifyInstance, FastifyReply } from 'fastify';
import { REGISTRY } from '@portal/contract/endpoints';
import { EXPORT_MAX_ROWS, type AdminEndpointName, type AdminQueryOf, type AuditAction } from '@portal/contract/admin';
import type { AppContext } from '../../../context';
import type { AdminActor } from '../access/actor';
import { serve, type EndpointHandler, type EndpointRequest } from '../../../lib/endpoint';
import { attachment, recordAudit, toCsv } from '../audit';
import { walkPages } from './walk';

export const yuan = (fen: number) => (fen / 100).toFixed(2);
export const yesNo = (b: boolean) => (b ? '是' : '否');
export const label = <K extends string>(map: Record<K, string>, key: string) => map[key as K] ?? key;

export interface Export {
  /** the audit action, `<list>.export` */
  action: AuditAction;
  /** the file's name: ASCII fallback and the Chinese one */
  file: [string, string];
  /** what the rows were filtered by, for the audit row */
  filter: unknown;
  header: readonly string[];
  rows: readonly (readonly unknown[])[];
  truncated?: boolean;
}

export async function send(ctx: AppContext, reply: FastifyReply, op: AdminActor, e: Export): Promise<FastifyReply> {
  await recordAudit(ctx.db.kysely, op, {
    action: e.action,
    target: { type: e.action.split('.')[0]!, id: '' },
    after: { filter: e.filter, rows: e.rows.length, ...(e.truncated ? { truncated: true } : {}) },
  });
  return reply
    .header('content-type', 'text/csv; charset=utf-8')
    .header('content-disposition', attachment(e.file[0], e.file[1]))
    .header('cache-control', 'no-store')
    .header('x-export-truncated', e.truncated ? '1' : '0')
    .send(toCsv(e.header, e.rows));
}

/** A column of a file: its header and a row's cell. */
export type Column<R> = readonly [header: string, cell: (row: R) => unknown];

/** The rows of an export: a small list whole, or a big one walked (`truncated` past the cap). */
interface Rows<R> {
  rows: readonly R[];
  truncated?: boolean;
}

/** One list's export: who may, the audit action and the file, how it reads its rows and its columns. */
interface ListExport<K extends AdminEndpointName, R> {
  name: K;
  action: AuditAction;
  file: [string, string];
  /** the filtered set, through the list's own function and in the operator's agent scope */
  read: (query: AdminQueryOf<K>, op: AdminActor) => Promise<Rows<R>>;
  columns: readonly Column<R>[];
}

/** A list's export, served: reads, audits (the filter: the query, or nothing for a list without filters), answers the file. */
export function listExport<K extends AdminEndpointName, R>(e: ListExport<K, R>) {
  const filtered = 'query' in REGISTRY[e.name];
  return (api: FastifyInstance, ctx: AppContext) =>
    serve(api, e.name, (async (req: EndpointRequest<K>, reply: FastifyReply, op: AdminActor) => {
      const { rows, truncated } = await e.read(req.query as AdminQueryOf<K>, op);
      return send(ctx, reply, op, {
        action: e.action,
        file: e.file,
        filter: filtered ? req.query : {},
        truncated,
        header: e.columns.map(([header]) => header),
        rows: rows.map((r) => e.columns.map(([, cell]) => cell(r))),
      });
    }) as EndpointHandler<K>);
}

/** A keyset-paged list walked from its start, up to EXPORT_MAX_ROWS. */
export const walk = <R>(
  page: (after: number | undefined, limit: number) => Promise<readonly R[]>,
  keyOf: (row: R) => number,
  batch?: number,
) => walkPages(page, keyOf, EXPORT_MAX_ROWS, batch);
