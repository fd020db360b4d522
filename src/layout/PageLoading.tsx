import { Flex, Spin } from "antd";
import { useTranslation } from "react-i18next";

/** What the page waits for: its code (a lazily loaded chunk) or the session check. */
export type PageWait = "code" | "session";

export function PageLoading({ waitingFor }: { waitingFor: PageWait }) {
  const { t } = useTranslation();
  return (
    <Flex align="center" justify="center" style={{ minHeight: "50vh" }} data-waiting-for={waitingFor}>
      <Spin size="large" aria-label={t("app.loading")} />
    </Flex>
  );
}
