import type { CSSProperties } from "react";

/** Read by screen readers, not drawn: a name or a table that only assistive technology needs. */
export const VISUALLY_HIDDEN: CSSProperties = { position: "absolute", width: 1, height: 1, overflow: "hidden", clip: "rect(0 0 0 0)", whiteSpace: "nowrap" };
