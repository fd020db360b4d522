/** How long a list's total is reused. */
const COUNT_LIFETIME_MS = 2_000;
/** Past this many kept totals, they are all forgotten: a bound, not an expected size. */
const MAX_KEPT = 1_000;

/**
 * The totals of one declared resource's lists, reused a moment per reach and filters: counting a
 * filtered table is most of what a list costs the database, while the page of rows is read afresh
 * every time. A write through the resource's own routes forgets its totals at once; a change made
 * elsewhere (another instance, another route) shows in the total within two seconds.
 */
export class ListCounts {
  private readonly kept = new Map<string, { total: number; at: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  async total(key: string, count: () => Promise<number>): Promise<number> {
    const known = this.kept.get(key);
    if (known && this.now() - known.at < COUNT_LIFETIME_MS) return known.total;
    const at = this.now();
    const total = await count();
    if (this.kept.size >= MAX_KEPT) this.kept.clear();
    this.kept.set(key, { total, at });
    return total;
  }

  forget(): void {
    this.kept.clear();
  }
}
