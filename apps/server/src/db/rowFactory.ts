// node:sqlite builds a row object column by column through V8's API, which for a wide row (the
// cards table has 47 columns) costs three times the query itself: 10.4 µs against 3.6 µs for the
// same row as an array (docs/decisions/0022). So statements return arrays, and a constructor made
// once per statement turns each array into an object of one fixed shape, in JavaScript.

export type RowFactory = (values: readonly unknown[]) => Record<string, unknown>;

/**
 * A function from a row's values to the object SQLite would have made: one property per column,
 * in order, a later column of the same name winning (as node:sqlite does). The names come from the
 * statement's own column list and go into the generated code only as JSON string literals.
 */
export function rowFactory(names: readonly string[]): RowFactory {
  // an object literal's "__proto__" key sets the prototype instead of a property: build such a
  // row the slow way (no query of ours names a column so; this is for correctness alone)
  if (names.includes('__proto__')) {
    return (values) => {
      const row: Record<string, unknown> = {};
      names.forEach((name, i) =>
        Object.defineProperty(row, name, { value: values[i], enumerable: true, writable: true, configurable: true }),
      );
      return row;
    };
  }
  const last = new Map(names.map((name, i) => [name, i]));
  const fields = [...last].map(([name, i]) => `${JSON.stringify(name)}: v[${i}]`).join(', ');
  return new Function('v', `return { ${fields} };`) as RowFactory;
}
