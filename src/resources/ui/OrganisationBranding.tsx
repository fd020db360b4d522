import { useInvalidate, useOne } from "@refinedev/core";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, Space, Typography, Upload } from "antd";
import { UploadOutlined } from "@ant-design/icons";
import { useTranslation } from "react-i18next";
import { base64Of } from "../../lib/base64";
import { apiClient } from "../../providers/apiClient";

type Purpose = "logo" | "favicon";

/** Types the server keeps as images (server/uploads/fileKinds.ts); it checks the bytes, this only narrows the file picker. */
const IMAGE_TYPES = "image/png,image/jpeg,image/gif,image/webp,image/x-icon,image/vnd.microsoft.icon";

function BrandImage({ organisationId, purpose, current }: { organisationId: number; purpose: Purpose; current: string | null }) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const upload = useMutation({
    mutationFn: async (file: File) => apiClient.post("/api/upload-image-aws", { b64: base64Of(await file.arrayBuffer()), organisationId, purpose }),
    onSuccess: () => invalidate({ resource: "organisations", invalidates: ["list", "detail"], id: organisationId }),
  });
  const label = t(`admin.branding.${purpose}`);
  return (
    <Space direction="vertical" size={4} data-testid={`branding-${purpose}`}>
      <Typography.Text strong>{label}</Typography.Text>
      <Space align="center" wrap>
        {current ? <img src={current} alt={label} style={{ maxHeight: purpose === "logo" ? 48 : 32, maxWidth: 200 }} data-testid={`branding-${purpose}-image`} /> : <Typography.Text type="secondary">{t("admin.branding.none")}</Typography.Text>}
        <Upload
          accept={IMAGE_TYPES}
          showUploadList={false}
          beforeUpload={(file) => {
            upload.mutate(file);
            // The file goes through the API's own call, not antd's request.
            return false;
          }}
        >
          <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid={`branding-${purpose}-upload`}>
            {current ? t("admin.branding.replace") : t("admin.branding.upload")}
          </Button>
        </Upload>
      </Space>
      {upload.isError && <Alert type="error" showIcon role="alert" message={upload.error.message} />}
    </Space>
  );
}

/**
 * An organisation's logo and favicon, in its form: uploaded at once (each replaces the one
 * before), shown on its sign-in page (by its domain), in its users' header and on the documents
 * they print. A new organisation gets them once saved.
 */
export function OrganisationBranding({ recordId }: { recordId?: string }) {
  const { t } = useTranslation();
  const organisationId = recordId === undefined ? undefined : Number(recordId);
  const { query } = useOne<{ imageWebsite: string | null; favIcon: string | null }>({ resource: "organisations", id: recordId ?? "", queryOptions: { enabled: organisationId !== undefined } });
  if (organisationId === undefined) return <Typography.Paragraph type="secondary">{t("admin.branding.afterSave")}</Typography.Paragraph>;
  const record = query.data?.data;
  return (
    <fieldset style={{ border: 0, padding: 0, margin: "8px 0 16px" }}>
      <legend style={{ fontWeight: 600, marginBottom: 8 }}>{t("admin.branding.title")}</legend>
      <Space direction="vertical" size="middle">
        <BrandImage organisationId={organisationId} purpose="logo" current={record?.imageWebsite ?? null} />
        <BrandImage organisationId={organisationId} purpose="favicon" current={record?.favIcon ?? null} />
      </Space>
    </fieldset>
  );
}
