import { DownloadOutlined, FilePdfOutlined } from "@ant-design/icons";
import { App, Button, Space } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";

export type ExportKind = "xlsx" | "pdf";

/** Reports how far an export has read: rows in hand of all there are. */
export type ExportProgress = (done: number, total: number) => void;

/**
 * Excel and PDF buttons for a whole result read page after page: the working one counts the rows
 * read so far, the other waits. `exportAs` saves the file and answers how many rows it holds.
 */
export function ExportButtons({ exportAs, disabled = false }: { exportAs: (kind: ExportKind, progress: ExportProgress) => Promise<number>; disabled?: boolean }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [exporting, setExporting] = useState<{ kind: ExportKind; done: number; total: number } | null>(null);
  const run = async (kind: ExportKind) => {
    setExporting({ kind, done: 0, total: 0 });
    try {
      const count = await exportAs(kind, (done, total) => setExporting({ kind, done, total }));
      void message.success(t("admin.exported", { count }));
    } catch (error) {
      void message.error(t("admin.exportFailed", { reason: error instanceof Error ? error.message : String(error) }));
    } finally {
      setExporting(null);
    }
  };
  return (
    <Space wrap>
      {(["xlsx", "pdf"] as const).map((kind) => (
        <Button
          key={kind}
          icon={kind === "xlsx" ? <DownloadOutlined /> : <FilePdfOutlined />}
          loading={exporting?.kind === kind}
          disabled={disabled || (exporting !== null && exporting.kind !== kind)}
          onClick={() => void run(kind)}
          data-testid={kind === "xlsx" ? "export-excel" : "export-pdf"}
        >
          {exporting?.kind === kind && exporting.total > 0 ? t("admin.exportProgress", { done: exporting.done, total: exporting.total }) : t(kind === "xlsx" ? "admin.exportExcel" : "admin.exportPdf")}
        </Button>
      ))}
    </Space>
  );
}
