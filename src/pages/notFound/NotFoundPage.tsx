import { Button, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";

/** The not-found page with the spec's exact texts (section 2), also the fallback of unknown paths. */
export function NotFoundPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const address = `${location.pathname}${location.search}${location.hash}`;

  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: "100vh", padding: 24, textAlign: "center" }}>
      <main>
        <Typography.Title level={1}>{t("notFound.heading")}</Typography.Title>
        <Typography.Paragraph>{t("notFound.text")}</Typography.Paragraph>
        <Typography.Title level={2}>{t("notFound.subheading")}</Typography.Title>
        <Typography.Paragraph data-testid="not-found-address">{t("notFound.address", { address })}</Typography.Paragraph>
        <Typography.Paragraph>{t("notFound.hint")}</Typography.Paragraph>
        <Button type="primary" size="large" data-testid="not-found-home" onClick={() => navigate("/dashboard")}>
          {t("notFound.home")}
        </Button>
      </main>
    </Flex>
  );
}
