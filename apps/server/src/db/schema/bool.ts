/** A boolean column: INTEGER 0/1, since SQLite has no boolean type (both databases keep it so). */
export type Bool = number;
