/**
 * A page of a keyset-paginated list, the one way every service pages: the query fetches `pageSize + 1` rows in the
 * list's order; the extra row says another page follows, and the cursor is the key of the last row returned (the
 * next query continues strictly after it).
 */
export interface Page<T> {
  items: T[];
  /** Empty when this is the last page. */
  nextCursor: string;
}

export function keysetPage<T>(rows: T[], pageSize: number, key: (row: T) => string): Page<T> {
  if (rows.length <= pageSize) return { items: rows, nextCursor: '' };
  const items = rows.slice(0, pageSize);
  return { items, nextCursor: key(items.at(-1)!) };
}
