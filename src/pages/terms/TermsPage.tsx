import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Form, Input, Popconfirm, Skeleton, Space, Table, Tag, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { z } from "zod";
import { termsVersionSchema, type TermsPublishRequest, type TermsVersion } from "../../contract/terms";
import { apiClient } from "../../providers/apiClient";
import { showFieldErrors, toldByField } from "../../booking/ui/showFieldErrors";
import { dateTime } from "../reports/reportColumns";

/**
 * The head office's terms and conditions: the version in force and those before it, with how many
 * users accepted each, and the next version to publish (every user accepts it at their next visit).
 */
export function TermsPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<TermsPublishRequest>();
  const versions = useQuery({ queryKey: ["terms"], queryFn: async () => z.array(termsVersionSchema).parse((await apiClient.get<{ data: unknown }>("/api/terms")).data.data) });
  const publish = useMutation({
    mutationFn: async (body: TermsPublishRequest) => (await apiClient.post<{ data: { version: number } }>("/api/terms", body)).data.data,
    onSuccess: ({ version }) => {
      void message.success(t("terms.published", { version }));
      form.resetFields();
      void queryClient.invalidateQueries({ queryKey: ["terms"] });
    },
    onError: (error) => showFieldErrors(form, error),
  });
  if (versions.isError) return <Alert type="error" showIcon role="alert" message={versions.error.message} />;
  if (!versions.data) return <Skeleton active />;
  const [current] = versions.data;
  const nextVersion = (current?.version ?? 0) + 1;
  return (
    <Space direction="vertical" size="middle" style={{ width: "100%" }}>
      <Typography.Title level={2} style={{ margin: 0 }}>{t("terms.title")}</Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>{t("terms.intro")}</Typography.Paragraph>
      <Card size="small" title={t("terms.versions")}>
        <Table<TermsVersion>
          data-testid="terms-versions"
          size="small"
          rowKey="version"
          pagination={false}
          scroll={{ x: true }}
          dataSource={versions.data}
          locale={{ emptyText: t("terms.none") }}
          expandable={{
            expandedRowRender: (version) => (
              <Space direction="vertical" style={{ width: "100%" }}>
                <Typography.Paragraph style={{ whiteSpace: "pre-wrap", margin: 0 }}>{version.bodyEn}</Typography.Paragraph>
                {version.bodyAr && <Typography.Paragraph dir="rtl" lang="ar" style={{ whiteSpace: "pre-wrap", margin: 0 }}>{version.bodyAr}</Typography.Paragraph>}
              </Space>
            ),
          }}
          columns={[
            { key: "version", title: t("terms.version"), render: (_, version) => <Space>{version.version}{version.version === current?.version && <Tag color="green">{t("terms.inForce")}</Tag>}</Space> },
            { key: "publishedAt", title: t("terms.publishedAt"), render: (_, version) => dateTime(version.publishedAt) },
            { key: "publishedBy", title: t("terms.publishedBy"), render: (_, version) => version.publishedBy ?? "—" },
            { key: "arabic", title: t("terms.arabic"), render: (_, version) => (version.bodyAr ? t("terms.written") : t("terms.englishOnly")) },
            { key: "acceptedBy", title: t("terms.acceptedBy"), render: (_, version) => version.acceptedBy },
          ]}
        />
      </Card>
      <Card size="small" title={t("terms.next", { version: nextVersion })}>
        <Form<TermsPublishRequest> form={form} layout="vertical" initialValues={{ bodyEn: current?.bodyEn ?? "", bodyAr: current?.bodyAr ?? "" }} onFinish={(values) => publish.mutate(values)}>
          <Form.Item name="bodyEn" label={t("terms.bodyEn")} rules={[{ required: true, min: 20, message: t("terms.bodyEnRequired") }]}>
            <Input.TextArea rows={8} maxLength={20_000} data-testid="terms-body-en" />
          </Form.Item>
          <Form.Item name="bodyAr" label={t("terms.bodyAr")} extra={t("terms.bodyArHelp")}>
            <Input.TextArea rows={8} maxLength={20_000} dir="rtl" lang="ar" data-testid="terms-body-ar" />
          </Form.Item>
          {publish.isError && !toldByField(publish.error) && <Alert type="error" showIcon role="alert" message={publish.error.message} style={{ marginBottom: 16 }} />}
          <Popconfirm title={t("terms.confirm", { version: nextVersion })} okText={t("terms.publish")} onConfirm={() => form.submit()}>
            <Button type="primary" loading={publish.isPending} data-testid="terms-publish">{t("terms.publish")}</Button>
          </Popconfirm>
        </Form>
      </Card>
    </Space>
  );
}
