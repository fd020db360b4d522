import { App, Card, Space, Typography } from "antd";
import { useTranslation } from "react-i18next";
import { POS_SHEET_COLUMNS, POS_SHEET_EXAMPLE } from "../../contract/posSheet";
import { SheetProblems, SheetUploadButtons, useSheetUpload } from "../../layout/sheetUpload";

const HEADER = [...POS_SHEET_COLUMNS];

/** Points of sale imported from Excel (section point-sales-management): the template, the upload, and every refused row. */
export function PosImportCard({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const sheet = useSheetUpload({
    endpoint: "/api/pos/upload-Exel-aws",
    onImported: (count) => {
      void message.success(t("pos.imported", { count }));
      onImported();
    },
  });
  return (
    <Card size="small" title={t("pos.import")} data-testid="pos-import">
      <Typography.Paragraph type="secondary">{t("pos.importHint")}</Typography.Paragraph>
      <SheetProblems sheet={sheet} testId="pos-upload-errors" />
      <Space wrap>
        <SheetUploadButtons
          sheet={sheet}
          testIdPrefix="pos"
          template={{ fileName: "points-of-sale-template.xlsx", sheetName: "Points of sale", header: HEADER, example: HEADER.map((column) => POS_SHEET_EXAMPLE[column]) }}
        />
      </Space>
    </Card>
  );
}
