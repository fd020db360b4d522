import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, Skeleton, Space, Switch, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { storedSsoSettingsSchema, type SsoSettings } from "../../contract/sso";
import { apiClient } from "../../providers/apiClient";
import { showFieldErrors, toldByField } from "../../booking/ui/showFieldErrors";
import { dateTime } from "../reports/reportColumns";
import { SSO_RETURN_PATH } from "../login/singleSignOn";

/**
 * The head office's single sign-on provider (OpenID Connect): where its users sign in, the key set
 * that signs their tokens and the client id registered for this console. On, the sign-in page
 * offers "Sign in with {name}".
 */
export function SsoSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<SsoSettings>();
  const stored = useQuery({ queryKey: ["sso-settings"], queryFn: async () => storedSsoSettingsSchema.nullable().parse((await apiClient.get<{ data: unknown }>("/api/sso-settings")).data.data) });
  useEffect(() => {
    if (stored.data) form.setFieldsValue(stored.data);
  }, [stored.data, form]);
  const save = useMutation({
    mutationFn: async (settings: SsoSettings) => (await apiClient.put<{ message: string }>("/api/sso-settings", settings)).data,
    onSuccess: (answer) => {
      void message.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ["sso-settings"] });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  if (stored.isError) return <Alert type="error" showIcon role="alert" message={stored.error.message} />;
  if (stored.isPending) return <Skeleton active />;
  const returnAddress = new URL(SSO_RETURN_PATH, window.location.origin).href;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("sso.title")}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t("sso.intro")}</Typography.Paragraph>
      <Alert type="info" showIcon message={t("sso.register")} description={<Typography.Text copyable code data-testid="sso-return-address">{returnAddress}</Typography.Text>} />
      <Card size="small">
        <Form<SsoSettings> form={form} layout="vertical" initialValues={{ enabled: false }} onFinish={(values) => save.mutate(values)} style={{ maxWidth: 640 }}>
          <Form.Item name="name" label={t("sso.name")} extra={t("sso.nameHelp")} rules={[{ required: true, message: t("admin.required") }]}>
            <Input data-testid="sso-name" />
          </Form.Item>
          <Form.Item name="issuer" label={t("sso.issuer")} rules={[{ required: true, message: t("admin.required") }]}>
            <Input dir="ltr" data-testid="sso-issuer" />
          </Form.Item>
          <Form.Item name="authorizeUrl" label={t("sso.authorizeUrl")} rules={[{ required: true, message: t("admin.required") }]}>
            <Input dir="ltr" data-testid="sso-authorize-url" />
          </Form.Item>
          <Form.Item name="jwksUrl" label={t("sso.jwksUrl")} rules={[{ required: true, message: t("admin.required") }]}>
            <Input dir="ltr" data-testid="sso-jwks-url" />
          </Form.Item>
          <Form.Item name="clientId" label={t("sso.clientId")} rules={[{ required: true, message: t("admin.required") }]}>
            <Input dir="ltr" data-testid="sso-client-id" />
          </Form.Item>
          <Form.Item name="enabled" label={t("sso.enabled")} valuePropName="checked">
            <Switch data-testid="sso-enabled" />
          </Form.Item>
          {save.isError && !toldByField(save.error) && <Alert type="error" showIcon role="alert" message={save.error.message} style={{ marginBottom: 16 }} />}
          <Space wrap>
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="sso-save">{t("buttons.save")}</Button>
            {stored.data && <Typography.Text type="secondary">{t("sso.updated", { at: dateTime(stored.data.updatedAt), by: stored.data.updatedBy ?? "—" })}</Typography.Text>}
          </Space>
        </Form>
      </Card>
    </Space>
  );
}
