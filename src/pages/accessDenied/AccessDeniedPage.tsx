import { Button, Flex, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";

export function AccessDeniedPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <Flex vertical align="center" justify="center" style={{ minHeight: "60vh", padding: 24, textAlign: "center" }}>
      <Typography.Title level={1}>{t("accessDenied.title")}</Typography.Title>
      <Typography.Paragraph>{t("accessDenied.text")}</Typography.Paragraph>
      <Button type="primary" onClick={() => navigate("/dashboard")}>
        {t("accessDenied.home")}
      </Button>
    </Flex>
  );
}
