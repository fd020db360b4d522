import { Select } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { matchAirports } from "./airportMatch";
import { useAirports } from "./referenceQueries";
import "../i18n/bookingStrings";

type AirportSelectProps = {
  placeholder?: string;
  testId: string;
  id?: string;
} & ({ multiple?: false; value?: string; onChange?: (code: string | undefined) => void } | { multiple: true; value?: string[]; onChange?: (codes: string[]) => void });

/** An airport (or several) by IATA code, city or name, over the whole airport list. */
export function AirportSelect({ placeholder, testId, id, ...choice }: AirportSelectProps) {
  const { t } = useTranslation();
  const airports = useAirports();
  const [query, setQuery] = useState("");
  const options = useMemo(() => {
    const list = airports.data ?? [];
    const matches = matchAirports(list, query);
    // The chosen airports stay named whatever is typed.
    const chosen = choice.value === undefined ? [] : [choice.value].flat();
    for (const code of [...chosen].reverse()) {
      const selected = list.find((airport) => airport.iata === code);
      if (selected && !matches.includes(selected)) matches.unshift(selected);
    }
    return matches.map((airport) => ({
      value: airport.iata,
      label: `${airport.iata} · ${airport.city}`,
      title: `${airport.name}, ${airport.city}, ${airport.country}`,
      description: airport.name,
    }));
  }, [airports.data, query, choice.value]);

  return (
    <Select
      id={id}
      data-testid={testId}
      showSearch
      allowClear
      mode={choice.multiple ? "multiple" : undefined}
      value={choice.value}
      placeholder={placeholder}
      filterOption={false}
      {...(choice.multiple ? { searchValue: query } : {})}
      onSearch={setQuery}
      onChange={(picked: string | string[] | undefined) => {
        if (choice.multiple) {
          choice.onChange?.([picked ?? []].flat());
          setQuery("");
        } else choice.onChange?.(typeof picked === "string" ? picked : undefined);
      }}
      loading={airports.isPending}
      status={airports.isError ? "error" : undefined}
      notFoundContent={airports.isError ? t("booking.search.airportsUnavailable") : query ? t("booking.search.noAirport") : t("booking.search.typeAirport")}
      options={options}
      optionRender={(option) => (
        <div>
          <strong>{option.data.label}</strong>
          <div style={{ fontSize: 12, opacity: 0.7 }}>{option.data.description}</div>
        </div>
      )}
      style={{ width: "100%" }}
    />
  );
}
