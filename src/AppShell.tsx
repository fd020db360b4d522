import { App as AntdApp, ConfigProvider } from "antd";
// The ES modules: the package's antd/locale/* entries are CommonJS, whose default the bundler does not unwrap (antd then kept its English texts).
import arEG from "antd/es/locale/ar_EG";
import enUS from "antd/es/locale/en_US";
import { useEffect, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { pageTitle } from "./config/pageTitle";
import { ACCESSIBLE_THEME } from "./config/theme";
import { runtimeConfig } from "./config/runtimeConfig";
import { textDirection } from "./i18n/i18n";
import { setNavigator } from "./providers/navigation";
import { notifier } from "./providers/notifier";
import { watchConfirmPopovers } from "./layout/confirmDialogs";

const title = pageTitle(runtimeConfig.project, runtimeConfig.providerName);

/** Spec section 1: the variant's title is set again after each completed navigation. */
function PageTitle() {
  const location = useLocation();
  useEffect(() => {
    document.title = title;
  }, [location]);
  return null;
}

/** Hands the theme- and direction-aware antd notification instance and the router to plain modules. */
function Bridges() {
  const { notification } = AntdApp.useApp();
  const navigate = useNavigate();
  useEffect(() => notifier.attach(notification), [notification]);
  useEffect(() => watchConfirmPopovers(), []);
  useEffect(() => {
    setNavigator((path) => void navigate(path));
    return () => setNavigator(undefined);
  }, [navigate]);
  return null;
}

export function AppShell({ children }: { children: ReactNode }) {
  const { i18n } = useTranslation();
  const language = i18n.language;

  return (
    <ConfigProvider direction={textDirection(language)} locale={language === "ar" ? arEG : enUS} theme={ACCESSIBLE_THEME}>
      <AntdApp notification={{ placement: "bottomRight", showProgress: false }}>
        <Bridges />
        <PageTitle />
        {children}
      </AntdApp>
    </ConfigProvider>
  );
}
