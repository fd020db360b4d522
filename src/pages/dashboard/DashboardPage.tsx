import { useGetIdentity } from "@refinedev/core";
import { Alert, Card, Descriptions, Skeleton, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { formatMinor } from "../../lib/money";
import { useStore } from "../../lib/createStore";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { setupStore } from "../../state/setupStore";

export function DashboardPage() {
  const { t, i18n } = useTranslation();
  const { data: identity, isLoading, isError } = useGetIdentity<ConsoleIdentity>();
  const { devMode } = useStore(setupStore);

  if (isLoading) return <Skeleton active />;
  if (isError || !identity) return <Alert type="error" showIcon role="alert" message={t("dashboard.loadFailed")} />;

  const { user, organisation } = identity;
  const creditLimit = user.unlimited_creditlimit
    ? t("dashboard.unlimited")
    : formatMinor(organisation.credit_limit, organisation.currency.code, organisation.currency.decimal, i18n.language);

  return (
    <>
      <Typography.Title level={2} data-testid="dashboard-greeting">
        {t("dashboard.greeting", { name: user.username })}
      </Typography.Title>
      <Card>
        <Descriptions column={1} bordered size="middle">
          <Descriptions.Item label={t("dashboard.organisation")}>
            <span data-testid="dashboard-organisation">{organisation.name}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("dashboard.creditLimit")}>
            <span data-testid="dashboard-credit">{creditLimit}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t("dashboard.currency")}>
            <span data-testid="dashboard-currency">{organisation.currency.code}</span>
          </Descriptions.Item>
        </Descriptions>
      </Card>
      {devMode && (
        <Card title={t("dashboard.sessionData")} style={{ marginTop: 16 }}>
          <pre style={{ margin: 0, overflowX: "auto" }} dir="ltr">
            {JSON.stringify(identity, null, 2)}
          </pre>
        </Card>
      )}
    </>
  );
}
