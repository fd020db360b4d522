import { Grid, Select, Tabs, type TabsProps } from "antd";
import { isValidElement, type MouseEvent, type ReactNode } from "react";

/** The words of a tab's label (an icon and a name): what a screen reader says for its option. */
function wordsOf(node: ReactNode): string {
  if (typeof node === "string" || typeof node === "number") return String(node);
  if (Array.isArray(node)) return node.map(wordsOf).join(" ").trim();
  if (isValidElement<{ children?: ReactNode }>(node)) return wordsOf(node.props.children);
  return "";
}

/**
 * antd's Tabs, which on a phone (below 576 px) switch with a labelled list instead of a row of
 * tabs: a row too wide for the screen would fold tabs behind a "more" button inside the tablist,
 * out of sight and refused by ARIA (axe: aria-required-children).
 */
export function ConsoleTabs({ label, ...tabs }: TabsProps & { label: string }) {
  const phone = Grid.useBreakpoint().sm === false;
  if (!phone) return <Tabs {...tabs} />;
  const items = (tabs.items ?? []).filter((item) => !item.disabled);
  return (
    <Tabs
      {...tabs}
      renderTabBar={(bar) => (
        <Select
          aria-label={label}
          value={bar.activeKey}
          // rc-tabs only hands the event on to an onTabClick of the caller's, which none of ours has.
          onChange={(key: string) => bar.onTabClick(key, {} as MouseEvent)}
          options={items.map((item) => ({ value: item.key, label: item.label, "aria-label": wordsOf(item.label) }))}
          style={{ width: "100%", marginBottom: 16 }}
        />
      )}
    />
  );
}
