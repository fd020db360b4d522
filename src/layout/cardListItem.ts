import type { CSSProperties } from "react";

/** A List.Item that only carries a card: the list keeps its items (ul > li) for screen readers, the card draws the item. */
export const CARD_LIST_ITEM: CSSProperties = { display: "block", padding: 0, borderBlockEnd: "none" };
