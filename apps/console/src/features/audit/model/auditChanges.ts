// An audit row in words (docs/decisions/0043-audit-in-words.md): its before/after as one line per
// field — the field's label, each side's value as an operator reads it (yuan, 是/否, China time, a
// state's label, another row by its name) and whether it changed. The labels and how each field
// reads are the contract's one table (AUDIT_FIELD); the names come with the page from the server.
import {
  AUDIT_FIELD,
  AUDIT_STATUS_LABEL,
  AUDIT_TARGET_LABEL,
  AUDIT_TARGET_REF,
  type AuditFieldKind,
  type AuditNames,
} from '@portal/contract/admin';
import { chinaTime, dataSize, yuan } from '../../../lib/format';

export interface AuditChange {
  key: string;
  label: string;
  before: string;
  after: string;
  /** both sides recorded and different */
  changed: boolean;
}

interface Row {
  target_type: string;
  target_id: string;
  before: unknown;
  after: unknown;
}

const NONE = '—';
const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
const absent = (v: unknown) => v === null || v === undefined || v === '';

function raw(v: unknown): string {
  if (absent(v)) return NONE;
  if (typeof v === 'string') return v;
  if (typeof v === 'boolean') return v ? '是' : '否';
  return JSON.stringify(v);
}

/** A row another row's id points at, by name; an id the server found no name for, as 编号 N. */
function named(names: AuditNames, ref: keyof AuditNames, id: unknown): string {
  if (absent(id)) return NONE;
  return names[ref]?.[String(id)] ?? `编号 ${raw(id)}`;
}

/** One value of a field as the operator reads it. */
export function valueText(how: AuditFieldKind, v: unknown, targetType: string, names: AuditNames): string {
  if (absent(v)) return NONE;
  switch (how.kind) {
    case 'fen':
      return typeof v === 'number' ? yuan(v) : raw(v);
    case 'bool':
      return v === true || v === 1 ? '是' : v === false || v === 0 ? '否' : raw(v);
    case 'time':
      return typeof v === 'string' ? chinaTime(v) : raw(v);
    case 'mb':
      return typeof v === 'number' ? dataSize(v * 1024) : raw(v);
    case 'ref':
      return named(names, how.ref, v);
    case 'refs':
      return Array.isArray(v) ? (v.length ? v.map((id) => named(names, how.ref, id)).join('、') : NONE) : raw(v);
    case 'enum':
      return typeof v === 'string' || typeof v === 'number' ? (how.values[v] ?? raw(v)) : raw(v);
    case 'status': {
      const labels = AUDIT_STATUS_LABEL[targetType];
      return labels && (typeof v === 'string' || typeof v === 'number') ? (labels[v] ?? raw(v)) : raw(v);
    }
    case 'text':
      return raw(v);
  }
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * A row's before/after, field by field: every field of either side, in the order recorded (the
 * after's fields first, then those only the before had). A side that is not an object (a bare
 * value) is one line, 内容.
 */
export function auditChanges(row: Row, names: AuditNames = {}): AuditChange[] {
  const { before, after } = row;
  if (absent(before) && absent(after)) return [];
  const both = !absent(before) && !absent(after);
  if (!(isRecord(before) || absent(before)) || !(isRecord(after) || absent(after))) {
    return [{ key: '', label: '内容', before: raw(before), after: raw(after), changed: both && !same(before, after) }];
  }
  const b = isRecord(before) ? before : {};
  const a = isRecord(after) ? after : {};
  const keys = [...new Set([...Object.keys(a), ...Object.keys(b)])];
  return keys.map((key) => {
    const field = AUDIT_FIELD[key];
    const how = field?.how ?? { kind: 'text' };
    return {
      key,
      label: field?.label ?? key,
      before: isRecord(before) && key in b ? valueText(how, b[key], row.target_type, names) : NONE,
      after: isRecord(after) && key in a ? valueText(how, a[key], row.target_type, names) : NONE,
      changed: both && !same(b[key], a[key]),
    };
  });
}

/** The row's object in words: 套餐「月包 30G」, 卡片 1000000004, 代理商「演示代理」; a list's export: 卡片. */
export function targetText(row: Pick<Row, 'target_type' | 'target_id'>, names: AuditNames = {}): string {
  const type = AUDIT_TARGET_LABEL[row.target_type] ?? row.target_type;
  if (!row.target_id) return type;
  const ref = AUDIT_TARGET_REF[row.target_type];
  const name = ref ? names[ref]?.[row.target_id] : undefined;
  return name ? `${type}「${name}」` : `${type} ${row.target_id}`;
}
