import { useWarnAboutChange } from "@refinedev/core";
import { App } from "antd";
import { useContext, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { UNSAFE_NavigationContext, useLocation } from "react-router";

/**
 * Leaving a form with unsaved changes asks first, in an antd dialog in the user's language
 * (Refine's notifier asks with the browser's own confirm box, in the browser's language).
 * Navigation is held by wrapping the router's push and go, as Refine does, since the console's
 * router is not a data router with useBlocker. Closing or reloading the tab gets the browser's
 * own prompt: browsers allow nothing else there.
 */
export function UnsavedChangesPrompt() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const { pathname } = useLocation();
  const { warnWhen, setWarnWhen } = useWarnAboutChange();
  const { navigator } = useContext(UNSAFE_NavigationContext);

  // A new page starts with nothing unsaved.
  useEffect(() => () => setWarnWhen(false), [pathname, setWarnWhen]);

  useEffect(() => {
    if (!warnWhen) return;
    const onUnload = (event: BeforeUnloadEvent) => event.preventDefault();
    window.addEventListener("beforeunload", onUnload);
    const { push, go } = navigator;
    const askThen = (proceed: () => void) =>
      void modal.confirm({
        title: t("unsaved.title"),
        content: t("unsaved.message"),
        okText: t("unsaved.leave"),
        cancelText: t("unsaved.stay"),
        okButtonProps: { danger: true, "data-testid": "unsaved-leave" },
        cancelButtonProps: { "data-testid": "unsaved-stay" },
        onOk: () => {
          setWarnWhen(false);
          proceed();
        },
      });
    navigator.push = (...args: Parameters<typeof push>) => askThen(() => push(...args));
    navigator.go = (...args: Parameters<typeof go>) => askThen(() => go(...args));
    return () => {
      window.removeEventListener("beforeunload", onUnload);
      navigator.push = push;
      navigator.go = go;
    };
  }, [warnWhen, navigator, modal, setWarnWhen, t]);

  return null;
}
