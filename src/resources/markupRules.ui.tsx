import { DeleteOutlined, EditOutlined, PlusOutlined } from "@ant-design/icons";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { Alert, App, Button, Card, Checkbox, Col, DatePicker, Drawer, Form, Input, InputNumber, Popconfirm, Radio, Row, Select, Space, Steps, Table, Tag, Typography } from "antd";
import type { NamePath } from "antd/es/form/interface";
import dayjs, { type Dayjs } from "dayjs";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { AIRLINE_FILTER_LETTERS, FARE_CODES, FARE_FAMILIES, INSURANCE_PLANS, PASSENGER_TYPES, TOUR_CODES } from "../config/referenceLists";
import type { MarkupRule } from "../contract/markup";
import { CABIN_CODES, TRIP_TYPE_CODES } from "../contract/shopping";
import { BOARD_BASES } from "../contract/hotels";
import { BOOKABLE_PRODUCTS } from "../contract/products";
import { ACTIVITY_CATEGORIES } from "../contract/activities";
import { createPersistedStore } from "../lib/createPersistedStore";
import { useStore } from "../lib/createStore";
import { apiClient } from "../providers/apiClient";
import { PriceSimulator } from "./PriceSimulator";
import { AirportSelect } from "../booking/search/AirportSelect";
import { useCountries } from "../booking/ui/useCountries";
import { emptyMarkupRule, markupRuleFormValues, toMarkupRuleBody, type MarkupRuleFormValues } from "./markupRuleForm";
import { worldOptions } from "../lib/worldNames";
import { MARKUP_SHEET_COLUMNS, MARKUP_SHEET_EXAMPLE } from "../contract/markupSheet";
import { checkMarkupSheet } from "./markupSheetCheck";
import { SheetProblems, SheetUploadButtons, useSheetUpload } from "../layout/sheetUpload";

const STEPS = ["head", "contentSource", "pointOfSale", "criteria", "rule"] as const;
const STEP_FIELDS: Record<(typeof STEPS)[number], string> = { head: "head", contentSource: "contentSource", pointOfSale: "pointOfSale", criteria: "criteria", rule: "rule" };
const ISO_DATE = "YYYY-MM-DD";
const PAGE_SIZE = 20;

/** Spec "Margin markup" (persisted): the unfinished wizard survives a reload. */
interface MarginMarkupDraft {
  editingId: number | null;
  step: number;
  values: MarkupRuleFormValues | null;
}
const NO_DRAFT: MarginMarkupDraft = { editingId: null, step: 0, values: null };
const draftStore = createPersistedStore<MarginMarkupDraft>(
  "marginMarkup",
  NO_DRAFT,
  (value): value is MarginMarkupDraft => typeof value === "object" && value !== null && typeof (value as MarginMarkupDraft).step === "number",
);

const dateField = {
  getValueProps: (value?: string | null) => ({ value: value ? dayjs(value) : null }),
  normalize: (value?: Dayjs | null) => value?.format(ISO_DATE) ?? null,
};
const rangeField = {
  getValueProps: (value?: { from: string; to: string } | null) => ({ value: value ? [dayjs(value.from), dayjs(value.to)] : null }),
  normalize: (value?: [Dayjs, Dayjs] | null) => (value ? { from: value[0].format(ISO_DATE), to: value[1].format(ISO_DATE) } : null),
};
const fieldName = (path: readonly (string | number)[]) => [...path] as unknown as NamePath<MarkupRuleFormValues>;
const list = <Item,>(path: string) => async () => (await apiClient.get<{ data: Item[] }>(path)).data.data;

