import { CloudDownloadOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Alert, App, Button, Form, Input, Modal, Space, Tag, Typography } from "antd";
import { ResponsiveTable } from "../../layout/ResponsiveTable";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { connectorImportSchema, type ConnectorImport as ImportAnswer } from "../../contract/administration";
import { apiClient } from "../../providers/apiClient";

type Change = ImportAnswer["changes"][number];

const KEY_COLOURS: Record<Change["apiKey"], string> = { added: "green", replaced: "orange", unchanged: "default" };

/** A credential field now and after; an unchanged one reads once. */
function FieldChange({ before, after, none }: { before: string | null; after: string; none: string }) {
  if (before === after) return <Typography.Text type="secondary" dir="ltr">{after}</Typography.Text>;
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text delete type="secondary" dir="ltr">{before ?? none}</Typography.Text>
      <Typography.Text dir="ltr">{after}</Typography.Text>
    </Space>
  );
}

/**
 * The suppliers list's import from the third-party connector: the account's credentials are
 * previewed first (what each supplier holds now and after, whether its key is added or replaced,
 * and the connections with no supplier of the caller's), and written only once confirmed.
 */
export function ConnectorImport({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<{ accountId: string }>();
  const call = async (preview: boolean) => {
    const { accountId } = await form.validateFields();
    const answer = (await apiClient.post<{ data: unknown }>("/api/importActiveSuppliersFromTPC", { connector: "sandbox-tpc", accountId, preview })).data.data;
    return { accountId, answer: connectorImportSchema.parse(answer) };
  };
  const preview = useMutation({ mutationFn: () => call(true) });
  const apply = useMutation({ mutationFn: () => call(false) });
  const close = () => {
    setOpen(false);
    form.resetFields();
    preview.reset();
    apply.reset();
  };
  const importPlan = () =>
    apply.mutate(undefined, {
      onSuccess: ({ answer }) => {
        void message.success(t("admin.connectorImport.done", { count: answer.imported }));
        close();
        onImported();
      },
    });
  const plan = preview.data?.answer;
  const failure = preview.error ?? apply.error;

  return (
    <>
      <Button icon={<CloudDownloadOutlined />} onClick={() => setOpen(true)} data-testid="connector-import-button">{t("admin.connectorImport.button")}</Button>
      <Modal
        open={open}
        title={t("admin.connectorImport.title")}
        width={760}
        onCancel={close}
        okText={t("admin.connectorImport.confirm", { count: plan?.changes.length ?? 0 })}
        okButtonProps={{ disabled: !plan || plan.changes.length === 0, loading: apply.isPending, ...{ "data-testid": "connector-import-confirm" } }}
        onOk={importPlan}
        destroyOnHidden
      >
        <Typography.Paragraph type="secondary">{t("admin.connectorImport.intro")}</Typography.Paragraph>
        <Form form={form} layout="inline" onValuesChange={() => preview.reset()} onFinish={() => preview.mutate()} style={{ marginBottom: 16, rowGap: 8 }}>
          <Form.Item
            name="accountId"
            label={t("admin.connectorImport.account")}
            rules={[{ required: true, pattern: /^[A-Za-z0-9-]{3,40}$/, message: t("admin.connectorImport.accountRule") }]}
          >
            <Input dir="ltr" autoComplete="off" data-testid="connector-import-account" />
          </Form.Item>
          <Button htmlType="submit" loading={preview.isPending} data-testid="connector-import-preview">{t("admin.connectorImport.preview")}</Button>
        </Form>
        {failure && <Alert role="alert" type="error" showIcon message={t("admin.connectorImport.failed")} description={failure.message} style={{ marginBottom: 16 }} />}
        {plan && (
          <Space direction="vertical" style={{ width: "100%" }} data-testid="connector-import-plan">
            {plan.changes.length === 0 ? (
              <Alert type="info" showIcon message={t("admin.connectorImport.nothing")} />
            ) : (
              <ResponsiveTable<Change>
                rowKey="supplierId"
                size="small"
                pagination={false}
                scroll={{ x: true }}
                dataSource={plan.changes}
                data-testid="connector-import-changes"
                columns={[
                  { title: t("admin.connectorImport.supplier"), dataIndex: "supplierName", render: (name: string, change) => <Space direction="vertical" size={0}><span>{name}</span><Typography.Text type="secondary" dir="ltr">{change.supplierCode}</Typography.Text></Space> },
                  { title: t("resources.suppliers.endpointUrl"), render: (_, change) => <FieldChange {...change.endpointUrl} none={t("admin.connectorImport.none")} /> },
                  { title: t("resources.suppliers.username"), render: (_, change) => <FieldChange {...change.username} none={t("admin.connectorImport.none")} /> },
                  { title: t("resources.suppliers.apiKey"), render: (_, change) => <Tag color={KEY_COLOURS[change.apiKey]} data-testid={`connector-import-key-${change.supplierCode}`}>{t(`admin.connectorImport.key.${change.apiKey}`)}</Tag> },
                ]}
              />
            )}
            {plan.skipped.length > 0 && (
              <Alert type="warning" showIcon message={t("admin.connectorImport.skipped")} description={<span dir="ltr">{plan.skipped.join(", ")}</span>} data-testid="connector-import-skipped" />
            )}
          </Space>
        )}
      </Modal>
    </>
  );
}
