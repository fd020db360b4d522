import { DownloadOutlined, UploadOutlined } from "@ant-design/icons";
import { useMutation } from "@tanstack/react-query";
import { Alert, Button, List, Upload } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { RowError } from "../contract/errors";
import { base64Of } from "../lib/base64";
import { download, XLSX_TYPE } from "../lib/download";
import { apiClient } from "../providers/apiClient";
import { ApiRequestError } from "../providers/ApiRequestError";
import { workbookBytes } from "../resources/ui/exportRows";

/** The problems row by row: of the server's 400 upload_invalid, or of a browser check's error carrying `rows`. */
function rowsOf(error: Error): RowError[] {
  if (error instanceof ApiRequestError) return (error.body as { rows?: RowError[] } | undefined)?.rows ?? [];
  return "rows" in error && Array.isArray(error.rows) ? (error.rows as RowError[]) : [];
}

type Progress = { checked: number; total: number } | { percent: number } | null;

interface SheetUploadOptions {
  /** The import call, answering `{data: {imported}}` or 400 with the problems row by row. */
  endpoint: string;
  /** Looks the workbook over first; throws an error whose `rows` say what it found. */
  check?: (content: ArrayBuffer, onProgress: (checked: number, total: number) => void) => Promise<void>;
  onImported: (count: number) => void;
}

/**
 * An Excel import, all or nothing: checked (in the browser when it can), sent with its progress,
 * and when refused, every problem kept row by row for the page to show.
 */
export function useSheetUpload({ endpoint, check, onImported }: SheetUploadOptions) {
  const [problem, setProblem] = useState<{ message: string; rows: RowError[] } | null>(null);
  const [progress, setProgress] = useState<Progress>(null);
  const upload = useMutation({
    mutationFn: async (file: File) => {
      const content = await file.arrayBuffer();
      await check?.(content, (checked, total) => setProgress({ checked, total }));
      setProgress({ percent: 0 });
      const sent = await apiClient.post<{ data: { imported: number } }>(endpoint, { b64: base64Of(content) }, {
        onUploadProgress: (event) => setProgress(event.total ? { percent: Math.round((event.loaded / event.total) * 100) } : null),
      });
      return sent.data.data;
    },
    onSuccess: (result) => {
      setProblem(null);
      onImported(result.imported);
    },
    onError: (error) => setProblem({ message: error.message, rows: rowsOf(error) }),
    onSettled: () => setProgress(null),
  });
  return { upload, progress, problem, dismiss: () => setProblem(null) };
}

type SheetUpload = ReturnType<typeof useSheetUpload>;

/** The template (its header row and an example row) and the upload button with its progress. */
export function SheetUploadButtons({ sheet, template, testIdPrefix }: { sheet: SheetUpload; template: { fileName: string; sheetName: string; header: string[]; example: string[] }; testIdPrefix: string }) {
  const { t } = useTranslation();
  const { progress, upload } = sheet;
  const downloadTemplate = async () => download(await workbookBytes(template.sheetName, { header: template.header, rows: [template.example] }), template.fileName, XLSX_TYPE);
  return (
    <>
      <Button icon={<DownloadOutlined />} onClick={() => void downloadTemplate()} data-testid={`${testIdPrefix}-template`}>{t("sheet.template")}</Button>
      <Upload accept=".xlsx" showUploadList={false} beforeUpload={(file) => (upload.mutate(file), false)}>
        <Button icon={<UploadOutlined />} loading={upload.isPending} data-testid={`${testIdPrefix}-upload`}>
          {progress === null
            ? t("sheet.upload")
            : "percent" in progress
              ? t("sheet.uploading", { percent: progress.percent })
              : t("sheet.checkingRows", { checked: progress.checked, total: progress.total })}
        </Button>
      </Upload>
    </>
  );
}

/** Why an upload was refused: each problem with its row and column. */
export function SheetProblems({ sheet, testId }: { sheet: SheetUpload; testId: string }) {
  const { t } = useTranslation();
  const { problem, dismiss } = sheet;
  if (!problem) return null;
  return (
    <Alert
      type="error"
      showIcon
      closable
      onClose={dismiss}
      message={problem.rows.length > 0 ? t("sheet.uploadFailed") : problem.message}
      description={
        problem.rows.length > 0 && (
          <List size="small" dataSource={problem.rows} renderItem={(error) => <List.Item>{error.row > 0 ? t("sheet.rowError", error) : error.message}</List.Item>} />
        )
      }
      style={{ marginBottom: 16 }}
      data-testid={testId}
    />
  );
}
