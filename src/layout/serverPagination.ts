import type { TFunction } from "i18next";
import type { TablePaginationConfig } from "antd";

/** Pages read from the server: "N records", a page size of 10/20/50/100, the page and size chosen handed back. */
export function serverPagination(
  t: TFunction,
  { page, pageSize, total, onChange }: { page: number; pageSize: number; total: number; onChange: (page: number, pageSize: number) => void },
): TablePaginationConfig {
  return {
    current: page,
    pageSize,
    total,
    showSizeChanger: true,
    pageSizeOptions: [10, 20, 50, 100],
    showTotal: (count) => t("admin.total", { count }),
    onChange,
  };
}
