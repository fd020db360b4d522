import { Empty } from "antd";
import type { ReactNode } from "react";

/**
 * A table's own "nothing here" text, drawn as antd's Empty: a bare string would take the
 * table's disabled grey, too faint to read (WCAG contrast).
 */
export function EmptyState({ text }: { text: ReactNode }) {
  return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={text} />;
}
