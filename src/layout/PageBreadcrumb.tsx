import { HomeOutlined } from "@ant-design/icons";
import { useResourceParams } from "@refinedev/core";
import { Breadcrumb } from "antd";
import { useTranslation } from "react-i18next";
import { Link, useLocation } from "react-router";
import type { MenuSection } from "../contract/menu";
import { MENU_SECTION_CONFIG } from "../config/menuSections";

/**
 * The trail above every menu page: home, the page's menu section, the page. It shows the section
 * even where the sider flattens a one-page section, so every page is framed alike. Pages deeper
 * than the menu (results, a hotel, a booking) draw their own trail.
 */
export function PageBreadcrumb() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { resources } = useResourceParams();
  const page = resources.find((resource) => resource.list === pathname);
  const section = page?.meta?.section as MenuSection | undefined;
  if (!page || !section || section === "dashboard") return null;
  const pageLabel = String(page.meta?.label ?? page.name);
  const sectionLabel = t(MENU_SECTION_CONFIG[section].labelKey);
  return (
    <Breadcrumb
      style={{ marginBottom: 12 }}
      data-testid="page-breadcrumb"
      items={[
        { title: <Link to="/dashboard" aria-label={t("menu.sections.dashboard")}><HomeOutlined /></Link> },
        ...(sectionLabel !== pageLabel ? [{ title: sectionLabel }] : []),
        { title: pageLabel },
      ]}
    />
  );
}
