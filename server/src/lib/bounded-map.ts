/**
 * Sets a key of a Map used as a bounded cache, least recently set first (a Map keeps insertion order):
 * the key moves to the end, and the oldest entries leave while the map holds more than `max`.
 */
export function setBounded<K, V>(map: Map<K, V>, key: K, value: V, max: number): void {
  map.delete(key);
  map.set(key, value);
  for (const oldest of map.keys()) {
    if (map.size <= max) break;
    map.delete(oldest);
  }
}
