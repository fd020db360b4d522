/**
 * A small seeded pseudo-random generator, so the sandbox answers the same request with the same
 * flights, prices and seat maps. Not for anything secret.
 */

/** 32-bit FNV-1a of the text, mixed once more so similar texts land far apart. */
export function hashText(text: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b);
  hash ^= hash >>> 13;
  return hash >>> 0;
}

/** Eight hexadecimal digits, for identifiers. */
export function hashHex(text: string): string {
  return hashText(text).toString(16).padStart(8, "0").toUpperCase();
}

export interface SeededRandom {
  /** In [0, 1). */
  next(): number;
  /** An integer in [minimum, maximum]. */
  integer(minimum: number, maximum: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
}

/** Mulberry32 seeded by the hash of the parts. */
export function seededRandom(...seedParts: readonly (string | number)[]): SeededRandom {
  let state = hashText(seedParts.join("|"));
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let mixed = state;
    mixed = Math.imul(mixed ^ (mixed >>> 15), mixed | 1);
    mixed ^= mixed + Math.imul(mixed ^ (mixed >>> 7), mixed | 61);
    return ((mixed ^ (mixed >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    integer: (minimum, maximum) => minimum + Math.floor(next() * (maximum - minimum + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new RangeError("Cannot pick from an empty list.");
      return items[Math.floor(next() * items.length)]!;
    },
  };
}
