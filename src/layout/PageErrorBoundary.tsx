import { Button, Result } from "antd";
import { Component, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

function PageFailed() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Result
      status="error"
      title={t("errors.pageFailed")}
      subTitle={t("errors.pageFailedHint")}
      data-testid="page-failed"
      extra={[
        <Button key="reload" type="primary" onClick={() => window.location.reload()}>{t("errors.reloadPage")}</Button>,
        <Button key="home" onClick={() => navigate("/dashboard")}>{t("errors.toDashboard")}</Button>,
      ]}
    />
  );
}

class Boundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <PageFailed /> : this.props.children;
  }
}

/**
 * A page that throws while rendering says so, with the menu still there, instead of a blank
 * console; React's root reports the error to the server. Another address starts afresh.
 */
export function PageErrorBoundary({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  return <Boundary key={pathname}>{children}</Boundary>;
}
