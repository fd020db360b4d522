import { ThemedLayout, ThemedSider, ThemedTitle } from "@refinedev/antd";
import { useLogout } from "@refinedev/core";
import { Menu, Switch } from "antd";
import { useTranslation } from "react-i18next";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { DEFAULT_FAVICON } from "../config/favicon";
import { pageTitle } from "../config/pageTitle";
import { runtimeConfig } from "../config/runtimeConfig";
import { useStore } from "../lib/createStore";
import { notifier } from "../providers/notifier";
import { useIdleTimeout } from "../session/useIdleTimeout";
import { useSessionWatch } from "../session/useSessionWatch";
import { setupStore } from "../state/setupStore";
import { ConsoleHeader } from "./ConsoleHeader";
import { PageLoading } from "./PageLoading";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { PageBreadcrumb } from "./PageBreadcrumb";

function ConsoleTitle({ collapsed }: { collapsed: boolean }) {
  return (
    <ThemedTitle
      collapsed={collapsed}
      text={pageTitle(runtimeConfig.project, runtimeConfig.providerName)}
      icon={<img src={DEFAULT_FAVICON} alt="" width={24} height={24} />}
    />
  );
}

/**
 * Refine's floating drawer button is hidden (the header has a named one), and long section names
 * wrap onto a second line instead of being cut off ("Setup & Config…"), in the sider and in the
 * phone's drawer (rendered apart, in a portal).
 */
const SIDER_STYLE = `
[data-console-sider] > .ant-btn { display: none; }
:is([data-console-sider], .ant-drawer .ant-layout-sider) .ant-menu-inline :is(.ant-menu-item, .ant-menu-submenu-title) { height: auto; min-height: 40px; line-height: 1.35; padding-block: 9px; }
:is([data-console-sider], .ant-drawer .ant-layout-sider) .ant-menu-inline .ant-menu-title-content { white-space: normal; overflow-wrap: anywhere; }
.ant-page-header-heading-title .refine-pageHeader-title { margin-block: 0; }
.ant-card-head-wrapper { flex-wrap: wrap; row-gap: 8px; padding-block: 8px; }
.ant-card-extra { margin-inline-start: auto; }
`;

/** The sider: the permitted sections, then the developer-mode switch (spec 'Setup: devMode'). */
function ConsoleSider() {
  const { t } = useTranslation();
  const { devMode } = useStore(setupStore);
  const toggleDevMode = () => setupStore.set((setup) => ({ ...setup, devMode: !setup.devMode }));
  return (
    <div data-console-sider style={{ display: "contents" }}>
      <style>{SIDER_STYLE}</style>
      <ThemedSider
        Title={ConsoleTitle}
        fixed
        render={({ items }) => [
          ...items,
          <Menu.Item
            key="dev-mode"
            icon={<Switch size="small" checked={devMode} aria-label={t("menu.devMode")} data-testid="dev-mode-toggle" />}
            onClick={toggleDevMode}
          >
            {t("menu.devMode")}
          </Menu.Item>,
        ]}
      />
    </div>
  );
}

/** The signed-in frame: sider by permission, header, idle time-out and session watch. */
export function ConsoleLayout() {
  const { t } = useTranslation();
  const { minisidebar } = useStore(setupStore);
  const { mutate: logout } = useLogout();

  useSessionWatch();
  useIdleTimeout(() => {
    notifier.show({ type: "info", message: t("session.idleTitle"), description: t("session.idleMessage") });
    logout({ redirectPath: "/login" });
  });

  return (
    <ThemedLayout
      initialSiderCollapsed={minisidebar}
      onSiderCollapsed={(collapsed) => setupStore.set((setup) => ({ ...setup, minisidebar: collapsed }))}
      Header={ConsoleHeader}
      Sider={ConsoleSider}
    >
      <PageErrorBoundary>
        <PageBreadcrumb />
        <Suspense fallback={<PageLoading waitingFor="code" />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ThemedLayout>
  );
}
