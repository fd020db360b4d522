import { Alert, Button, Form, Input, Result, Select, Typography } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link, useSearchParams } from "react-router";
import type { RegisterRequest } from "../../contract/registration";
import { ApiRequestError } from "../../providers/ApiRequestError";
import { requestRegistration } from "../../providers/authApi";
import { AuthCard } from "../auth/AuthCard";
import { worldOptions } from "../../lib/worldNames";

const PHONE = /^\+?[\d\s()-]{6,20}$/;

/** /registers, /register and /demo-register: an agency asks for an account. */
export function RegisterPage() {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<RegisterRequest>();
  const countryOptions = worldOptions(i18n.language).countries;
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string>();
  const [sentTo, setSentTo] = useState<{ email: string; message: string }>();
  // An agency's referral link (/register?ref=CODE) carries its code along with the request.
  const referralCode = useSearchParams()[0].get("ref") ?? undefined;

  const submit = async (values: RegisterRequest) => {
    setPending(true);
    setError(undefined);
    try {
      const message = await requestRegistration({ ...values, referralCode });
      setSentTo({ email: values.email, message: message ?? t("register.sent", { email: values.email }) });
    } catch (caught) {
      if (caught instanceof ApiRequestError && caught.statusCode === 404) setError(t("register.unavailable"));
      else {
        if (caught instanceof ApiRequestError) {
          form.setFields(caught.fieldErrors.map(({ field, message }) => ({ name: field as keyof RegisterRequest, errors: [message] })));
        }
        setError(caught instanceof Error ? caught.message : t("errors.somethingBad"));
      }
    } finally {
      setPending(false);
    }
  };

  const backToLogin = (
    <Typography.Paragraph style={{ marginTop: 16, marginBottom: 0, textAlign: "center" }}>
      <Link to="/login">{t("register.backToLogin")}</Link>
    </Typography.Paragraph>
  );

  if (sentTo) {
    return (
      <AuthCard title={t("register.title")}>
        <Result status="success" title={t("register.sentTitle")} subTitle={sentTo.message} />
        {backToLogin}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("register.title")}>
      <Typography.Paragraph>{t("register.intro")}</Typography.Paragraph>
      {referralCode && <Alert type="info" showIcon style={{ marginBottom: 16 }} message={t("register.referred", { code: referralCode })} data-testid="register-referral" />}
      <Form<RegisterRequest> form={form} layout="vertical" requiredMark={false} onFinish={submit} disabled={pending}>
        <Form.Item label={t("register.agencyName")} name="agencyName" rules={[{ required: true, whitespace: true, min: 2, message: t("register.agencyNameRequired") }]}>
          <Input autoComplete="organization" autoFocus />
        </Form.Item>
        <Form.Item label={t("register.contactName")} name="contactName" rules={[{ required: true, whitespace: true, min: 2, message: t("register.contactNameRequired") }]}>
          <Input autoComplete="name" />
        </Form.Item>
        <Form.Item label={t("register.email")} name="email" rules={[{ required: true, type: "email", message: t("register.emailInvalid") }]}>
          <Input type="email" autoComplete="email" />
        </Form.Item>
        <Form.Item label={t("register.country")} name="countryCode" rules={[{ required: true, message: t("register.countryRequired") }]}>
          <Select showSearch optionFilterProp="label" options={countryOptions} />
        </Form.Item>
        <Form.Item label={t("register.phone")} name="phone" rules={[{ required: true, pattern: PHONE, message: t("register.phoneInvalid") }]}>
          <Input type="tel" autoComplete="tel" />
        </Form.Item>
        {error && <Alert type="error" showIcon role="alert" message={error} style={{ marginBottom: 16 }} />}
        <Button type="primary" htmlType="submit" block loading={pending}>
          {t("register.submit")}
        </Button>
      </Form>
      {backToLogin}
    </AuthCard>
  );
}
