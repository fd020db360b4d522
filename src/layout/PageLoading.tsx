import { Flex, Spin } from "antd";
import { useTranslation } from "react-i18next";

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: "50vh" }}>
      <Spin size="large" aria-label={t("app.loading")} />
    </Flex>
  );
}
