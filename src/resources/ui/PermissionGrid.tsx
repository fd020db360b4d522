import { Checkbox, Switch, Table, Tag } from "antd";
import { useTranslation } from "react-i18next";
import { MENU_SECTIONS, type MenuSection } from "../../contract/menu";
import { PERMISSION_ACTIONS, QUOTING_TOOL_PERMISSION } from "../roles";

type Action = (typeof PERMISSION_ACTIONS)[number];

const code = (section: MenuSection, action: Action) => `${section}:${action}`;

/** The sections a set of grants opens, each with the actions it allows. */
export function grantedSections(grants: readonly string[]): { section: MenuSection; actions: Action[] }[] {
  return MENU_SECTIONS.flatMap((section) => {
    const actions = PERMISSION_ACTIONS.filter((action) => grants.includes(code(section, action)));
    return actions.length > 0 ? [{ section, actions }] : [];
  });
}

/** A role's grants as a grid: a row per menu section, a check per action, and the quoting-tool switch. */
export function PermissionGrid({ value, onChange }: { value?: unknown; onChange?: (value: string[]) => void }) {
  const { t } = useTranslation();
  const grants = Array.isArray(value) ? value.map(String) : [];
  const has = (grant: string) => grants.includes(grant);
  const set = (changed: readonly string[], on: boolean) => {
    const rest = grants.filter((grant) => !changed.includes(grant));
    onChange?.(on ? [...rest, ...changed] : rest);
  };
  const sectionName = (section: MenuSection) => t(`menu.sections.${section}`);
  return (
    <div data-testid="permission-grid">
      <Table
        size="small"
        pagination={false}
        rowKey="section"
        dataSource={MENU_SECTIONS.map((section) => ({ section }))}
        columns={[
          { key: "section", title: t("admin.section"), render: (_, { section }) => sectionName(section) },
          ...PERMISSION_ACTIONS.map((action) => ({
            key: action,
            title: t(`admin.actions.${action}`),
            align: "center" as const,
            onHeaderCell: () => ({ style: { textTransform: "capitalize" as const } }),
            render: (_: unknown, { section }: { section: MenuSection }) => (
              <Checkbox
                checked={has(code(section, action))}
                aria-label={`${sectionName(section)}: ${t(`admin.actions.${action}`)}`}
                // Without view a section is not in the menu at all: other actions bring it along, and taking it away takes them.
                onChange={(event) =>
                  set(
                    event.target.checked ? [code(section, action), code(section, "view")] : action === "view" ? PERMISSION_ACTIONS.map((each) => code(section, each)) : [code(section, action)],
                    event.target.checked,
                  )
                }
              />
            ),
          })),
          {
            key: "all",
            title: t("admin.allActions"),
            align: "center" as const,
            render: (_: unknown, { section }: { section: MenuSection }) => {
              const count = PERMISSION_ACTIONS.filter((action) => has(code(section, action))).length;
              return (
                <Checkbox
                  checked={count === PERMISSION_ACTIONS.length}
                  indeterminate={count > 0 && count < PERMISSION_ACTIONS.length}
                  aria-label={t("admin.allActionsOf", { section: sectionName(section) })}
                  onChange={(event) => set(PERMISSION_ACTIONS.map((action) => code(section, action)), event.target.checked)}
                />
              );
            },
          },
        ]}
      />
      <label style={{ display: "flex", alignItems: "center", gap: 8, marginTop: 12 }}>
        <Switch checked={has(QUOTING_TOOL_PERMISSION)} onChange={(on) => set([QUOTING_TOOL_PERMISSION], on)} data-testid="permission-quoting-tool" />
        {t("admin.quotingTool")}
      </label>
    </div>
  );
}

/** A role's grants in a list cell: the sections it opens as tags, the quoting tool among them. */
export function PermissionSummary({ value }: { value: unknown }) {
  const { t } = useTranslation();
  const grants = Array.isArray(value) ? value.map(String) : [];
  const sections = grantedSections(grants);
  return (
    <span style={{ display: "inline-flex", flexWrap: "wrap", rowGap: 4 }} data-testid="permission-summary">
      {sections.map(({ section, actions }) => (
        <Tag key={section} title={actions.map((action) => t(`admin.actions.${action}`)).join(", ")}>
          {t(`menu.sections.${section}`)}
          {actions.length < PERMISSION_ACTIONS.length ? ` (${actions.length}/${PERMISSION_ACTIONS.length})` : ""}
        </Tag>
      ))}
      {grants.includes(QUOTING_TOOL_PERMISSION) && <Tag color="processing">{t("admin.quotingTool")}</Tag>}
    </span>
  );
}
