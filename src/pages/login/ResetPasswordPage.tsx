import { Alert, Button, Form, Input, Spin, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import { checkResetLink, resetPassword } from "../../providers/authApi";
import { AuthCard } from "../auth/AuthCard";

type LinkState = "checking" | "valid" | "invalid" | "missing" | "done";

/** Mirrors the server's rule (src/contract/auth.ts resetPasswordRequestSchema). */
const STRONG_PASSWORD = /^(?=.*[a-z])(?=.*[A-Z])(?=.*\d).{10,200}$/;

export function ResetPasswordPage() {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get("token") ?? "";
  const [linkState, setLinkState] = useState<LinkState>(token ? "checking" : "missing");
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();

  useEffect(() => {
    if (!token) return;
    let current = true;
    checkResetLink(token)
      .then((valid) => current && setLinkState(valid ? "valid" : "invalid"))
      .catch(() => current && setLinkState("invalid"));
    return () => {
      current = false;
    };
  }, [token]);

  const submit = async ({ password }: { password: string }) => {
    setPending(true);
    setError(undefined);
    try {
      await resetPassword(token, password);
      setLinkState("done");
    } catch (caught) {
      setError(caught instanceof Error ? caught.message : t("errors.somethingBad"));
    } finally {
      setPending(false);
    }
  };

  const backToLogin = (
    <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
      <Link to="/login">{t("resetPassword.backToLogin")}</Link>
    </Typography.Paragraph>
  );

  if (linkState === "checking") {
    return (
      <AuthCard title={t("resetPassword.title")}>
        <Spin tip={t("resetPassword.checking")}>
          <div style={{ minHeight: 80 }} />
        </Spin>
      </AuthCard>
    );
  }
  if (linkState !== "valid") {
    const message = {
      missing: t("resetPassword.missingToken"),
      invalid: t("resetPassword.invalid"),
      done: t("resetPassword.done"),
    }[linkState];
    return (
      <AuthCard title={t("resetPassword.title")}>
        <Alert type={linkState === "done" ? "success" : "warning"} showIcon role="status" message={message} />
        {linkState !== "done" && (
          <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
            <Link to="/forgot-password">{t("resetPassword.requestNew")}</Link>
          </Typography.Paragraph>
        )}
        {backToLogin}
      </AuthCard>
    );
  }
  return (
    <AuthCard title={t("resetPassword.title")}>
      <Form layout="vertical" requiredMark={false} onFinish={submit} disabled={pending}>
        <Form.Item
          label={t("resetPassword.password")}
          name="password"
          extra={t("resetPassword.passwordRule")}
          rules={[{ required: true, pattern: STRONG_PASSWORD, message: t("resetPassword.passwordRule") }]}
        >
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          label={t("resetPassword.confirm")}
          name="confirm"
          dependencies={["password"]}
          rules={[
            { required: true, message: t("resetPassword.mismatch") },
            ({ getFieldValue }) => ({
              validator: (_, value) =>
                value === getFieldValue("password") ? Promise.resolve() : Promise.reject(new Error(t("resetPassword.mismatch"))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("resetPassword.submit")}
        </Button>
      </Form>
      {backToLogin}
    </AuthCard>
  );
}
