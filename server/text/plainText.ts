/** The named character references providers' HTML uses; others are numeric, or kept as written. */
const NAMED: Readonly<Record<string, string>> = {
  amp: "&",
  lt: "<",
  gt: ">",
  quot: '"',
  apos: "'",
  nbsp: " ",
  hellip: "…",
  ndash: "–",
  mdash: "—",
  lsquo: "‘",
  rsquo: "’",
  ldquo: "“",
  rdquo: "”",
};

function decoded(whole: string, name: string): string {
  if (!name.startsWith("#")) return NAMED[name.toLowerCase()] ?? whole;
  const code = name[1] === "x" || name[1] === "X" ? Number.parseInt(name.slice(2), 16) : Number.parseInt(name.slice(1), 10);
  return Number.isInteger(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
}

/** A provider's HTML as text: tags dropped, character references read (after, so a written "&lt;" never becomes a tag), spaces folded. */
export function plainText(html: string): string {
  return html
    .replace(/<[^>]*>/g, " ")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, decoded)
    .replace(/\s+/g, " ")
    .trim();
}
