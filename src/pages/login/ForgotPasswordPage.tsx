import { Alert, Button, Form, Input, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { sendPasswordLink } from "../../providers/authApi";
import { AuthCard } from "../auth/AuthCard";

type Outcome = { type: "success" | "error"; message: string };

export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [pending, setPending] = useState(false);
  const [outcome, setOutcome] = useState<Outcome>();

  const submit = async ({ username }: { username: string }) => {
    setPending(true);
    setOutcome(undefined);
    try {
      const message = await sendPasswordLink(username.trim());
      setOutcome({ type: "success", message: message ?? t("forgotPassword.sent") });
    } catch (caught) {
      setOutcome({ type: "error", message: caught instanceof Error ? caught.message : t("errors.somethingBad") });
    } finally {
      setPending(false);
    }
  };

  return (
    <AuthCard title={t("forgotPassword.title")}>
      <Typography.Paragraph>{t("forgotPassword.instructions")}</Typography.Paragraph>
      <Form layout="vertical" requiredMark={false} onFinish={submit} disabled={pending}>
        <Form.Item
          label={t("forgotPassword.username")}
          name="username"
          rules={[{ required: true, whitespace: true, message: t("forgotPassword.usernameRequired") }]}
        >
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        {outcome && <Alert type={outcome.type} showIcon role={outcome.type === "error" ? "alert" : "status"} message={outcome.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("forgotPassword.submit")}
        </Button>
      </Form>
      <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
        <Link to="/login">{t("forgotPassword.backToLogin")}</Link>
      </Typography.Paragraph>
    </AuthCard>
  );
}
