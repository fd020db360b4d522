import {
  ApartmentOutlined,
  AuditOutlined,
  BankOutlined,
  BugOutlined,
  UserAddOutlined,
  CloudServerOutlined,
  CreditCardOutlined,
  HeartOutlined,
  DatabaseOutlined,
  FileProtectOutlined,
  GiftOutlined,
  GlobalOutlined,
  KeyOutlined,
  LoginOutlined,
  ControlOutlined,
  MailOutlined,
  PercentageOutlined,
  ReconciliationOutlined,
  SafetyCertificateOutlined,
  ShopOutlined,
  ShoppingOutlined,
  SolutionOutlined,
  TagsOutlined,
  StopOutlined,
  TrophyOutlined,
  UserOutlined,
  UsergroupAddOutlined,
  WalletOutlined,
} from "@ant-design/icons";
import type { ReactNode } from "react";
import { preloadable, type PreloadableComponent } from "../lib/preloadable";
import type { MenuSection } from "../contract/menu";
import { RESOURCES } from "../resources";
import type { ResourceDeclaration } from "../resources/defineResource";
import { BOOKING_PAGES } from "../booking/bookingPages";
import { MENU_SECTION_CONFIG } from "./menuSections";

/**
 * The pages of the signed-in console. A page belongs to a menu section, which guards it
 * (access control) and groups it in the sider. A page named like its section is the
 * section's own entry; any other page is listed under its section.
 */
export interface ConsolePage {
  /** Refine resource name; also the default API resource (/api/<name>). */
  name: string;
  section: MenuSection;
  route: string;
  labelKey: string;
  icon: ReactNode;
  component: PreloadableComponent<object>;
  /** Reached from other pages (results, checkout, one booking), not listed in the sider. */
  hideInMenu?: boolean;
  /** Only for the head office's administrators (the admin flag at the root organisation), as the server allows. */
  headOfficeAdminOnly?: boolean;
  /** Results and lists: amounts are shown in the header's selected currency. */
  inSelectedCurrency?: boolean;
  /** Booking on behalf: where a booking starts the agency booked for is chosen; the pages after it show it. */
  bookingFor?: "choose" | "show";
}

/** Each administration screen's icon in the menu. */
export const RESOURCE_ICONS: Readonly<Record<string, ReactNode>> = {
  organisations: <ApartmentOutlined />,
  users: <UserOutlined />,
  roles: <KeyOutlined />,
  suppliers: <CloudServerOutlined />,
  markets: <GlobalOutlined />,
  passengerTypes: <UsergroupAddOutlined />,
  partnerLevels: <TrophyOutlined />,
  contentSources: <DatabaseOutlined />,
  fopRules: <WalletOutlined />,
  merchantRules: <BankOutlined />,
  agencyRules: <ShopOutlined />,
  ccPassRules: <CreditCardOutlined />,
  visaProducts: <SolutionOutlined />,
  packages: <GiftOutlined />,
  dmtBrands: <ReconciliationOutlined />,
  screeningNames: <StopOutlined />,
  ancillaryServices: <ShoppingOutlined />,
  bankGuarantees: <SafetyCertificateOutlined />,
  vouchers: <TagsOutlined />,
};

