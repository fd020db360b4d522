/** Sets `key` in a map that keeps only its `limit` most recently set entries (a Map iterates in insertion order, oldest first). */
export function setRecent<Key, Value>(map: Map<Key, Value>, key: Key, value: Value, limit: number): void {
  map.delete(key);
  map.set(key, value);
  if (map.size > limit) map.delete(map.keys().next().value!);
}
