import { Authenticated, keys, Refine } from "@refinedev/core";
import routerProvider from "@refinedev/react-router";
import { keepPreviousData, QueryClient } from "@tanstack/react-query";
import dayjs from "dayjs";
import "dayjs/locale/ar";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { Navigate } from "react-router";
import { CONSOLE_PAGES } from "../config/consolePages";
import { onStateOwnerChange } from "../lib/createPersistedStore";
import { consoleResources } from "../config/consoleResources";
import { pageTitle } from "../config/pageTitle";
import { runtimeConfig } from "../config/runtimeConfig";
import { ConsoleLayout } from "../layout/ConsoleLayout";
import { accessControlProvider } from "../providers/accessControlProvider";
import { apiClient } from "../providers/apiClient";
import { arrivedIdentity, authProvider } from "../providers/authProvider";
import { createDataProvider } from "../providers/dataProvider";
import { i18nProvider } from "../providers/i18nProvider";
import { notificationProvider } from "../providers/notificationProvider";
import { retryUnlessRefused } from "../providers/queryRetry";
import { PageLoading } from "../layout/PageLoading";
import { UnsavedChangesPrompt } from "./UnsavedChangesPrompt";

const dataProvider = createDataProvider(apiClient);
/**
 * The console's query cache, with Refine's defaults (no refetch on window focus, the previous page
 * kept while the next loads) and ours (a refused request, 404 above all, is shown at once, not after
 * seconds of retries). It starts with the identity when that arrived before the console renders
 * (main.tsx asks for it at start), so the header shows who is signed in from the first paint.
 */
function consoleQueryClient(): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { refetchOnWindowFocus: false, placeholderData: keepPreviousData, retry: retryUnlessRefused } } });
  const identity = arrivedIdentity();
  if (identity) client.setQueryData(keys().auth().action("identity").get(), identity);
  return client;
}

/**
 * The signed-in console: Refine and its providers live here, loaded lazily, so the
 * signed-out pages (login above all) stay small.
 */
export function ConsoleApp() {
  const { t, i18n } = useTranslation();
  const [queryClient] = useState(consoleQueryClient);
  // What one user's session read (bookings, searches, reports) is never shown to the next.
  useEffect(() => onStateOwnerChange((owner) => owner === null && queryClient.clear()), [queryClient]);
  // Labels are resolved here because Refine's sider shows meta.label as is.
  const resources = useMemo(() => consoleResources(CONSOLE_PAGES, t), [t, i18n.language]);
  useEffect(() => {
    dayjs.locale(i18n.language === "ar" ? "ar" : "en");
  }, [i18n.language]);

  return (
    <Refine
      routerProvider={routerProvider}
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      resources={resources}
      options={{
        reactQuery: { clientConfig: queryClient },
        syncWithLocation: true,
        warnWhenUnsavedChanges: true,
        disableTelemetry: true,
        title: { text: pageTitle(runtimeConfig.project, runtimeConfig.providerName) },
      }}
    >
      <Authenticated key="console" fallback={<Navigate to="/login" replace />} loading={<PageLoading waitingFor="session" />}>
        <ConsoleLayout />
      </Authenticated>
      <UnsavedChangesPrompt />
    </Refine>
  );
}
