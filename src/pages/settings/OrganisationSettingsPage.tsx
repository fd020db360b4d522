import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useGetIdentity } from "@refinedev/core";
import { Alert, App, Button, Card, Form, Input, Select, Skeleton, Space, Typography } from "antd";
import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import { organisationSettingsSchema, type OrganisationSettings, type OrganisationSettingsBody } from "../../contract/organisationSettings";
import { apiClient } from "../../providers/apiClient";
import type { ConsoleIdentity } from "../../providers/authProvider";
import { showFieldErrors, toldByField } from "../../booking/ui/showFieldErrors";

type FormValues = { providerName?: string; defaultLanguage?: "en" | "ar" };

/** Where an applying value comes from: this organisation, one above it, or the platform's configuration. */
function Origin({ from, organisationId }: { from: OrganisationSettings["inheritedFrom"]["providerName"]; organisationId: number }) {
  const { t } = useTranslation();
  if (from === null) return <>{t("organisationSettings.fromPlatform")}</>;
  if (from.id === organisationId) return <>{t("organisationSettings.setHere")}</>;
  return <>{t("organisationSettings.inheritedFrom", { name: from.name })}</>;
}

/**
 * The head office sets, per organisation, the provider name shown beside the product and the
 * language its console opens in; an organisation that leaves one empty inherits the nearest
 * organisation's above it, else the platform's configuration.
 */
export function OrganisationSettingsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { data: identity } = useGetIdentity<ConsoleIdentity>();
  const [chosen, setChosen] = useState<number | undefined>();
  const organisationId = chosen ?? identity?.organisation.id;
  const [form] = Form.useForm<FormValues>();
  const organisations = useQuery({
    queryKey: ["reference", "organisation-list"],
    queryFn: async () => (await apiClient.get<{ data: { id: number; name: string }[] }>("/api/get-organization-list")).data.data,
  });
  const settings = useQuery({
    queryKey: ["organisation-settings", organisationId],
    queryFn: async () => organisationSettingsSchema.parse((await apiClient.get<{ data: unknown }>(`/api/organisation-settings/${organisationId}`)).data.data),
    enabled: organisationId !== undefined,
  });
  useEffect(() => {
    if (settings.data) form.setFieldsValue({ providerName: settings.data.own.providerName ?? undefined, defaultLanguage: settings.data.own.defaultLanguage ?? undefined });
  }, [settings.data, form]);
  const save = useMutation({
    mutationFn: async (values: FormValues) => {
      const body: OrganisationSettingsBody = { providerName: values.providerName?.trim() || null, defaultLanguage: values.defaultLanguage ?? null };
      return (await apiClient.put<{ message: string }>(`/api/organisation-settings/${organisationId}`, body)).data;
    },
    onSuccess: (answer) => {
      void message.success(answer.message);
      void queryClient.invalidateQueries({ queryKey: ["organisation-settings"] });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  const languages = [{ value: "en", label: t("organisationSettings.languages.en") }, { value: "ar", label: t("organisationSettings.languages.ar") }];
  const data = settings.data;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("organisationSettings.title")}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t("organisationSettings.intro")}</Typography.Paragraph>
      <Form.Item label={t("organisationSettings.organisation")} htmlFor="settings-organisation" style={{ margin: 0, maxWidth: 640 }}>
        <Select<number>
          id="settings-organisation"
          showSearch
          optionFilterProp="label"
          value={organisationId}
          onChange={setChosen}
          loading={organisations.isPending}
          options={(organisations.data ?? []).map((organisation) => ({ value: organisation.id, label: organisation.name }))}
          data-testid="settings-organisation"
        />
      </Form.Item>
      {settings.isError && <Alert type="error" showIcon role="alert" message={settings.error.message} />}
      {!data ? (
        !settings.isError && <Skeleton active />
      ) : (
        <Card size="small">
          <Form<FormValues> form={form} layout="vertical" onFinish={(values) => save.mutate(values)} style={{ maxWidth: 640 }}>
            <Form.Item
              name="providerName"
              label={t("organisationSettings.providerName")}
              extra={
                <>
                  <div data-testid="settings-provider-origin">{t("organisationSettings.applies", { value: data.effective.providerName || "—" })} · <Origin from={data.inheritedFrom.providerName} organisationId={data.organisationId} /></div>
                  <div>{t("organisationSettings.providerHint")}</div>
                </>
              }
            >
              <Input allowClear placeholder={data.effective.providerName || t("organisationSettings.inherit")} data-testid="settings-provider-name" />
            </Form.Item>
            <Form.Item
              name="defaultLanguage"
              label={t("organisationSettings.defaultLanguage")}
              extra={<span data-testid="settings-language-origin">{t("organisationSettings.applies", { value: t(`organisationSettings.languages.${data.effective.defaultLanguage}`) })} · <Origin from={data.inheritedFrom.defaultLanguage} organisationId={data.organisationId} /></span>}
            >
              <Select allowClear options={languages} placeholder={t("organisationSettings.inherit")} data-testid="settings-default-language" />
            </Form.Item>
            {save.isError && !toldByField(save.error) && <Alert type="error" showIcon role="alert" message={save.error.message} style={{ marginBottom: 16 }} />}
            <Button type="primary" htmlType="submit" loading={save.isPending} data-testid="settings-save">{t("buttons.save")}</Button>
          </Form>
        </Card>
      )}
    </Space>
  );
}
