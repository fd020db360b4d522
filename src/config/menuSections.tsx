import {
  AppstoreAddOutlined,
  BankOutlined,
  BarChartOutlined,
  CalendarOutlined,
  DashboardOutlined,
  GiftOutlined,
  IdcardOutlined,
  OrderedListOutlined,
  RiseOutlined,
  SafetyCertificateOutlined,
  SearchOutlined,
  SettingOutlined,
  ShopOutlined,
  SwapOutlined,
  TeamOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";
import type { MenuSection } from "../contract/menu";

export interface MenuSectionConfig {
  /** Base path of the section's pages. */
  route: string;
  labelKey: string;
  icon: ReactNode;
}

/** Every menu section of spec section 2; a section shows in the sider once it has a page. */
export const MENU_SECTION_CONFIG: Record<MenuSection, MenuSectionConfig> = {
  dashboard: { route: "/dashboard", labelKey: "menu.sections.dashboard", icon: <DashboardOutlined /> },
  search: { route: "/search", labelKey: "menu.sections.search", icon: <SearchOutlined /> },
  bookings: { route: "/bookings", labelKey: "menu.sections.bookings", icon: <CalendarOutlined /> },
  orderList: { route: "/order-list", labelKey: "menu.sections.orderList", icon: <OrderedListOutlined /> },
  activities: { route: "/activities", labelKey: "menu.sections.activities", icon: <AppstoreAddOutlined /> },
  dmt: { route: "/dmt", labelKey: "menu.sections.dmt", icon: <SwapOutlined /> },
  report: { route: "/report", labelKey: "menu.sections.report", icon: <BarChartOutlined /> },
  pos: { route: "/pos", labelKey: "menu.sections.pos", icon: <ShopOutlined /> },
  "point-sales-management": {
    route: "/point-sales-management",
    labelKey: "menu.sections.point-sales-management",
    icon: <BankOutlined />,
  },
  "user-role-management": {
    route: "/user-role-management",
    labelKey: "menu.sections.user-role-management",
    icon: <SafetyCertificateOutlined />,
  },
  users: { route: "/users", labelKey: "menu.sections.users", icon: <TeamOutlined /> },
  "setup-configuration": {
    route: "/setup-configuration",
    labelKey: "menu.sections.setup-configuration",
    icon: <SettingOutlined />,
  },
  accounts: { route: "/accounts", labelKey: "menu.sections.accounts", icon: <IdcardOutlined /> },
  "refer-friend": { route: "/refer-friend", labelKey: "menu.sections.refer-friend", icon: <GiftOutlined /> },
  upgrade: { route: "/upgrade", labelKey: "menu.sections.upgrade", icon: <RiseOutlined /> },
};