/** Setup & configuration → Markup rules: list, five-step create/edit, delete, bulk upload, price simulator. */
export function MarkupRulesPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const draft = useStore(draftStore);
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<{ layer?: string; status?: string; name?: string }>({});
  const rules = useQuery({
    queryKey: ["markup-rules", page, filters],
    queryFn: async () => (await apiClient.get<{ data: MarkupRule[]; total: number }>("/api/markup-rules", { params: { page, pageSize: PAGE_SIZE, ...filters } })).data,
    placeholderData: (previous) => previous,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: ["markup-rules"] });
  const remove = useMutation({
    mutationFn: (id: number) => apiClient.delete(`/api/markup-rules/${id}`),
    onSuccess: () => {
      void message.success(t("markupRules.deleted"));
      void refresh();
    },
  });
  const sheet = useSheetUpload({
    endpoint: "/api/markup-bulk-upload",
    check: checkMarkupSheet,
    onImported: (count) => {
      void message.success(t("markupRules.imported", { count }));
      void refresh();
    },
  });
  const header = [...MARKUP_SHEET_COLUMNS];

  return (
    <Card
      title={<Typography.Title level={4} style={{ margin: 0 }}>{t("markupRules.title")}</Typography.Title>}
      extra={
        <Space wrap>
          <PriceSimulator />
          <SheetUploadButtons
            sheet={sheet}
            testIdPrefix="markup"
            template={{ fileName: "markup-rules-template.xlsx", sheetName: "Markup rules", header, example: header.map((column) => MARKUP_SHEET_EXAMPLE[column]) }}
          />
          <Button type="primary" icon={<PlusOutlined />} data-testid="markup-create" onClick={() => draftStore.set({ editingId: null, step: 0, values: emptyMarkupRule(dayjs().format(ISO_DATE), "KWD") })}>
            {t("markupRules.create")}
          </Button>
        </Space>
      }
    >
      <SheetProblems sheet={sheet} testId="markup-upload-errors" />
      <Space wrap style={{ marginBottom: 16 }}>
        <Select allowClear aria-label={t("markupRules.layer")} placeholder={t("markupRules.layer")} style={{ width: 160 }} value={filters.layer} onChange={(layer) => (setFilters({ ...filters, layer }), setPage(1))}
          options={["supplier", "agency"].map((layer) => ({ value: layer, label: t(`markupRules.layers.${layer}`) }))} />
        <Select allowClear aria-label={t("markupRules.status")} placeholder={t("markupRules.status")} style={{ width: 140 }} value={filters.status} onChange={(status) => (setFilters({ ...filters, status }), setPage(1))}
          options={[{ value: "1", label: t("markupRules.active") }, { value: "0", label: t("markupRules.inactive") }]} />
        <Input.Search allowClear aria-label={t("markupRules.name")} placeholder={t("markupRules.name")} style={{ width: 220 }} onSearch={(name) => (setFilters({ ...filters, name: name || undefined }), setPage(1))} />
      </Space>
      <Table<MarkupRule>
        data-testid="markup-table"
        rowKey="id"
        loading={rules.isFetching}
        dataSource={rules.data?.data ?? []}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: rules.data?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        scroll={{ x: true }}
        columns={[
          { title: t("markupRules.name"), render: (_, rule) => rule.head.name },
          { title: t("markupRules.product"), render: (_, rule) => t(`markupRules.products.${rule.product}`) },
          { title: t("markupRules.layer"), render: (_, rule) => t(`markupRules.layers.${rule.layer}`) },
          { title: t("markupRules.markup"), render: (_, rule) => (rule.rule.markupBy === "by_percentage" ? `${rule.rule.percentage}%` : markupRuleFormValues(rule).rule.amount + ` ${rule.rule.currency}`) },
          { title: t("markupRules.priority"), render: (_, rule) => rule.head.priority },
          { title: t("markupRules.valid"), render: (_, rule) => `${rule.head.validFrom} – ${rule.head.validTo ?? "…"}` },
          { title: t("markupRules.status"), render: (_, rule) => (rule.head.status === 1 ? <Tag color="green">{t("markupRules.active")}</Tag> : <Tag>{t("markupRules.inactive")}</Tag>) },
          {
            // The row actions of every administration list: labelled buttons, the same confirmation before a delete.
            key: "actions",
            title: t("table.actions"),
            render: (_, rule) => (
              <Space>
                <Button size="small" icon={<EditOutlined />} onClick={() => draftStore.set({ editingId: rule.id, step: 0, values: markupRuleFormValues(rule) })}>{t("buttons.edit")}</Button>
                <Popconfirm
                  title={t("markupRules.deleteConfirm", { name: rule.head.name })}
                  okText={t("buttons.delete")}
                  okButtonProps={{ danger: true }}
                  cancelText={t("buttons.cancel")}
                  onConfirm={() => remove.mutate(rule.id)}
                >
                  <Button size="small" danger icon={<DeleteOutlined />} data-testid={`markup-delete-${rule.id}`}>{t("buttons.delete")}</Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      {draft.values && <RuleWizard draft={draft} onSaved={() => void refresh()} />}
    </Card>
  );
}

/** Where the wizard lists a product's suppliers (the content sources its rules can name). */
const SUPPLIER_LISTS: Partial<Record<string, string>> = { hotel: "/api/get-hotel-suppliers", activity: "/api/get-activity-suppliers", insurance: "/api/get-insurance-suppliers" };

function RuleWizard({ draft, onSaved }: { draft: MarginMarkupDraft; onSaved: () => void }) {
  const { t, i18n } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MarkupRuleFormValues>();
  const [serverError, setServerError] = useState<string | null>(null);
  const markupBy = Form.useWatch(["rule", "markupBy"], form) ?? draft.values?.rule.markupBy;
  const product = Form.useWatch("product", form) ?? draft.values?.product ?? "flight";
  const [cityQuery, setCityQuery] = useState("");
  const suppliers = useQuery({
    queryKey: ["reference", "supplier-list", product],
    queryFn: list<{ code: string; name: string }>(SUPPLIER_LISTS[product] ?? "/api/get-supplier-list"),
  });
  const cities = useQuery({
    queryKey: ["reference", "cities", cityQuery],
    queryFn: list<{ id: string; name: string; countryName: string }>(`/api/get-city-list?limit=20&q=${encodeURIComponent(cityQuery)}`),
    enabled: product === "hotel" || product === "activity",
  });
  const organisations = useQuery({ queryKey: ["reference", "organisation-list"], queryFn: list<{ id: number; name: string }>("/api/get-organization-list") });
  const markets = useQuery({ queryKey: ["reference", "markets"], queryFn: list<{ code: string; name: string }>("/api/markets?pageSize=200") });
  const countries = useCountries();
  const airlines = useQuery({ queryKey: ["reference", "airlines"], queryFn: list<{ code: string; name: string }>("/api/get-airlines-list") });
  const close = () => draftStore.set(NO_DRAFT);
  const keep = () => draftStore.set((current) => ({ ...current, values: form.getFieldsValue(true) as MarkupRuleFormValues }));
  const goTo = (step: number) => {
    keep();
    draftStore.set((current) => ({ ...current, step }));
  };
  /** Next checks the step being left: its mistakes show beside their fields, and the wizard stays. */
  const next = () => {
    const result = toMarkupRuleBody(form.getFieldsValue(true) as MarkupRuleFormValues);
    const here = result.ok ? [] : result.errors.filter((error) => error.path[0] === STEP_FIELDS[STEPS[draft.step]!]);
    form.setFields(here.map((error) => ({ name: fieldName(error.path), errors: [error.message] })));
    if (here.length === 0) goTo(draft.step + 1);
  };

  const save = useMutation({
    mutationFn: async () => {
      const result = toMarkupRuleBody(form.getFieldsValue(true) as MarkupRuleFormValues);
      if (!result.ok) {
        form.setFields(result.errors.map((error) => ({ name: fieldName(error.path), errors: [error.message] })));
        const first = STEPS.findIndex((step) => STEP_FIELDS[step] === result.errors[0]!.path[0]);
        if (first >= 0) goTo(first);
        throw new Error(t("markupRules.fix"));
      }
      return draft.editingId === null ? apiClient.post("/api/markup-rules", result.body) : apiClient.put(`/api/markup-rules/${draft.editingId}`, result.body);
    },
    onSuccess: () => {
      void message.success(t("markupRules.saved"));
      close();
      onSaved();
    },
    onError: (error) => setServerError(error.message),
  });

  const options = <Item,>(items: Item[] | undefined, value: (item: Item) => string | number, label: (item: Item) => string) =>
    (items ?? []).map((item) => ({ value: value(item), label: label(item) }));
  const many = (name: (string | number)[], label: string, choices: { value: string | number; label: string }[], testId?: string) => (
    <Form.Item name={name} label={label} extra={t("markupRules.anyWhenEmpty")}>
      <Select mode="multiple" allowClear optionFilterProp="label" options={choices} data-testid={testId} />
    </Form.Item>
  );
  const codes = (values: readonly string[]) => values.map((value) => ({ value, label: value }));

  return (
    <Drawer open width={760} title={draft.editingId === null ? t("markupRules.create") : t("markupRules.edit")} onClose={() => (keep(), close())} destroyOnHidden data-testid="markup-wizard"
      extra={<Typography.Text type="secondary">{t("markupRules.draftKept")}</Typography.Text>}>
      <Steps size="small" current={draft.step} onChange={goTo} items={STEPS.map((step) => ({ title: t(`markupRules.steps.${step}`) }))} style={{ marginBottom: 24 }} />
      <Form form={form} layout="vertical" initialValues={draft.values ?? undefined} onValuesChange={keep} preserve>
        <div style={{ display: draft.step === 0 ? "block" : "none" }}>
          <Form.Item name="product" label={t("markupRules.product")} extra={t("markupRules.productHint")}>
            <Radio.Group data-testid="markup-product" options={BOOKABLE_PRODUCTS.map((kind) => ({ value: kind, label: t(`markupRules.products.${kind}`) }))} />
          </Form.Item>
          <Form.Item name="layer" label={t("markupRules.layer")}>
            <Radio.Group options={["supplier", "agency"].map((layer) => ({ value: layer, label: t(`markupRules.layers.${layer}`) }))} />
          </Form.Item>
          <Form.Item name={["head", "name"]} label={t("markupRules.name")} required><Input data-testid="markup-name" /></Form.Item>
          <Row gutter={12}>
            <Col span={6}><Form.Item name={["head", "status"]} label={t("markupRules.status")}><Select options={[{ value: 1, label: t("markupRules.active") }, { value: 0, label: t("markupRules.inactive") }]} /></Form.Item></Col>
            <Col span={6}><Form.Item name={["head", "priority"]} label={t("markupRules.priority")} required><InputNumber min={1} precision={0} style={{ width: "100%" }} /></Form.Item></Col>
            <Col span={6}><Form.Item name={["head", "validFrom"]} label={t("markupRules.validFrom")} required {...dateField}><DatePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
            <Col span={6}><Form.Item name={["head", "validTo"]} label={t("markupRules.validTo")} {...dateField}><DatePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
          </Row>
        </div>
        <div style={{ display: draft.step === 1 ? "block" : "none" }}>
          {many(["contentSource", "supplierIds"], t("markupRules.suppliers"), options(suppliers.data, (supplier) => supplier.code, (supplier) => supplier.name))}
        </div>
        <div style={{ display: draft.step === 2 ? "block" : "none" }}>
          {many(["pointOfSale", "organisationIds"], t("markupRules.organisations"), options(organisations.data, (organisation) => organisation.id, (organisation) => organisation.name))}
          <Form.Item name={["pointOfSale", "includeSubtree"]} valuePropName="checked"><Checkbox>{t("markupRules.includeSubtree")}</Checkbox></Form.Item>
          {many(["pointOfSale", "markets"], t("markupRules.markets"), options(markets.data, (market) => market.code, (market) => `${market.code} · ${market.name}`))}
          {many(["pointOfSale", "countries"], t("markupRules.countries"), options(countries.data, (country) => country.code, (country) => country.name))}
        </div>
        <div style={{ display: draft.step === 3 && product === "hotel" ? "block" : "none" }} data-testid="markup-hotel-criteria">
          <Row gutter={12}>
            <Col span={12}>{many(["hotel", "countries"], t("markupRules.hotel.countries"), options(countries.data, (country) => country.code, (country) => country.name))}</Col>
            <Col span={12}>
              <Form.Item name={["hotel", "cities"]} label={t("markupRules.hotel.cities")} extra={t("markupRules.anyWhenEmpty")}>
                <Select mode="multiple" allowClear showSearch filterOption={false} onSearch={setCityQuery} options={options(cities.data, (city) => city.id, (city) => `${city.name}, ${city.countryName}`)} />
              </Form.Item>
            </Col>
            <Col span={12}>{many(["hotel", "starRatings"], t("markupRules.hotel.stars"), [5, 4, 3, 2, 1].map((stars) => ({ value: stars, label: "★".repeat(stars) })))}</Col>
            <Col span={12}>{many(["hotel", "boardBases"], t("markupRules.hotel.boards"), BOARD_BASES.map((board) => ({ value: board, label: t(`markupRules.hotel.board.${board}`) })))}</Col>
            <Col span={12}>
              <Form.Item name={["hotel", "refundable"]} label={t("markupRules.hotel.refundable")}>
                <Radio.Group options={[{ value: null, label: t("markupRules.hotel.either") }, { value: true, label: t("markupRules.hotel.refundableOnly") }, { value: false, label: t("markupRules.hotel.nonRefundableOnly") }]} />
              </Form.Item>
            </Col>
            <Col span={12}><Form.Item name={["criteria", "travelDates"]} label={t("markupRules.hotel.stayDates")} {...rangeField}><DatePicker.RangePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
          </Row>
        </div>
        <div style={{ display: draft.step === 3 && product === "activity" ? "block" : "none" }} data-testid="markup-activity-criteria">
          <Row gutter={12}>
            <Col span={12}>{many(["activity", "countries"], t("markupRules.activity.countries"), options(countries.data, (country) => country.code, (country) => country.name))}</Col>
            <Col span={12}>
              <Form.Item name={["activity", "cities"]} label={t("markupRules.activity.cities")} extra={t("markupRules.anyWhenEmpty")}>
                <Select mode="multiple" allowClear showSearch filterOption={false} onSearch={setCityQuery} options={options(cities.data, (city) => city.id, (city) => `${city.name}, ${city.countryName}`)} />
              </Form.Item>
            </Col>
            <Col span={12}>{many(["activity", "categories"], t("markupRules.activity.categories"), ACTIVITY_CATEGORIES.map((category) => ({ value: category, label: t(`markupRules.activity.category.${category}`) })))}</Col>
            <Col span={12}><Form.Item name={["criteria", "travelDates"]} label={t("markupRules.activity.dates")} {...rangeField}><DatePicker.RangePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
          </Row>
        </div>
        <div style={{ display: draft.step === 3 && product === "insurance" ? "block" : "none" }} data-testid="markup-insurance-criteria">
          <Row gutter={12}>
            <Col span={12}>{many(["insurance", "plans"], t("markupRules.insurance.plans"), INSURANCE_PLANS.slice(1).map((plan) => ({ value: plan.code, label: `${plan.code} ${plan.label}` })))}</Col>
            <Col span={12}>{many(["insurance", "products"], t("markupRules.insurance.products"), [{ value: "020107", label: t("markupRules.insurance.individual") }, { value: "020108", label: t("markupRules.insurance.family") }])}</Col>
            <Col span={12}>{many(["insurance", "destinations"], t("markupRules.insurance.destinations"), options(countries.data, (country) => country.code, (country) => country.name))}</Col>
            <Col span={12}><Form.Item name={["criteria", "travelDates"]} label={t("markupRules.insurance.tripDates")} {...rangeField}><DatePicker.RangePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
          </Row>
        </div>
        <div style={{ display: draft.step === 3 && product === "flight" ? "block" : "none" }}>
          {many(["criteria", "airlines"], t("markupRules.airlines"), options(airlines.data, (airline) => airline.code, (airline) => `${airline.code} · ${airline.name}`))}
          <Row gutter={12}>
            <Col span={12}>{many(["criteria", "cabins"], t("markupRules.cabins"), codes(CABIN_CODES))}</Col>
            <Col span={12}>{many(["criteria", "bookingClasses"], t("markupRules.bookingClasses"), codes(AIRLINE_FILTER_LETTERS.slice(1)))}</Col>
            <Col span={12}>{many(["criteria", "tripTypes"], t("markupRules.tripTypes"), codes(TRIP_TYPE_CODES))}</Col>
            <Col span={12}>{many(["criteria", "passengerTypes"], t("markupRules.passengerTypes"), codes(PASSENGER_TYPES.slice(1)))}</Col>
            {(["origin", "destination"] as const).map((end) => (
              <Col span={12} key={`${end}-airports`}>
                <Form.Item name={["criteria", end, "airports"]} label={t(`markupRules.${end}Airports`)} extra={t("markupRules.anyWhenEmpty")}>
                  <AirportSelect multiple testId={`markup-${end}-airports`} />
                </Form.Item>
              </Col>
            ))}
            {(["origin", "destination"] as const).map((end) => (
              <Col span={12} key={`${end}-countries`}>{many(["criteria", end, "countries"], t(`markupRules.${end}Countries`), options(countries.data, (country) => country.code, (country) => country.name), `markup-${end}-countries`)}</Col>
            ))}
            <Col span={12}>{many(["criteria", "fareFamilies"], t("markupRules.fareFamilies"), FARE_FAMILIES.map((family) => ({ value: family.code, label: `${family.code} ${family.label}` })))}</Col>
            <Col span={12}>{many(["criteria", "fareCodes"], t("markupRules.fareCodes"), FARE_CODES.map((code) => ({ value: code.code, label: `${code.code} ${code.label}` })))}</Col>
            <Col span={12}>{many(["criteria", "tourCodes"], t("markupRules.tourCodes"), codes(TOUR_CODES))}</Col>
            <Col span={12}><Form.Item name={["criteria", "travelDates"]} label={t("markupRules.travelDates")} {...rangeField}><DatePicker.RangePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
            <Col span={12}><Form.Item name={["criteria", "bookingDates"]} label={t("markupRules.bookingDates")} {...rangeField}><DatePicker.RangePicker format={ISO_DATE} style={{ width: "100%" }} /></Form.Item></Col>
          </Row>
        </div>
        <div style={{ display: draft.step === 4 ? "block" : "none" }}>
          <Form.Item name={["rule", "markupBy"]} label={t("markupRules.markupBy")}>
            <Radio.Group options={[{ value: "by_percentage", label: t("markupRules.byPercentage") }, { value: "by_amount", label: t("markupRules.byAmount") }]} data-testid="markup-by" />
          </Form.Item>
          <Row gutter={12}>
            <Col span={8}><Form.Item name={["rule", "currency"]} label={t("markupRules.currency")} required><Select showSearch optionFilterProp="label" popupMatchSelectWidth={false} options={worldOptions(i18n.language).currencies} data-testid="markup-currency" /></Form.Item></Col>
            <Col span={8}>
              <Form.Item name={["rule", "appliesPer"]} label={t("markupRules.appliesPer")}>
                <Select options={[{ value: "passenger", label: t("markupRules.perPassenger") }, { value: "booking", label: t("markupRules.perBooking") }]} />
              </Form.Item>
            </Col>
            {markupBy === "by_amount" ? (
              <Col span={8}><Form.Item name={["rule", "amount"]} label={t("markupRules.amount")} required><Input inputMode="decimal" data-testid="markup-amount" /></Form.Item></Col>
            ) : (
              <>
                <Col span={8}><Form.Item name={["rule", "percentage"]} label={t("markupRules.percentage")} required><Input inputMode="decimal" suffix="%" data-testid="markup-percentage" /></Form.Item></Col>
                <Col span={8}><Form.Item name={["rule", "minimum"]} label={t("markupRules.minimum")}><Input inputMode="decimal" /></Form.Item></Col>
                <Col span={8}><Form.Item name={["rule", "maximum"]} label={t("markupRules.maximum")}><Input inputMode="decimal" /></Form.Item></Col>
              </>
            )}
          </Row>
        </div>
      </Form>
      {save.isError && serverError && <Alert type="error" showIcon message={serverError} style={{ marginBottom: 12 }} />}
      <Space>
        {draft.step > 0 && <Button onClick={() => goTo(draft.step - 1)}>{t("markupRules.back")}</Button>}
        {draft.step < STEPS.length - 1 ? (
          <Button type="primary" onClick={next} data-testid="markup-next">{t("markupRules.next")}</Button>
        ) : (
          <Button type="primary" loading={save.isPending} onClick={() => save.mutate()} data-testid="markup-save">{t("markupRules.save")}</Button>
        )}
      </Space>
    </Drawer>
  );
}
