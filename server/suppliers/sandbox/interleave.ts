/**
 * Round-robin over groups (in order of each group's first item): every group's first item, then
 * every group's second, and so on. A group supplier's results then show all its airlines.
 */
export function interleaveBy<T>(items: readonly T[], groupKey: (item: T) => string): T[] {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = groupKey(item);
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  const result: T[] = [];
  for (let rank = 0; result.length < items.length; rank += 1) {
    for (const group of groups.values()) {
      const item = group[rank];
      if (item !== undefined) result.push(item);
    }
  }
  return result;
}
