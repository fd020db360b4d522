import { CheckCircleOutlined, UploadOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Button, Space, Typography, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { bookingApi } from "../api/bookingApi";

/** One document: uploaded now (checked by content on the server), kept by its stored name. */
export function DocumentUpload({ value, onChange, testId, photo = false }: { value?: string; onChange?: (name: string) => void; testId: string; /** A photo: JPG only. */ photo?: boolean }) {
  const { t } = useTranslation();
  const [error, setError] = useState<string | null>(null);
  const upload = useMutation({ mutationFn: (file: File) => bookingApi.uploadFile(file), onSuccess: (name) => (setError(null), onChange?.(name)), onError: (failure) => setError(failure.message) });
  return (
    <Space direction="vertical" size={0} data-testid={testId}>
      <Upload accept={photo ? ".jpg,.jpeg" : ".pdf,.jpg,.jpeg"} showUploadList={false} customRequest={({ file }) => upload.mutate(file as File)}>
        <Button icon={value ? <CheckCircleOutlined /> : <UploadOutlined />} loading={upload.isPending}>{value ? t("booking.visa.apply.uploaded") : photo ? t("booking.visa.apply.uploadPhoto") : t("booking.visa.apply.upload")}</Button>
      </Upload>
      {error && <Typography.Text type="danger">{t("booking.visa.apply.uploadFailed", { message: error })}</Typography.Text>}
    </Space>
  );
}

