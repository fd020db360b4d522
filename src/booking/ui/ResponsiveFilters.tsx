import { FilterOutlined } from "@ant-design/icons";
import { Button, Drawer, Grid } from "antd";
import { useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import "../i18n/bookingStrings";

/**
 * Results filters: beside the results on a wide screen; on a phone behind one button that opens
 * them in a drawer from the bottom, so the results come first and the filters are a tap away.
 */
export function ResponsiveFilters({ active, children }: { active: boolean; children: ReactNode }) {
  const { t } = useTranslation();
  const wide = Grid.useBreakpoint().lg === true;
  const [open, setOpen] = useState(false);
  if (wide) return children;
  return (
    <>
      <Button block icon={<FilterOutlined />} aria-expanded={open} onClick={() => setOpen(true)} data-testid="filters-open" style={{ marginBottom: 12 }}>
        {active ? t("booking.ui.filtersActive") : t("booking.ui.filters")}
      </Button>
      <Drawer
        open={open}
        onClose={() => setOpen(false)}
        placement="bottom"
        height="85%"
        title={t("booking.ui.filters")}
        footer={<Button type="primary" block onClick={() => setOpen(false)} data-testid="filters-done">{t("booking.ui.showResults")}</Button>}
        data-testid="filters-drawer"
      >
        {children}
      </Drawer>
    </>
  );
}
