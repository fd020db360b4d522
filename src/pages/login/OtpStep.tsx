import { Alert, Button, Flex, Form, Input, Typography } from "antd";
import { useState, type ChangeEvent } from "react";
import { useTranslation } from "react-i18next";
import { loadAuthApi } from "../../providers/apiCode";
import { AuthCard } from "../auth/AuthCard";

interface OtpStepProps {
  credentials: { username: string; password: string };
  pending: boolean;
  error: string | undefined;
  onVerify: (otp: string) => void;
  onBack: () => void;
}

/** Spec section 5: the code field accepts digits only. */
const digitsOnly = (value: string) => value.replace(/\D/g, "").slice(0, 6);

export function OtpStep({ credentials, pending, error, onVerify, onBack }: OtpStepProps) {
  const { t } = useTranslation();
  const [resend, setResend] = useState<{ state: "idle" | "sending" | "sent" } | { state: "failed"; message: string }>({
    state: "idle",
  });

  const requestNewCode = async () => {
    setResend({ state: "sending" });
    try {
      await (await loadAuthApi()).resendOtp(credentials);
      setResend({ state: "sent" });
    } catch (caught) {
      setResend({ state: "failed", message: caught instanceof Error ? caught.message : t("errors.somethingBad") });
    }
  };

  return (
    <AuthCard title={t("otp.title")}>
      <Typography.Paragraph>{t("otp.instructions")}</Typography.Paragraph>
      <Form<{ otp: string }> layout="vertical" requiredMark={false} onFinish={({ otp }) => onVerify(otp)} disabled={pending}>
        <Form.Item
          label={t("otp.code")}
          name="otp"
          getValueFromEvent={(event: ChangeEvent<HTMLInputElement>) => digitsOnly(event.target.value)}
          rules={[{ required: true, pattern: /^\d{6}$/, message: t("otp.codeRequired") }]}
        >
          <Input
            autoFocus
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={6}
            data-testid="otp-input"
            style={{ letterSpacing: "0.5em", fontSize: 20, textAlign: "center" }}
          />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" data-testid="login-error" message={error} style={{ marginBottom: 16 }} />}
        {resend.state === "sent" && <Alert type="success" showIcon role="status" message={t("otp.resent")} style={{ marginBottom: 16 }} />}
        {resend.state === "failed" && <Alert type="error" showIcon role="alert" message={resend.message} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={pending} data-testid="otp-verify">
          {t("otp.verify")}
        </Button>
      </Form>
      <Flex justify="space-between" style={{ marginTop: 16 }}>
        <Button type="link" onClick={onBack} style={{ paddingInline: 0 }}>
          {t("otp.back")}
        </Button>
        <Button type="link" onClick={requestNewCode} loading={resend.state === "sending"} data-testid="otp-resend" style={{ paddingInline: 0 }}>
          {t("otp.resend")}
        </Button>
      </Flex>
    </AuthCard>
  );
}
