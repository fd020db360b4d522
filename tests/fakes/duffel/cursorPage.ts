/**
 * One page of a Duffel list as the fakes answer it: newest first, `limit` at most 200, and an
 * opaque `after` cursor to the next page (null on the last).
 */
export function cursorPage<Item, Body>(newestFirst: readonly Item[], query: { limit?: string; after?: string }, body: (item: Item) => Body) {
  const limit = Math.min(200, Number(query.limit ?? 50));
  const start = query.after ? Number(Buffer.from(query.after, "base64url").toString()) : 0;
  const next = start + limit < newestFirst.length ? Buffer.from(String(start + limit)).toString("base64url") : null;
  return { data: newestFirst.slice(start, start + limit).map(body), meta: { limit, after: next, before: null } };
}
