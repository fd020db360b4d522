import { ThemedLayout } from "@refinedev/antd";
import { useLogout } from "@refinedev/core";
import { useTranslation } from "react-i18next";
import { Suspense } from "react";
import { Outlet } from "react-router";
import { useStore } from "../lib/createStore";
import { notifier } from "../providers/notifier";
import { useIdleTimeout } from "../session/useIdleTimeout";
import { FirstVisit } from "../session/FirstVisit";
import { useSessionWatch } from "../session/useSessionWatch";
import { setupStore } from "../state/setupStore";
import { ConsoleHeader } from "./ConsoleHeader";
import { ConsoleSider } from "./ConsoleSider";
import { PageLoading } from "./PageLoading";
import { PageErrorBoundary } from "./PageErrorBoundary";
import { PageBreadcrumb } from "./PageBreadcrumb";

/**
 * A page title sits on its header's line; a card's title is read whole (it wraps, never cut with
 * an ellipsis) and its actions go to the next line when the title needs the room. antd's
 * right-to-left inputs set their direction in CSS, over the input's own dir: a phone number
 * (dir="ltr") or an address typed in Latin (dir="auto") keeps the direction its field asks for.
 */
const LAYOUT_STYLE = `
.ant-page-header-heading-title .refine-pageHeader-title { margin-block: 0; }
.ant-card-head-wrapper { flex-wrap: wrap; row-gap: 8px; padding-block: 8px; }
.ant-card-extra { margin-inline-start: auto; }
.ant-card .ant-card-head .ant-card-head-title { white-space: normal; flex: 1 1 auto; }
.ant-input[dir="ltr"] { direction: ltr; }
.ant-input[dir="auto"] { unicode-bidi: plaintext; }
`;

/** The signed-in frame: sider by permission, header, idle time-out and session watch, and what a first visit asks. */
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
      <style>{LAYOUT_STYLE}</style>
      <FirstVisit />
      <PageErrorBoundary>
        <PageBreadcrumb />
        <Suspense fallback={<PageLoading waitingFor="code" />}>
          <Outlet />
        </Suspense>
      </PageErrorBoundary>
    </ThemedLayout>
  );
}
