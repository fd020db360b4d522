import { Tag, Tooltip } from "antd";
import { useTranslation } from "react-i18next";
import type { ResourceField } from "../defineResource";
import { PermissionSummary } from "./PermissionGrid";
import { cellTone, cellValues, type CellLabels, type MoneyCurrency } from "./fieldValues";

/** Lists of many items show this many tags and a "+N" tag naming the rest. */
const SHOWN_TAGS = 4;

/**
 * A value as a list cell shows it: statuses and yes/no as coloured tags, lists (roles,
 * countries) as tags, money on one line; everything else as text.
 */
export function FieldValue({ field, value, currency, labels }: { field: ResourceField; value: unknown; currency: MoneyCurrency; labels: CellLabels }) {
  const { t } = useTranslation();
  if (field.control === "permissionGrid") return <PermissionSummary value={value} />;
  if (field.control === "image") return typeof value === "string" && value !== "" ? <img src={value} alt={t(field.labelKey)} style={{ maxHeight: 40, maxWidth: 160 }} /> : null;
  const values = cellValues(field, value, currency, labels);
  if (values.length === 0) return null;
  const tone = cellTone(field, value);
  if (tone) return <Tag color={tone}>{values[0]}</Tag>;
  if (field.type === "money") return <span style={{ whiteSpace: "nowrap" }}>{values[0]}</span>;
  if (field.type !== "multiselect") return <>{values[0]}</>;
  const rest = values.slice(SHOWN_TAGS);
  return (
    <span style={{ display: "inline-flex", flexWrap: "wrap", rowGap: 4 }}>
      {values.slice(0, SHOWN_TAGS).map((item, index) => (
        <Tag key={index}>{item}</Tag>
      ))}
      {rest.length > 0 && (
        <Tooltip title={rest.join(", ")}>
          <Tag>{t("admin.moreItems", { count: rest.length })}</Tag>
        </Tooltip>
      )}
    </span>
  );
}