export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    name: "dashboard",
    section: "dashboard",
    route: MENU_SECTION_CONFIG.dashboard.route,
    labelKey: MENU_SECTION_CONFIG.dashboard.labelKey,
    icon: MENU_SECTION_CONFIG.dashboard.icon,
    component: preloadable(() => import("../pages/dashboard/DashboardPage").then((module) => module.DashboardPage)),
  },
  {
    name: "reports",
    section: "report",
    route: MENU_SECTION_CONFIG.report.route,
    labelKey: MENU_SECTION_CONFIG.report.labelKey,
    icon: MENU_SECTION_CONFIG.report.icon,
    component: preloadable(() => import("../pages/reports/ReportsPage").then((module) => module.ReportsPage)),
  },
  {
    name: "accounts",
    section: "accounts",
    route: MENU_SECTION_CONFIG.accounts.route,
    labelKey: MENU_SECTION_CONFIG.accounts.labelKey,
    icon: MENU_SECTION_CONFIG.accounts.icon,
    component: preloadable(() => import("../pages/accounts/AccountsPage").then((module) => module.AccountsPage)),
  },
  {
    name: "refer-friend",
    section: "refer-friend",
    route: MENU_SECTION_CONFIG["refer-friend"].route,
    labelKey: MENU_SECTION_CONFIG["refer-friend"].labelKey,
    icon: MENU_SECTION_CONFIG["refer-friend"].icon,
    component: preloadable(() => import("../pages/referrals/ReferFriendPage").then((module) => module.ReferFriendPage)),
  },
  {
    name: "upgrade",
    section: "upgrade",
    route: MENU_SECTION_CONFIG.upgrade.route,
    labelKey: MENU_SECTION_CONFIG.upgrade.labelKey,
    icon: MENU_SECTION_CONFIG.upgrade.icon,
    component: preloadable(() => import("../pages/upgrade/UpgradePage").then((module) => module.UpgradePage)),
  },
  {
    name: "pos",
    section: "pos",
    route: MENU_SECTION_CONFIG.pos.route,
    labelKey: MENU_SECTION_CONFIG.pos.labelKey,
    icon: MENU_SECTION_CONFIG.pos.icon,
    component: preloadable(() => import("../pages/pos/PointOfSalePage").then((module) => module.PointOfSalePage)),
  },
  {
    name: "markupRules",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/markup-rules`,
    labelKey: "menu.pages.markupRules",
    icon: <PercentageOutlined />,
    component: preloadable(() => import("../resources/markupRules.ui").then((module) => module.MarkupRulesPage)),
  },
  ...BOOKING_PAGES,
  ...RESOURCES.map(resourcePage),
  // The head office's tools come last in their section: the console's error reports, then the mail kept in development.
  {
    name: "registration_requests",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/registrations`,
    labelKey: "menu.pages.registrations",
    headOfficeAdminOnly: true,
    icon: <UserAddOutlined />,
    component: preloadable(() => import("../pages/registrations/RegistrationsPage").then((module) => module.RegistrationsPage)),
  },
  {
    name: "terms",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/terms`,
    labelKey: "menu.pages.terms",
    headOfficeAdminOnly: true,
    icon: <FileProtectOutlined />,
    component: preloadable(() => import("../pages/terms/TermsPage").then((module) => module.TermsPage)),
  },
  {
    name: "organisation-settings",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/settings`,
    labelKey: "menu.pages.organisationSettings",
    headOfficeAdminOnly: true,
    icon: <ControlOutlined />,
    component: preloadable(() => import("../pages/settings/OrganisationSettingsPage").then((module) => module.OrganisationSettingsPage)),
  },
  {
    name: "sso-settings",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/single-sign-on`,
    labelKey: "menu.pages.sso",
    headOfficeAdminOnly: true,
    icon: <LoginOutlined />,
    component: preloadable(() => import("../pages/sso/SsoSettingsPage").then((module) => module.SsoSettingsPage)),
  },
  {
    name: "supplier_status",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/supplier-status`,
    labelKey: "menu.pages.supplierStatus",
    headOfficeAdminOnly: true,
    icon: <HeartOutlined />,
    component: preloadable(() => import("../pages/supplierStatus/SupplierStatusPage").then((module) => module.SupplierStatusPage)),
  },
  {
    name: "error_capture_logs",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/error-log`,
    labelKey: "menu.pages.errorLog",
    headOfficeAdminOnly: true,
    icon: <BugOutlined />,
    component: preloadable(() => import("../pages/errorLog/ErrorLogPage").then((module) => module.ErrorLogPage)),
  },
  {
    name: "dev-outbox",
    section: "setup-configuration",
    route: `${MENU_SECTION_CONFIG["setup-configuration"].route}/mail-outbox`,
    labelKey: "menu.pages.mailOutbox",
    headOfficeAdminOnly: true,
    icon: <MailOutlined />,
    component: preloadable(() => import("../pages/mailOutbox/MailOutboxPage").then((module) => module.MailOutboxPage)),
  },
];

function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A declared administration resource as a page of its menu section, on the generic screen. */
function resourcePage(resource: ResourceDeclaration): ConsolePage {
  return {
    name: resource.name,
    section: resource.menu,
    route: `${MENU_SECTION_CONFIG[resource.menu].route}/${kebab(resource.name)}`,
    labelKey: `resources.${resource.name}.title`,
    icon: RESOURCE_ICONS[resource.name] ?? <AuditOutlined />,
    component: preloadable(() =>
      import("../resources/ui/ResourcePage").then(({ ResourcePage }) => () => <ResourcePage resource={resource} />),
    ),
  };
}
