// A state's words and tag colour, for the console's lists and filters. The words are always the
// contract's label table beside the state's enum (the server's CSV exports read the same table, so
// a page and its export never disagree); the console adds only the colour.

/** The states of a list: each one's label and tag colour. */
export type Labelled = Record<string, { label: string; color: string }>;

/** The contract's labels with the console's colours, in the contract's order. */
export function labelled<S extends string>(
  labels: Record<S, string>,
  colors: Record<S, string>,
): Record<S, { label: string; color: string }> {
  return Object.fromEntries((Object.keys(labels) as S[]).map((s) => [s, { label: labels[s], color: colors[s] }])) as Record<
    S,
    { label: string; color: string }
  >;
}

/** A state's label, or the state itself when the table does not know it. */
export const labelOf = <S extends string>(labels: Record<S, string>, state: string): string => labels[state as S] ?? state;
