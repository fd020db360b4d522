import { CloseOutlined } from "@ant-design/icons";
import { useGetIdentity, useLogout } from "@refinedev/core";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, Button, Checkbox, Modal, Space, Tour, Typography, type TourProps, type TourStepProps } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { termsStandingSchema, type TermsStanding } from "../contract/terms";
import { apiClient } from "../providers/apiClient";
import type { ConsoleIdentity } from "../providers/authProvider";
import { dateTime } from "../pages/reports/reportColumns";

const tourStandingSchema = z.object({ finished: z.boolean() });

const termsKey = (userId: number) => ["first-visit", "terms", userId];
const tourKey = (userId: number) => ["first-visit", "tour", userId];

/**
 * What a user meets on their first visit, and again when the head office publishes new terms:
 * the terms and conditions in force, accepted before anything else; then a short tour of the
 * console, which they finish or skip once.
 */
export function FirstVisit() {
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const userId = identity?.user.users_id;
  const terms = useQuery({
    queryKey: termsKey(userId ?? 0),
    enabled: userId !== undefined,
    queryFn: async () => termsStandingSchema.parse((await apiClient.get<{ data: unknown }>(`/api/get-term-condition-value/${userId}`)).data.data),
  });
  const tour = useQuery({
    queryKey: tourKey(userId ?? 0),
    enabled: userId !== undefined && terms.data?.accepted === true,
    queryFn: async () => tourStandingSchema.parse((await apiClient.get<{ data: unknown }>(`/api/get-tour-guide-value/${userId}`)).data.data),
  });
  if (userId === undefined || !terms.data) return null;
  if (!terms.data.accepted && terms.data.current) return <TermsDialog userId={userId} terms={terms.data.current} />;
  if (tour.data?.finished === false) return <ConsoleTour userId={userId} />;
  return null;
}

function TermsDialog({ userId, terms }: { userId: number; terms: NonNullable<TermsStanding["current"]> }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { mutate: logout } = useLogout();
  const [read, setRead] = useState(false);
  const accept = useMutation({
    mutationFn: async () => apiClient.get(`/api/finish-term-condition/${userId}`, { params: { version: terms.version } }),
    // Accepted, or a newer version came meanwhile: either way the standing is read again.
    onSettled: () => queryClient.invalidateQueries({ queryKey: termsKey(userId) }),
  });
  const body = (i18n.language.startsWith("ar") && terms.bodyAr) || terms.bodyEn;
  return (
    <Modal
      open
      closable={false}
      maskClosable={false}
      keyboard={false}
      width={640}
      title={t("firstVisit.terms.title")}
      footer={
        <Space wrap>
          <Button onClick={() => logout({ redirectPath: "/login" })} data-testid="terms-sign-out">{t("firstVisit.terms.signOut")}</Button>
          <Button type="primary" disabled={!read} loading={accept.isPending} onClick={() => accept.mutate()} data-testid="terms-accept">{t("firstVisit.terms.accept")}</Button>
        </Space>
      }
    >
      <Space direction="vertical" size="middle" style={{ width: "100%" }}>
        <Typography.Text type="secondary" data-testid="terms-version">{t("firstVisit.terms.version", { version: terms.version, date: dateTime(terms.publishedAt) })}</Typography.Text>
        <div
          tabIndex={0}
          role="document"
          aria-label={t("firstVisit.terms.title")}
          data-testid="terms-body"
          dir="auto"
          style={{ maxHeight: "50vh", overflowY: "auto", whiteSpace: "pre-wrap", padding: 12, border: "1px solid rgba(5, 5, 5, 0.12)", borderRadius: 6 }}
        >
          {body}
        </div>
        <Checkbox checked={read} onChange={(event) => setRead(event.target.checked)} data-testid="terms-read">{t("firstVisit.terms.read")}</Checkbox>
        {accept.isError && <Alert type="error" showIcon role="alert" message={accept.error.message} />}
      </Space>
    </Modal>
  );
}

/** antd types a step's target as always found; it centres a step whose target is missing (the sider, a drawer on a phone). */
const targetOf = (selector: string): TourStepProps["target"] => () => document.querySelector<HTMLElement>(selector) as HTMLElement;
const sider = targetOf("[data-console-sider] .ant-layout-sider");
const byTestId = (testId: string) => targetOf(`[data-testid="${testId}"]`);

function ConsoleTour({ userId }: { userId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(true);
  const finish = useMutation({
    mutationFn: async () => apiClient.get(`/api/finish-tour-guide/${userId}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: tourKey(userId) }),
  });
  const done = () => {
    setOpen(false);
    finish.mutate();
  };
  const steps: TourProps["steps"] = [
    {
      title: t("firstVisit.tour.welcomeTitle"),
      description: (
        <Space direction="vertical" size={4}>
          <span>{t("firstVisit.tour.welcome")}</span>
          <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={done} data-testid="tour-skip">{t("firstVisit.tour.skip")}</Button>
        </Space>
      ),
      nextButtonProps: { children: t("firstVisit.tour.start") },
    },
    { title: t("firstVisit.tour.menuTitle"), description: t("firstVisit.tour.menu"), target: sider },
    { title: t("firstVisit.tour.currencyTitle"), description: t("firstVisit.tour.currency"), target: byTestId("currency-selector") },
    { title: t("firstVisit.tour.languageTitle"), description: t("firstVisit.tour.language"), target: byTestId("language-switcher") },
    { title: t("firstVisit.tour.accountTitle"), description: t("firstVisit.tour.account"), target: byTestId("user-menu"), nextButtonProps: { children: t("firstVisit.tour.finish") } },
  ].map((step) => ({ ...step, prevButtonProps: { children: t("firstVisit.tour.back") } }));
  return (
    <Tour
      open={open}
      steps={steps}
      onClose={done}
      onFinish={done}
      closeIcon={<CloseOutlined aria-label={t("firstVisit.tour.skip")} />}
      rootClassName="console-tour"
    />
  );
}
