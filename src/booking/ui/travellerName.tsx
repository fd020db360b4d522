import { Form, type FormRule } from "antd";
import type { NamePath } from "antd/es/form/interface";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { HotelBooking } from "../../contract/hotels";
import type { Title } from "../../contract/travellerTitle";
import { FormSelect } from "../../layout/FormSelect";
import { choiceList } from "../../lib/displayText";
import { chosen } from "./chosenRule";

/** A title of the spec's list, or one a hotel booking kept from before it took that list. */
type ShownTitle = Title | NonNullable<HotelBooking["rooms"][number]["guests"][number]["title"]>;

/** A traveller's title in the interface language ("Mr." is the key "Mr"); none when the booking keeps none. */
export const titleLabel = (t: TFunction, title: ShownTitle | undefined): string => (title ? t(`booking.ui.titles.${title.replace(".", "")}`) : "");

/** "Mr. Omar Haddad", or the name alone when the booking kept no title. */
export const travellerName = (t: TFunction, traveller: { title?: ShownTitle; firstName: string; lastName: string }): string =>
  [titleLabel(t, traveller.title), traveller.firstName, traveller.lastName].filter((part) => part !== "").join(" ");

/**
 * The traveller's title, asked and never defaulted: only the titles that fit them are offered, and
 * one chosen before their date of birth changed is refused beside the field, saying which fit.
 */
export function TitleField({ name, titles, testId, dependencies }: { name: NamePath; titles: readonly Title[]; testId: string; /** Full paths of the fields the titles follow (a date of birth). */ dependencies?: NamePath[] }) {
  const { t, i18n } = useTranslation();
  const fits: FormRule = {
    validator: (_, value: Title | undefined) =>
      value === undefined || titles.includes(value)
        ? Promise.resolve()
        : Promise.reject(new Error(t("booking.ui.titleForAge", { titles: choiceList(i18n.language, titles.map((title) => titleLabel(t, title))) }))),
  };
  return (
    <Form.Item name={name} label={t("booking.ui.title")} required rules={[chosen(t("booking.ui.titleRequired")), fits]} dependencies={dependencies}>
      <FormSelect data-testid={testId} options={titles.map((title) => ({ value: title, label: titleLabel(t, title) }))} />
    </Form.Item>
  );
}
